"""The commands of `python -m seating`: each takes one decoded JSON object and returns one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from seating import contract
from seating.drawing import draw
from seating.errors import InputError
from seating.json_fields import require_object
from seating.repairing import repair
from seating.reporting import report

Command = Callable[[dict[str, Any]], dict[str, Any]]


def draw_command(document: dict[str, Any]) -> dict[str, Any]:
    return contract.draw_document(draw(contract.draw_request(document)))


def repair_command(document: dict[str, Any]) -> dict[str, Any]:
    return contract.repair_document(repair(contract.repair_request(document)))


def report_command(document: dict[str, Any]) -> dict[str, Any]:
    return {"report": contract.report_document(report(contract.report_request(document)))}


COMMANDS: dict[str, Command] = {"draw": draw_command, "repair": repair_command, "report": report_command}


def run_command(name: str, document: Any) -> dict[str, Any]:
    """One input through one command; SeatingError for bad input."""
    if name not in COMMANDS:
        raise InputError("unknown-command", f"unknown command {name!r}; known: {', '.join(COMMANDS)}")
    return COMMANDS[name](require_object(document, None))
