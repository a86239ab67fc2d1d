"""Players by index: the engine works on integers 0..n-1 in the order the players were given.

Indices, not ids, keep the draw independent of string hashing (which Python salts per process), so the same
input and seed give the same draw on any machine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from seating.errors import InputError, PlayerError
from seating.model import Player, Round

MAX_ID_LENGTH = 200
NO_SCHOOL = -1

IndexedRound = list[list[int]]


@dataclass(frozen=True)
class Roster:
    """The players by index; `schools[p]` is NO_SCHOOL or the index of a school with two players or more."""

    ids: tuple[str, ...]
    position: dict[str, int]
    schools: tuple[int, ...]
    school_sizes: tuple[int, ...]
    points: tuple[float, ...]

    @property
    def count(self) -> int:
        return len(self.ids)


def _check_player(player: Player, field: str) -> None:
    if not isinstance(player.id, str) or not player.id or len(player.id) > MAX_ID_LENGTH:
        raise PlayerError(
            "bad-player-id", f"a player id is a string of 1 to {MAX_ID_LENGTH} characters", field
        )
    if player.school is not None and (
        not isinstance(player.school, str) or len(player.school) > MAX_ID_LENGTH
    ):
        raise InputError("bad-input", f"school is a string of up to {MAX_ID_LENGTH} characters", field)
    points = player.points
    if isinstance(points, bool) or not isinstance(points, int | float) or not math.isfinite(points):
        raise InputError("bad-points", "points must be a finite number", f"{field}.points")


def roster_of(players: Sequence[Player]) -> Roster:
    """Index the players; PlayerError for a duplicate id, InputError for a bad field."""
    position: dict[str, int] = {}
    for index, player in enumerate(players):
        _check_player(player, f"players[{index}]")
        if player.id in position:
            raise PlayerError(
                "duplicate-player", f"player {player.id!r} is listed twice", f"players[{index}].id"
            )
        position[player.id] = index
    members: dict[str, int] = {}
    for player in players:
        if player.school:
            members[player.school] = members.get(player.school, 0) + 1
    numbering: dict[str, int] = {}
    for player in players:
        if player.school and members[player.school] > 1 and player.school not in numbering:
            numbering[player.school] = len(numbering)
    schools = tuple(numbering.get(p.school, NO_SCHOOL) if p.school else NO_SCHOOL for p in players)
    sizes = [0] * len(numbering)
    for school in schools:
        if school != NO_SCHOOL:
            sizes[school] += 1
    return Roster(
        ids=tuple(p.id for p in players),
        position=position,
        schools=schools,
        school_sizes=tuple(sizes),
        points=tuple(float(p.points) for p in players),
    )


def index_round(roster: Roster, round_: Round, field: str) -> IndexedRound:
    """A round by index; an unknown id or a player seated twice is a PlayerError naming the seat."""
    seen: set[int] = set()
    tables: IndexedRound = []
    for table_number, table in enumerate(round_):
        indexed = []
        for seat, player_id in enumerate(table):
            where = f"{field}[{table_number}][{seat}]"
            index = roster.position.get(player_id) if isinstance(player_id, str) else None
            if index is None:
                raise PlayerError("unknown-player", f"{player_id!r} is not one of the players", where)
            if index in seen:
                raise PlayerError(
                    "player-twice-in-round", f"{player_id!r} is seated twice in one round", where
                )
            seen.add(index)
            indexed.append(index)
        tables.append(indexed)
    return tables


def index_rounds(roster: Roster, rounds: Sequence[Round], field: str) -> list[IndexedRound]:
    return [index_round(roster, round_, f"{field}[{number}]") for number, round_ in enumerate(rounds)]
