"""Standard input is capped: an oversized document is refused with a JSON error, read no further."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from scoring.cli import MAX_INPUT_BYTES, main

ROOT = Path(__file__).resolve().parents[2]


class CountingStdin(io.BytesIO):
    """Standard input that remembers how many bytes were asked for, to prove the reader stops at the cap."""

    def __init__(self, content: bytes) -> None:
        super().__init__(content)
        self.requested: list[int] = []

    def read(self, size: int | None = -1) -> bytes:  # type: ignore[override]
        self.requested.append(-1 if size is None else size)
        return super().read(size)


def test_an_input_over_the_cap_is_too_large_with_exit_2() -> None:
    padding = b" " * (MAX_INPUT_BYTES + 10)
    stdin = CountingStdin(b'{"ruleset": "hk-school", "rack": "R1"}' + padding)
    out = io.BytesIO()
    code = main(["rack-value"], stdin=stdin, stdout=out)
    document = json.loads(out.getvalue())
    assert code == 2
    assert document["error"]["code"] == "too-large"
    assert str(MAX_INPUT_BYTES) in document["error"]["message"]
    assert stdin.requested == [MAX_INPUT_BYTES + 1]


def test_an_input_of_exactly_the_cap_is_read() -> None:
    body = b'{"ruleset": "hk-school", "rack": "R1 R2"}'
    stdin = CountingStdin(body + b" " * (MAX_INPUT_BYTES - len(body)))
    out = io.BytesIO()
    assert main(["rack-value"], stdin=stdin, stdout=out) == 0
    assert json.loads(out.getvalue())["rack_value"] == 3


def test_the_cap_holds_in_a_real_process_fed_more_than_it_reads() -> None:
    oversized = b"[" + b'{"ruleset": "hk-school", "rack": "R1"},' * (MAX_INPUT_BYTES // 30) + b"{}]"
    finished = subprocess.run(
        [sys.executable, "-S", "-E", "-m", "scoring", "rack-value"],
        input=oversized,
        cwd=ROOT,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert finished.returncode == 2
    assert finished.stderr == b""
    assert json.loads(finished.stdout)["error"]["code"] == "too-large"
