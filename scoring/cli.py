"""`python -m scoring COMMAND`: one JSON document on standard input, one on standard output.

A JSON array runs the command on each element and answers an array in the same order. Bad input (any
element, in a batch) exits 2 with `{"error": {"code", "message", "field"?}}` in its place, and so does an
input over MAX_INPUT_BYTES, of which no more is read; a fault of the engine itself exits 1 with code
`internal-error`. Never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any, BinaryIO

from scoring.commands import COMMANDS, run_command
from scoring.contract import error_document
from scoring.errors import ScoringError

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2
# A batch of a whole tournament's games is well under 1 MiB; past the cap, the input is refused unread.
MAX_INPUT_BYTES = 4 * 1024 * 1024

USAGE = """usage: python -m scoring COMMAND < input.json > output.json

Reads one JSON document (an object, or an array of objects for a batch) and writes one.
Commands: {commands}
The contract and examples: docs/engine.md
"""


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def _decode(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise ScoringError("bad-json", f"standard input is not one JSON document: {error}") from None


def _answer(command: str, document: Any) -> tuple[dict[str, Any], int]:
    try:
        return run_command(command, document), EXIT_OK
    except ScoringError as error:
        return error_document(error), EXIT_BAD_INPUT
    except RecursionError:
        failure = ScoringError("too-large", "the input is too large for this command")
        return error_document(failure), EXIT_BAD_INPUT
    except Exception as error:  # the contract promises JSON, never a traceback
        failure = ScoringError("internal-error", f"the engine failed: {type(error).__name__}: {error}")
        return error_document(failure), EXIT_INTERNAL


def read_capped(stdin: BinaryIO) -> bytes:
    """At most one byte past the cap, so that an endless or huge input costs no more memory than that."""
    return stdin.read(MAX_INPUT_BYTES + 1)


def respond(command: str, raw: bytes) -> tuple[Any, int]:
    """The output document and exit code for `raw` standard input."""
    if command not in COMMANDS:
        known = ", ".join(COMMANDS)
        return error_document(
            ScoringError("unknown-command", f"unknown command {command!r}; known: {known}")
        ), 2
    if len(raw) > MAX_INPUT_BYTES:
        failure = ScoringError("too-large", f"standard input is over {MAX_INPUT_BYTES} bytes")
        return error_document(failure), EXIT_BAD_INPUT
    try:
        document = _decode(raw)
    except ScoringError as error:
        return error_document(error), EXIT_BAD_INPUT
    if not isinstance(document, list):
        return _answer(command, document)
    answers = [_answer(command, item) for item in document]
    codes = {code for _, code in answers}
    worst = EXIT_INTERNAL if EXIT_INTERNAL in codes else max(codes, default=EXIT_OK)
    return [output for output, _ in answers], worst


def main(
    argv: Sequence[str] | None = None, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None
) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    out = stdout or sys.stdout.buffer
    if args and args[0] in ("-h", "--help", "help"):
        out.write(USAGE.format(commands=", ".join(COMMANDS)).encode("utf-8"))
        return EXIT_OK
    command = args[0] if len(args) == 1 else " ".join(args)
    raw = read_capped(stdin or sys.stdin.buffer) if command in COMMANDS else b""
    document, code = respond(command, raw)
    out.write((json.dumps(document, ensure_ascii=False) + "\n").encode("utf-8"))
    out.flush()
    return code
