"""The command line: exit codes, error documents, batches, the input cap, a Python without site-packages,
and no traceback whatever comes in."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seating.cli import MAX_INPUT_BYTES, main
from tests.seating.seating_examples import EXAMPLES

ROOT = Path(__file__).resolve().parents[2]

DRAW = {
    "players": [{"id": f"p{i}", "school": f"S{i % 3}", "points": i % 5} for i in range(1, 18)],
    "history": [[["p1", "p2", "p3", "p4"]]],
    "table_size": {"max": 4, "min": 3},
    "mode": "random",
    "rounds": 1,
    "seed": 7,
}
REPAIR = {
    "players": [{"id": f"p{i}"} for i in range(9)],
    "current": [["p0", "p1", "p2", "p3"], ["p4", "p5", "p6", "p7"]],
    "withdrawn": ["p1"],
    "added": ["p8"],
    "table_size": {"max": 4, "min": 3},
    "seed": 1,
}
REPORT = {
    "players": [{"id": f"p{i}"} for i in range(8)],
    "rounds": [[["p0", "p1", "p2", "p3"], ["p4", "p5", "p6", "p7"]]],
    "history": [[["p0", "p1", "p4", "p5"], ["p2", "p3", "p6", "p7"]]],
    "table_size": {"max": 4, "min": 3},
}
REPORT_KEYS = {
    "players",
    "rounds",
    "same_school_pairs",
    "same_school_pairs_min",
    "repeat_pairs",
    "max_meetings",
    "consecutive_repeats",
    "repeat_cost",
    "tables_by_size",
    "first_seats",
    "sizes_ok",
    "by_round",
}


def run(command: str, document: Any = None, *, raw: bytes | None = None) -> tuple[Any, int]:
    out = io.BytesIO()
    stdin = io.BytesIO(raw if raw is not None else json.dumps(document).encode())
    code = main([command], stdin=stdin, stdout=out)
    return json.loads(out.getvalue()), code


def test_draw_answers_rounds_the_seed_and_the_report():
    answer, code = run("draw", DRAW)
    assert code == 0
    assert set(answer) == {"rounds", "seed", "report"}
    assert answer["seed"] == 7
    assert [len(t) for t in answer["rounds"][0]] == [4, 4, 3, 3, 3]
    assert set(answer["report"]) == REPORT_KEYS
    assert answer["report"]["tables_by_size"] == [{"4": 2, "3": 3}]
    assert answer["report"]["same_school_pairs"] == answer["report"]["same_school_pairs_min"]
    assert answer["report"]["first_seats"]["spread"] == 1


def test_a_draw_without_a_seed_reports_one_that_draws_it_again():
    first, _ = run("draw", {**DRAW, "seed": None})
    again, _ = run("draw", {**DRAW, "seed": first["seed"]})
    assert first == again


def test_repair_answers_tables_moves_and_the_report():
    answer, code = run("repair", REPAIR)
    assert code == 0
    assert answer["tables"] == [["p0", "p8", "p2", "p3"], ["p4", "p5", "p6", "p7"]]
    assert answer["moves"] == [{"player": "p8", "from": None, "to": [0, 1]}]
    assert answer["moves_minimal"] is True
    assert answer["seed"] == 1
    assert answer["report"]["by_round"][0]["unseated"] == ["p1"]


def test_report_answers_the_report_alone():
    answer, code = run("report", REPORT)
    assert code == 0
    assert set(answer) == {"report"}
    assert answer["report"]["repeat_pairs"] == 4
    assert answer["report"]["consecutive_repeats"] == 4


def test_a_batch_answers_in_order_with_errors_in_place_and_exit_2():
    answers, code = run("draw", [DRAW, {**DRAW, "mode": "swiss"}, {**DRAW, "seed": 8}])
    assert code == 2
    assert answers[0] == run("draw", DRAW)[0]
    assert answers[1] == {
        "error": {"code": "bad-mode", "message": answers[1]["error"]["message"], "field": "mode"}
    }
    assert "rounds" in answers[2]
    assert run("report", []) == ([], 0)


@pytest.mark.parametrize(
    "command, document, raw, code",
    [
        ("draw", None, b"{not json", "bad-json"),
        ("draw", None, b"", "bad-json"),
        ("draw", None, b"\xff\xfe", "bad-json"),
        ("draw", None, b'{"a": NaN}', "bad-json"),
        ("draw", None, b"[" * 100000, "bad-json"),
        ("shuffle", {}, None, "unknown-command"),
        ("draw", "players", None, "bad-input"),
        ("draw", {**DRAW, "extra": 1}, None, "bad-input"),
        ("draw", {**DRAW, "players": [{"id": 3}]}, None, "bad-player-id"),
        ("draw", {**DRAW, "players": [{"id": "a", "points": "1"}]}, None, "bad-points"),
        (
            "draw",
            None,
            b'{"players": [{"id": "a", "points": 1e400}], "table_size": {"max": 4, "min": 3}}',
            "bad-points",
        ),
        ("draw", {**DRAW, "table_size": {"max": 4}}, None, "bad-table-size"),
        ("draw", {**DRAW, "table_size": {"max": 3, "min": 4}}, None, "bad-table-size"),
        ("draw", {**DRAW, "rounds": True}, None, "bad-rounds"),
        ("draw", {**DRAW, "rounds": 0}, None, "bad-rounds"),
        ("draw", {**DRAW, "seed": "7"}, None, "bad-seed"),
        ("draw", {**DRAW, "history": [[["p1", "nobody"]]]}, None, "unknown-player"),
        ("draw", {**DRAW, "players": DRAW["players"][:5]}, None, "impossible-sizes"),
        ("repair", {**REPAIR, "withdrawn": ["p8"], "added": []}, None, "not-seated"),
        ("report", {**REPORT, "rounds": None}, None, "bad-input"),
    ],
)
def test_bad_input_is_a_json_error_with_exit_2(command, document, raw, code):
    answer, exit_code = run(command, document, raw=raw)
    assert exit_code == 2
    assert answer["error"]["code"] == code
    assert isinstance(answer["error"]["message"], str)
    assert answer["error"]["message"]


def test_input_above_the_cap_is_refused_unread():
    raw = b'{"players": [' + b" " * MAX_INPUT_BYTES + b"]}"
    answer, code = run("draw", raw=raw)
    assert (answer["error"]["code"], code) == ("too-large", 2)


def test_help_lists_the_commands():
    out = io.BytesIO()
    assert main(["--help"], stdout=out) == 0
    assert b"draw, repair, report" in out.getvalue()


def bare_python(args: list[str], stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    """`python -S -E`: no site-packages at all (no Django, no hypothesis), no PYTHON* variables."""
    return subprocess.run(
        [sys.executable, "-S", "-E", *args],
        input=stdin,
        cwd=ROOT,
        capture_output=True,
        timeout=120,
        check=False,
    )


def test_the_command_line_runs_on_a_python_without_site_packages():
    for command, document in (("draw", DRAW), ("repair", REPAIR), ("report", REPORT)):
        finished = bare_python(["-m", "seating", command], json.dumps([document]).encode())
        assert finished.returncode == 0, finished.stderr
        assert finished.stderr == b""
        assert json.loads(finished.stdout) == [run(command, document)[0]]


def test_the_engine_imports_nothing_outside_the_standard_library():
    probe = (
        "import seating, seating.cli, sys; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'hypothesis', 'scoring'}))"
    )
    finished = bare_python(["-c", probe], b"")
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.strip() == b"[]"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)
fuzz = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _assert_contract(answer: Any, code: int) -> None:
    assert code in (0, 2), answer
    for item in answer if isinstance(answer, list) else [answer]:
        if "error" in item:
            assert set(item["error"]) <= {"code", "message", "field"}
            assert item["error"]["code"] != "internal-error"
            assert code == 2


@fuzz
@given(st.sampled_from(["draw", "repair", "report"]), json_values)
def test_no_json_value_makes_a_traceback(command, document):
    _assert_contract(*run(command, document))


def _mutations(base: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    keys = st.sampled_from(sorted(base))
    return st.builds(lambda key, value: {**base, key: value}, keys, json_values)


@fuzz
@given(
    st.sampled_from([("draw", DRAW), ("repair", REPAIR), ("report", REPORT)]).flatmap(
        lambda pair: st.tuples(st.just(pair[0]), _mutations(pair[1]))
    )
)
def test_no_damaged_document_makes_a_traceback(case):
    command, document = case
    _assert_contract(*run(command, document))


@fuzz
@given(st.binary(max_size=200))
def test_no_bytes_make_a_traceback(raw):
    _assert_contract(*run("draw", raw=raw))


@pytest.mark.parametrize("command, document, answer", EXAMPLES, ids=[c for c, _, _ in EXAMPLES])
def test_the_documented_examples_answer_as_documented(command, document, answer):
    assert run(command, document) == (answer, 0)


def _documented(command: str) -> tuple[Any, Any]:
    """The input and answer printed under the command's heading in docs/seating.md."""
    text = (ROOT / "docs" / "seating.md").read_text(encoding="utf-8")
    section = text.split(f"### `{command}`", 1)[1]
    blocks = [block.split("```", 1)[0] for block in section.split("```json\n")[1:3]]
    return json.loads(blocks[0]), json.loads(blocks[1])


@pytest.mark.parametrize("command", ["draw", "repair"])
def test_the_documentation_prints_what_the_engine_answers(command):
    document, answer = _documented(command)
    assert run(command, document) == (answer, 0)
