"""`python -m seating COMMAND`: one JSON document on standard input, one on standard output.

A JSON array runs the command on each element and answers an array in the same order. Bad input (any
element, in a batch) exits 2 with `{"error": {"code", "message", "field"?}}` in its place; a fault of the
engine itself exits 1 with code `internal-error`. Input above MAX_INPUT_BYTES is refused unread. Never a
traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any, BinaryIO

from seating.commands import COMMANDS, run_command
from seating.errors import SeatingError

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2
MAX_INPUT_BYTES = 4 * 2**20

USAGE = """usage: python -m seating COMMAND < input.json > output.json

Reads one JSON document (an object, or an array of objects for a batch) and writes one.
Commands: {commands}
The contract and examples: docs/seating.md
"""


def error_document(error: SeatingError) -> dict[str, Any]:
    body = {"code": error.code, "message": error.message}
    if error.field:
        body["field"] = error.field
    return {"error": body}


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def _decode(raw: bytes) -> Any:
    if len(raw) > MAX_INPUT_BYTES:
        raise SeatingError("too-large", f"the input is larger than {MAX_INPUT_BYTES} bytes")
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise SeatingError("bad-json", f"standard input is not one JSON document: {error}") from None


def _answer(command: str, document: Any) -> tuple[dict[str, Any], int]:
    try:
        return run_command(command, document), EXIT_OK
    except SeatingError as error:
        return error_document(error), EXIT_BAD_INPUT
    except RecursionError:
        return error_document(SeatingError("too-large", "the input is too deeply nested")), EXIT_BAD_INPUT
    except Exception as error:
        failure = SeatingError("internal-error", f"the engine failed: {type(error).__name__}: {error}")
        return error_document(failure), EXIT_INTERNAL


def respond(command: str, raw: bytes) -> tuple[Any, int]:
    """The output document and exit code for `raw` standard input."""
    if command not in COMMANDS:
        known = ", ".join(COMMANDS)
        message = f"unknown command {command!r}; known: {known}"
        return error_document(SeatingError("unknown-command", message)), EXIT_BAD_INPUT
    try:
        document = _decode(raw)
    except SeatingError as error:
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
    raw = (stdin or sys.stdin.buffer).read(MAX_INPUT_BYTES + 1) if command in COMMANDS else b""
    document, code = respond(command, raw)
    out.write((json.dumps(document, ensure_ascii=False) + "\n").encode("utf-8"))
    out.flush()
    return code
