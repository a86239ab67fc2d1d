"""The command line: the worked examples, batch mode, errors as JSON, and a Python without site-packages."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.cli import main
from tests.scoring.engine_examples import EXAMPLES

ROOT = Path(__file__).resolve().parents[2]


def run(command: str, document: Any, *, raw: bytes | None = None) -> tuple[Any, int]:
    out = io.BytesIO()
    stdin = io.BytesIO(raw if raw is not None else json.dumps(document).encode())
    code = main([command], stdin=stdin, stdout=out)
    return json.loads(out.getvalue()), code


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


@pytest.mark.parametrize(
    "command, document, expected", EXAMPLES, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(EXAMPLES)]
)
def test_worked_examples(command, document, expected):
    assert run(command, document) == (expected, 0)


def test_worked_examples_in_one_batch_with_a_python_without_site_packages():
    by_command: dict[str, list[tuple[dict, dict]]] = {}
    for command, document, expected in EXAMPLES:
        by_command.setdefault(command, []).append((document, expected))
    for command, cases in by_command.items():
        finished = bare_python(["-m", "scoring", command], json.dumps([d for d, _ in cases]).encode())
        assert finished.returncode == 0, finished.stderr
        assert finished.stderr == b""
        assert json.loads(finished.stdout) == [e for _, e in cases]


def test_the_engine_imports_nothing_outside_the_standard_library():
    probe = (
        "import scoring, scoring.cli, sys; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'hypothesis'}))"
    )
    finished = bare_python(["-c", probe], b"")
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.strip() == b"[]"


def test_batch_answers_in_order_with_errors_in_place_and_exit_2():
    documents = [
        {"ruleset": "hk-school", "tiles": "R1 R2 R3 K7 J"},
        {"ruleset": "chess", "tiles": "R1"},
        {"ruleset": "hk-school", "tiles": "K1 K2 K3"},
    ]
    answers, code = run("restore", documents)
    assert code == 2
    assert answers[0]["unplaced"] == "K7"
    assert answers[1] == {
        "error": {"code": "unknown-ruleset", "message": answers[1]["error"]["message"], "field": "ruleset"}
    }
    assert answers[2] == {"sets": ["K1 K2 K3"], "unplaced": "", "unplaced_count": 0}


def test_a_batch_of_good_inputs_exits_0_and_an_empty_batch_is_empty():
    assert run("rack-value", [{"ruleset": "uno", "rack": "W4"}, {"ruleset": "twist", "rack": "M R2"}]) == (
        [{"rack_value": 50}, {"rack_value": 32}],
        0,
    )
    assert run("rack-value", []) == ([], 0)


@pytest.mark.parametrize(
    "command, document, raw, code",
    [
        ("score-game", None, b"{not json", "bad-json"),
        ("score-game", None, b"", "bad-json"),
        ("score-game", None, b"\xff\xfe", "bad-json"),
        ("score-game", None, b'{"a": NaN}', "bad-json"),
        ("score-game", None, b"[" * 100000, "bad-json"),
        ("frobnicate", {}, None, "unknown-command"),
        ("score-game", "just a string", None, "bad-input"),
        ("score-game", {"ruleset": "hk-school", "ending": "went-out"}, None, "bad-input"),
        (
            "score-game",
            {"ruleset": "hk-school", "ending": "went-out", "players": [], "extra": 1},
            None,
            "bad-input",
        ),
        ("meld-value", {"ruleset": "uno", "rack": "R1"}, None, "unsupported-ruleset"),
        ("meld-value", {"ruleset": "hk-school", "rack": "R1 R1 R1"}, None, "too-many-copies"),
        ("check-set", {"ruleset": "hk-school", "set": "R1 Q2"}, None, "bad-tile"),
        ("restore", {"ruleset": "hk-school", "tiles": 5}, None, "bad-input"),
        (
            "incident-draw",
            {"ruleset": "hk-school", "incident": "overtime-unrestorable"},
            None,
            "missing-tiles-left-over",
        ),
    ],
)
def test_bad_input_is_a_json_error_with_exit_2(command, document, raw, code):
    answer, exit_code = run(command, document, raw=raw)
    assert exit_code == 2
    assert answer["error"]["code"] == code
    assert answer["error"]["message"]


def test_score_game_errors_name_the_field():
    document = {
        "ruleset": "hk-school",
        "ending": "went-out",
        "players": [{"seat": "A", "went_out": True}, {"seat": "B", "rack": "R3 J", "rack_value": 1}],
    }
    answer, _ = run("score-game", document)
    assert answer["error"] == {
        "code": "rack-value-mismatch",
        "message": "rack_value 1 but the tiles count 33",
        "field": "players[1].rack_value",
    }


def test_a_refused_tile_is_named_as_typed():
    document = {
        "ruleset": "hk-school",
        "ending": "went-out",
        "players": [OUT, {"seat": "B", "rack": "紅3黑14"}],
    }
    answer, code = run("score-game", document)
    assert code == 2
    assert answer["error"]["code"] == "bad-tile"
    assert (answer["error"]["token"], answer["error"]["field"]) == ("黑14", "players[1].rack")


def test_typed_racks_reach_every_command():
    assert run("rack-value", {"ruleset": "hk-school", "rack": "紅3黑4，百搭"}) == ({"rack_value": 37}, 0)
    answer, _ = run("check-set", {"ruleset": "hk-school", "set": "紅7紅6紅5"})
    assert answer["reads"] == "R7 R6 R5"


def test_decide_match_games_may_omit_the_ruleset_but_not_contradict_it():
    games = [
        {"ending": "went-out", "players": [{"seat": "A", "went_out": True}, {"seat": "B", "rack_value": 5}]}
    ]
    answer, code = run("decide-match", {"ruleset": "standard", "games": games})
    assert code == 0
    assert answer["winner"] == "A"
    games[0]["ruleset"] = "twist"
    answer, code = run("decide-match", {"ruleset": "standard", "games": games})
    assert (code, answer["error"]["code"]) == (2, "ruleset-mismatch")


def test_decide_match_reports_split_credit_and_uno_target():
    games = [
        {
            "ending": "pool-exhausted",
            "players": [{"seat": s, "rack_value": v} for s, v in zip("ABC", (1, 1, 4), strict=True)],
        }
    ]
    answer, _ = run(
        "decide-match", {"ruleset": "standard", "options": {"shared_win_credit": "split"}, "games": games}
    )
    assert [p["games_won"] for p in answer["players"]] == [0.5, 0.5, 0]
    assert [p["total"] for p in answer["players"]] == [1.5, 1.5, -3]
    uno = [
        {
            "ending": "went-out",
            "players": [{"seat": "A", "went_out": True}, {"seat": "B", "rack": "W W W W W4 W4"}],
        }
    ] * 2
    answer, code = run("decide-match", {"ruleset": "uno", "options": {"target": 600}, "games": uno})
    assert (code, answer["winner"], answer["decided_by"], answer["finished"]) == (0, "A", "target", True)


def test_incident_draw_and_rulesets_commands():
    assert run(
        "incident-draw", {"ruleset": "hk-school", "incident": "overtime-unrestorable", "tiles_left_over": 2}
    ) == (
        {"draw": 5},
        0,
    )
    answer, code = run("rulesets", {})
    assert code == 0
    assert [r["key"] for r in answer["rulesets"]] == ["hk-school", "standard", "six-player", "twist", "uno"]
    assert answer["rulesets"][0]["default_games_per_table"] == 3
    assert answer["rulesets"][4]["default_target"] == 500


def test_help_is_plain_text_and_exit_0():
    out = io.BytesIO()
    assert main(["--help"], stdin=io.BytesIO(b""), stdout=out) == 0
    assert b"score-game" in out.getvalue()


def test_no_traceback_even_from_the_real_process():
    finished = bare_python(["-m", "scoring", "score-game"], b'{"ruleset": 5}')
    assert finished.returncode == 2
    assert finished.stderr == b""
    assert json.loads(finished.stdout)["error"]["code"] == "bad-input"


def test_a_search_beyond_its_budget_is_a_json_error(monkeypatch):
    monkeypatch.setattr("scoring.packing.MAX_POSITIONS", 5)
    answer, code = run(
        "restore", {"ruleset": "twist", "tiles": "R1 R2 R3 R4 R5 B1 B2 B3 K1 K2 K3 Y1 Y2 Y3 J D C M K9 Y11"}
    )
    assert (code, answer["error"]["code"]) == (2, "search-too-large")


def _game(*players: dict, ruleset: str = "hk-school", ending: str = "went-out") -> dict:
    return {"ruleset": ruleset, "ending": ending, "players": list(players)}


OUT = {"seat": "A", "went_out": True}
# Every error code the engine issue names, reached through the real command line (bare python).
LISTED_ERRORS = [
    ("score-game", b"{", "bad-json"),
    ("score-game", _game(OUT, {"seat": "B", "rack_value": 5}, ruleset="mahjong"), "unknown-ruleset"),
    ("score-game", _game(OUT, {"seat": "B", "rack": "R5 X9"}), "bad-tile"),
    (
        "score-game",
        _game(OUT, {"seat": "B", "rack": "R5 R5"}, {"seat": "C", "rack": "R5"}),
        "too-many-copies",
    ),
    ("score-game", _game(OUT), "seat-count"),
    ("score-game", _game({"seat": "A", "rack_value": 5}, {"seat": "B", "rack_value": 6}), "went-out-count"),
    ("score-game", _game(OUT, {"seat": "B", "rack_value": -1}), "bad-rack-value"),
    ("score-game", _game(OUT, {"seat": "B", "rack": "R5", "rack_value": 6}), "rack-value-mismatch"),
    (
        "score-game",
        _game(OUT, {"seat": "B", "rack_value": 40, "made_initial_meld": False}),
        "could-meld-required",
    ),
    (
        "score-game",
        _game(OUT, {"seat": "B", "rack": "R10 R11 R12", "made_initial_meld": False, "could_meld": False}),
        "could-meld-mismatch",
    ),
    ("frobnicate", {}, "unknown-command"),
    (
        "decide-match",
        {
            "ruleset": "uno",
            "options": {"target": 50},
            "games": [_game(OUT, {"seat": "B", "rack": "W4"}, ruleset="uno")] * 2,
        },
        "match-over",
    ),
]


@pytest.mark.parametrize("command, document, code", LISTED_ERRORS, ids=[c for _, _, c in LISTED_ERRORS])
def test_each_listed_error_code_is_reached_through_the_command_line(command, document, code):
    raw = document if isinstance(document, bytes) else json.dumps(document).encode()
    finished = bare_python(["-m", "scoring", command], raw)
    assert (finished.returncode, finished.stderr) == (2, b"")
    error = json.loads(finished.stdout)["error"]
    assert error["code"] == code
    assert error["message"]


class TestTournamentOptions:
    """`options` on every command that takes a ruleset: six-player's `small_set`, twist's `strict`."""

    def test_score_game_with_the_small_set(self):
        document = _game(OUT, {"seat": "B", "rack": "R3 J"}, ruleset="six-player")
        document["options"] = {"small_set": True}
        answer, code = run("score-game", document)
        assert (code, answer["ruleset"], [p["score"] for p in answer["players"]]) == (
            0,
            "six-player",
            [33, -33],
        )
        document["players"][1]["rack"] = "G3"
        answer, code = run("score-game", document)
        assert (code, answer["error"]["code"], answer["error"]["token"]) == (2, "bad-tile", "G3")

    def test_a_table_of_five_cannot_play_the_small_set(self):
        players = [OUT] + [{"seat": s, "rack_value": 5} for s in "BCDE"]
        document = {**_game(*players, ruleset="six-player"), "options": {"small_set": True}}
        answer, code = run("score-game", document)
        assert (code, answer["error"]["code"]) == (2, "small-set-too-many-players")

    @pytest.mark.parametrize(
        "command, document, expected",
        [
            ("meld-value", {"rack": "R10 R11 R12 J"}, {"value": 46}),
            ("check-set", {"set": "K5 R5 B5 Y5 J"}, {"valid": False, "code": "group-too-large"}),
            ("restore", {"tiles": "R1 R2 R3 K7"}, {"unplaced": "K7"}),
            ("rack-value", {"rack": "R3 J"}, {"rack_value": 33}),
        ],
    )
    def test_every_tile_command_takes_the_small_set(self, command, document, expected):
        answer, code = run(command, {"ruleset": "six-player", "options": {"small_set": True}, **document})
        assert code == 0
        assert {key: answer[key] for key in expected} == expected
        refused, code = run(
            command,
            {
                "ruleset": "six-player",
                "options": {"small_set": True},
                **document,
                **{next(iter(document)): "G5 G6 G7"},
            },
        )
        assert (code, refused["error"]["code"]) == (2, "bad-tile")

    def test_incident_draw_under_the_strict_rule(self):
        document = {"ruleset": "twist", "incident": "incomplete-move-forgotten", "tiles_left_over": 2}
        assert run("incident-draw", document) == ({"draw": 3}, 0)
        assert run("incident-draw", {**document, "options": {"strict": True}}) == ({"draw": 5}, 0)
        assert run("incident-draw", {**document, "options": {"strict": False}}) == ({"draw": 3}, 0)

    def test_decide_match_plays_every_game_with_the_match_s_options(self):
        games = [_game(OUT, {"seat": "B", "rack": "R3 J"}, ruleset="six-player")] * 2
        document = {"ruleset": "six-player", "options": {"small_set": True, "shared_win_credit": "full"}}
        answer, code = run("decide-match", {**document, "games": games})
        assert (code, answer["winner"]) == (0, "A")
        bad = [_game(OUT, {"seat": "B", "rack": "G3"}, ruleset="six-player")]
        answer, code = run("decide-match", {**document, "games": bad})
        assert (code, answer["error"]["code"], answer["error"]["field"]) == (
            2,
            "bad-tile",
            "games[0].players[1].rack",
        )
        other = [{**games[0], "options": {"small_set": False}}]
        answer, code = run("decide-match", {**document, "games": other})
        assert (code, answer["error"]["code"]) == (2, "ruleset-mismatch")
        same = [{**games[0], "options": {"small_set": True}}]
        assert run("decide-match", {**document, "games": same})[1] == 0

    @pytest.mark.parametrize(
        "document, code",
        [
            ({"ruleset": "hk-school", "options": {"small_set": True}, "rack": "R1"}, "unsupported-option"),
            ({"ruleset": "six-player", "options": {"strict": True}, "rack": "R1"}, "unsupported-option"),
            ({"ruleset": "six-player", "options": {"small": True}, "rack": "R1"}, "bad-input"),
            ({"ruleset": "six-player", "options": {"small_set": 1}, "rack": "R1"}, "bad-input"),
            ({"ruleset": "six-player", "options": [], "rack": "R1"}, "bad-input"),
        ],
    )
    def test_options_are_checked(self, document, code):
        answer, exit_code = run("rack-value", document)
        assert (exit_code, answer["error"]["code"]) == (2, code)

    def test_options_switched_off_are_accepted_anywhere(self):
        document = {"ruleset": "hk-school", "options": {"small_set": False, "strict": False}, "rack": "R1"}
        assert run("rack-value", document) == ({"rack_value": 1}, 0)

    def test_rulesets_list_their_options_and_incidents_counted_by_the_restore(self):
        answer, _ = run("rulesets", {})
        listed = {r["key"]: r for r in answer["rulesets"]}
        assert {key: r["options"] for key, r in listed.items()} == {
            "hk-school": [],
            "standard": [],
            "six-player": ["small_set"],
            "twist": ["strict"],
            "uno": [],
        }
        counted = [i["code"] for r in answer["rulesets"] for i in r["incidents"] if i["counted_by_restore"]]
        assert counted == ["overtime-unrestorable"]
