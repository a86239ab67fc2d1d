"""Validating a laid set for any Rummikub ruleset, and choosing the reason when it is refused.

A set that reads both as a group and as a run reports the reading of higher value (a run on a tie, a
rising run before a falling one). Outside `twist` a run may be written downwards (RULES.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from scoring.errors import InvalidSet
from scoring.notation import parse_tiles
from scoring.rulesets import Ruleset, rummikub_ruleset
from scoring.set_groups import read_group
from scoring.set_mirror import read_mirror
from scoring.set_reading import RUN, SetReading, TileReads
from scoring.set_runs import read_run, read_run_downwards
from scoring.tiles import COLOUR_CHANGE, MIRROR, split_tile


def read_set(ruleset: str | Ruleset, tiles: str | Sequence[str]) -> SetReading:
    """The reading of a laid set (order matters), or InvalidSet with a stable code and an English reason.

    Tiles are parsed first, so a bad tile or an impossible number of copies raises TileError instead.
    """
    rules = rummikub_ruleset(ruleset)
    tokens = parse_tiles(rules, tiles, field="set")
    return read_tokens(tokens, rules.colours, rules.runs_either_way)


@lru_cache(maxsize=65536)
def read_tokens(tokens: tuple[str, ...], colours: str, either_way: bool) -> SetReading:
    """read_set for canonical tokens already checked against the ruleset (cached: the search reuses it).

    `either_way`: runs may also be written downwards (every ruleset but `twist`)."""
    if len(tokens) < 3:
        raise InvalidSet("too-few-tiles", "a set needs at least 3 tiles")
    if MIRROR in tokens:
        return read_mirror(tokens, colours).flattened()
    readers = [("group", read_group), ("run", read_run)]
    if either_way:
        readers.append(("downwards", read_run_downwards))
    readings: list[TileReads] = []
    errors: dict[str, InvalidSet] = {}
    for kind, reader in readers:
        try:
            readings.append(reader(tokens, colours))
        except InvalidSet as error:
            errors[kind] = error
    if readings:
        best = max(readings, key=lambda reading: (reading.value, reading.kind == RUN))
        return best.flattened()
    errors["run"] = _run_refusal(errors, either_way)
    raise _likely_reason(tokens, errors)


_NUMBER_CODES = ("run-not-consecutive",)


def _run_refusal(errors: dict[str, InvalidSet], either_way: bool) -> InvalidSet:
    """The run refusal to report: the direction whose numbers got further (a falling run of mixed colours is
    `run-mixed-colours`, not `run-not-consecutive`), rising on a tie; its message names the directions."""
    rising = errors["run"]
    falling = errors.get("downwards")
    chosen = rising
    if falling is not None and rising.code in _NUMBER_CODES and falling.code not in _NUMBER_CODES:
        chosen = falling
    if chosen.code == "run-not-consecutive":
        message = "the numbers of a run rise by one from left to right"
        if either_way:
            message = "the numbers of a run rise or fall by one from each tile to the next"
        return InvalidSet(chosen.code, message)
    return chosen


_RUN_COLOUR_CODES = ("run-mixed-colours", "segment-mixed-colours", "colour-change-same-colour")


def _likely_reason(tokens: Sequence[str], errors: dict[str, InvalidSet]) -> InvalidSet:
    """The refusal that matches what the player seems to have tried: a group, a run, or neither.

    Run errors check numbers before colours, so a colour error means the numbers did form a run."""
    tiles = [tile for tile in map(split_tile, tokens) if tile]
    numbers = {number for _, number in tiles}
    colours = {colour for colour, _ in tiles}
    if len(tiles) >= 2 and len(numbers) == 1:
        return errors["group"]
    if errors["run"].code in _RUN_COLOUR_CODES:
        return errors["run"]
    if len(tiles) < 2 or len(colours) == 1 or COLOUR_CHANGE in tokens:
        return errors["run"]
    return InvalidSet("not-a-set", "the tiles of a set share one number (a group) or one colour (a run)")


def set_value(ruleset: str | Ruleset, tiles: str | Sequence[str]) -> int:
    """Meld value of a valid set (InvalidSet otherwise)."""
    return read_set(ruleset, tiles).value
