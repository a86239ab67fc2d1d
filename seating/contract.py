"""The JSON contract of `python -m seating`: documents in, frozen requests; results out, documents."""

from __future__ import annotations

import math
from typing import Any

from seating.errors import InputError
from seating.json_fields import (
    get_list,
    get_whole,
    only_keys,
    path,
    require_list,
    require_object,
    string_list,
)
from seating.model import (
    Draw,
    DrawRequest,
    Player,
    Repair,
    RepairRequest,
    Report,
    ReportRequest,
    Round,
    TableSize,
)

PLAYER_KEYS = ("id", "school", "points")


def player(document: Any, field: str) -> Player:
    entry = require_object(document, field)
    only_keys(entry, PLAYER_KEYS, field)
    player_id, school, points = entry.get("id"), entry.get("school"), entry.get("points", 0)
    if not isinstance(player_id, str):
        raise InputError("bad-player-id", "id must be a string", path(field, "id"))
    if school is not None and not isinstance(school, str):
        raise InputError("bad-input", "school must be a string or null", path(field, "school"))
    if points is None:
        points = 0
    if isinstance(points, bool) or not isinstance(points, int | float) or not math.isfinite(points):
        raise InputError("bad-points", "points must be a finite number", path(field, "points"))
    return Player(id=player_id, school=school or None, points=points)


def players(document: dict[str, Any]) -> tuple[Player, ...]:
    return tuple(player(p, f"players[{i}]") for i, p in enumerate(get_list(document, "players", None)))


def table_size(document: dict[str, Any]) -> TableSize:
    size = require_object(document.get("table_size"), "table_size")
    only_keys(size, ("max", "min"), "table_size")
    largest = get_whole(size, "max", "table_size", "bad-table-size")
    smallest = get_whole(size, "min", "table_size", "bad-table-size")
    if largest is None or smallest is None:
        raise InputError("bad-table-size", "table_size needs max and min", "table_size")
    return TableSize(max=largest, min=smallest)


def one_round(value: Any, field: str) -> Round:
    return tuple(string_list(table, f"{field}[{t}]") for t, table in enumerate(require_list(value, field)))


def rounds(document: dict[str, Any], key: str, *, required: bool = False) -> tuple[Round, ...]:
    return tuple(
        one_round(r, f"{key}[{i}]") for i, r in enumerate(get_list(document, key, None, required=required))
    )


def draw_request(document: dict[str, Any]) -> DrawRequest:
    only_keys(document, ("players", "history", "table_size", "mode", "rounds", "seed"), None)
    mode = document.get("mode", "random")
    count = document.get("rounds", 1)
    if isinstance(count, bool) or not isinstance(count, int):
        raise InputError("bad-rounds", "rounds must be a whole number", "rounds")
    return DrawRequest(
        players=players(document),
        table_size=table_size(document),
        history=rounds(document, "history"),
        mode=mode if isinstance(mode, str) else repr(mode),
        rounds=count,
        seed=get_whole(document, "seed", None, "bad-seed"),
    )


def repair_request(document: dict[str, Any]) -> RepairRequest:
    keys = ("players", "current", "history", "withdrawn", "added", "table_size", "seed")
    only_keys(document, keys, None)
    return RepairRequest(
        players=players(document),
        current=one_round(document.get("current"), "current"),
        table_size=table_size(document),
        history=rounds(document, "history"),
        withdrawn=string_list(document.get("withdrawn", []), "withdrawn"),
        added=string_list(document.get("added", []), "added"),
        seed=get_whole(document, "seed", None, "bad-seed"),
    )


def report_request(document: dict[str, Any]) -> ReportRequest:
    only_keys(document, ("players", "rounds", "history", "table_size"), None)
    return ReportRequest(
        players=players(document),
        rounds=rounds(document, "rounds", required=True),
        table_size=table_size(document),
        history=rounds(document, "history"),
    )


def report_document(report: Report) -> dict[str, Any]:
    return {
        "players": report.players,
        "rounds": len(report.by_round),
        "same_school_pairs": report.same_school_pairs,
        "same_school_pairs_min": report.same_school_pairs_min,
        "repeat_pairs": report.repeat_pairs,
        "max_meetings": report.max_meetings,
        "consecutive_repeats": report.consecutive_repeats,
        "repeat_cost": report.repeat_cost,
        "tables_by_size": [{str(size): n for size, n in r.tables_by_size} for r in report.by_round],
        "first_seats": {
            "min": report.first_seats_min,
            "max": report.first_seats_max,
            "spread": report.first_seats_spread,
        },
        "sizes_ok": report.sizes_ok,
        "by_round": [
            {
                "same_school_pairs": r.same_school_pairs,
                "same_school_pairs_min": r.same_school_pairs_min,
                "new_repeat_pairs": r.new_repeat_pairs,
                "consecutive_repeats": r.consecutive_repeats,
                "sizes_ok": r.sizes_ok,
                "unseated": list(r.unseated),
            }
            for r in report.by_round
        ],
    }


def _nested(round_: Round) -> list[list[str]]:
    return [list(table) for table in round_]


def draw_document(draw: Draw) -> dict[str, Any]:
    return {
        "rounds": [_nested(r) for r in draw.rounds],
        "seed": draw.seed,
        "report": report_document(draw.report),
    }


def repair_document(repair: Repair) -> dict[str, Any]:
    return {
        "tables": _nested(repair.tables),
        "moves": [
            {
                "player": move.player,
                "from": list(move.origin) if move.origin is not None else None,
                "to": list(move.target),
            }
            for move in repair.moves
        ],
        "moves_minimal": repair.moves_minimal,
        "seed": repair.seed,
        "report": report_document(repair.report),
    }
