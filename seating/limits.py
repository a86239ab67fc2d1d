"""What a request may ask, checked before any work: sizes, modes, rounds, seeds and the bounds that keep a
draw to seconds and to memory a web worker can spare."""

from __future__ import annotations

import secrets

from seating.errors import InputError, SizeError
from seating.model import MODES, TableSize

MAX_PLAYERS = 2000
MAX_TABLE_SIZE = 32
MAX_ROUNDS = 50
MAX_ROUNDS_ALL = 250  # history and new rounds together (a pair's meetings are counted in one byte)
MAX_SEATS_DRAWN = 10_000  # players times rounds asked at once
MAX_SEED = 2**53 - 1  # exact in every JSON reader


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_table_size(size: TableSize) -> None:
    for name in ("max", "min"):
        value = getattr(size, name)
        if not _whole(value) or not 2 <= value <= MAX_TABLE_SIZE:
            raise SizeError(
                "bad-table-size",
                f"{name} must be a whole number from 2 to {MAX_TABLE_SIZE}",
                f"table_size.{name}",
            )
    if size.min > size.max:
        raise SizeError("bad-table-size", f"min ({size.min}) is above max ({size.max})", "table_size")


def check_mode(mode: object) -> None:
    if mode not in MODES:
        raise InputError("bad-mode", f"mode must be one of: {', '.join(MODES)}", "mode")


def check_rounds(rounds: object, history: int) -> None:
    if not _whole(rounds) or not 1 <= rounds <= MAX_ROUNDS:  # type: ignore[operator]
        raise InputError("bad-rounds", f"rounds must be a whole number from 1 to {MAX_ROUNDS}", "rounds")
    if history + rounds > MAX_ROUNDS_ALL:  # type: ignore[operator]
        raise InputError(
            "too-large", f"history and new rounds together are limited to {MAX_ROUNDS_ALL}", "history"
        )


def check_player_count(count: int, rounds: int = 1) -> None:
    if count > MAX_PLAYERS:
        raise InputError("too-large", f"at most {MAX_PLAYERS} players", "players")
    if count * rounds > MAX_SEATS_DRAWN:
        raise InputError(
            "too-large", f"players times rounds asked at once is limited to {MAX_SEATS_DRAWN}", "rounds"
        )


def check_history_length(history: int) -> None:
    if history > MAX_ROUNDS_ALL:
        raise InputError("too-large", f"at most {MAX_ROUNDS_ALL} rounds of history", "history")


def seed_or_new(seed: object) -> int:
    """The seed given, or a fresh one (reported with the draw, so the draw can be run again)."""
    if seed is None:
        return secrets.randbelow(2**31)
    if not _whole(seed) or not 0 <= seed <= MAX_SEED:  # type: ignore[operator]
        raise InputError("bad-seed", f"seed must be a whole number from 0 to {MAX_SEED}", "seed")
    return seed  # type: ignore[return-value]
