"""The set checker: a disputed set read by the engine, each joker's meaning and the set's value, or the reason
the rules refuse it, in the page's language. It saves nothing."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

import scoring
from referee.wording.refusals import ENGINE_MESSAGES, SET_MESSAGES

JOKERS = ("J", "D", "C", "M")


@dataclass(frozen=True)
class JokerReading:
    """One joker of the set as laid (its place counted from 1) and the tiles it stands for."""

    place: int
    joker: str
    stands_for: tuple[str, ...]


@dataclass(frozen=True)
class SetCheck:
    tiles: str
    valid: bool
    kind: str = ""
    value: int = 0
    reads: str = ""
    jokers: tuple[JokerReading, ...] = ()
    reason: str = ""
    code: str = ""


def _jokers(tokens: tuple[str, ...], reads: tuple[str, ...]) -> tuple[JokerReading, ...]:
    """Pair each laid tile with what it reads as: a double joker stands for two tiles, a mirror for itself."""
    found = []
    position = 0
    for place, token in enumerate(tokens, start=1):
        width = 2 if token == "D" else 1
        stands_for = reads[position : position + width]
        position += width
        if token in JOKERS:
            found.append(JokerReading(place, token, () if token == "M" else tuple(stands_for)))
    return tuple(found)


def _refusal(ruleset: scoring.Ruleset, error: scoring.ScoringError) -> str:
    code = error.code
    if code == "run-not-consecutive" and not ruleset.runs_either_way:
        code = "run-not-rising"
    message = SET_MESSAGES.get(code) or ENGINE_MESSAGES.get(code)
    if message is None:
        return _("The rules refuse this set: %(reason)s") % {"reason": error}
    return str(message)


def check_set(ruleset: scoring.Ruleset, typed: str) -> SetCheck:
    """The engine's reading of the set as typed (its order is the order laid)."""
    try:
        tokens = tuple(scoring.parse_tiles(ruleset, typed, field="set"))
        tiles = scoring.format_tiles(ruleset, tokens)
    except scoring.ScoringError as error:
        return SetCheck(typed.strip(), False, reason=_refusal(ruleset, error), code=error.code)
    try:
        reading = scoring.read_set(ruleset, tokens)
    except scoring.ScoringError as error:
        return SetCheck(tiles, False, reason=_refusal(ruleset, error), code=error.code)
    return SetCheck(
        tiles,
        True,
        kind=reading.kind,
        value=reading.value,
        reads=" ".join(reading.reads),
        jokers=_jokers(tokens, reading.reads),
    )
