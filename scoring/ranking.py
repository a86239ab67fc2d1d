"""Competition ranking (1, 1, 3) over an ordered list of tie-breaks, the one way anything is ranked.

A ranking is the rows and an order: the first tie-break splits everyone into groups, best first; the next one
splits each group that is still tied, and so on. Rows that no tie-break tells apart share a rank, and the rank
after them skips as many places as they fill. A tie-break that compares one value per row (`Higher`) is the
common case; one that must see the whole tied group (a head-to-head result when exactly two are tied, the
organisers' recorded decision) is any object with a `name` and a `split`, so the list can grow without this
module changing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

Row = TypeVar("Row")


class TieBreak(Protocol[Row]):
    """Splits rows that are tied so far into groups, best first; rows it cannot tell apart stay together."""

    @property
    def name(self) -> str: ...

    def split(self, tied: Sequence[Row]) -> list[list[Row]]: ...


@dataclass(frozen=True)
class Higher(Generic[Row]):
    """The higher value ranks first (games won, total score). Equal values stay tied, in the order given."""

    name: str
    value: Callable[[Row], Any]

    def split(self, tied: Sequence[Row]) -> list[list[Row]]:
        ordered = sorted(tied, key=self.value, reverse=True)  # stable: equal rows keep the order given
        return [list(group) for _, group in groupby(ordered, key=self.value)]


class Placed(NamedTuple, Generic[Row]):
    """A row with its rank (a tuple: thousands are made for a standings page)."""

    row: Row
    rank: int
    tied: bool


def rank(rows: Sequence[Row], order: Sequence[TieBreak[Row]]) -> list[Placed[Row]]:
    """Every row with its competition rank, best first; `tied` marks a rank that others share.

    Rows already in the order's sequence (as an SQL ORDER BY over the same keys returns them) cost one walk
    per tie-break: the sorts find them sorted."""
    simple = 0
    while simple < len(order) and isinstance(order[simple], Higher):
        simple += 1
    if not rows:
        groups: list[list[Row]] = []
    elif simple:
        groups = _by_values(rows, order[:simple])
    else:
        groups = [list(rows)]  # the first tie-break sees everyone as one group
    for tie_break in order[simple:]:
        groups = [part for group in groups for part in _split(tie_break, group)]
    placed: list[Placed[Row]] = []
    for group in groups:
        shared = len(group) > 1
        position = len(placed) + 1
        placed.extend(Placed(row, position, shared) for row in group)
    return placed


def _by_values(rows: Sequence[Row], keys: Sequence[TieBreak[Row]]) -> list[list[Row]]:
    """The groups a run of `Higher` tie-breaks makes, in one sort and one walk (what `split` would make key
    after key, faster: a standings page ranks thousands)."""
    getters = [key.value for key in keys if isinstance(key, Higher)]
    values = list(zip(*(map(get, rows) for get in getters), strict=True))
    order = sorted(range(len(rows)), key=values.__getitem__, reverse=True)  # stable, as `split` is
    groups: list[list[Row]] = []
    previous: tuple[Any, ...] | None = None
    group: list[Row] = []
    for index in order:
        value = values[index]
        if value != previous:
            group = [rows[index]]
            groups.append(group)
            previous = value
        else:
            group.append(rows[index])
    return groups


def _split(tie_break: TieBreak[Row], group: list[Row]) -> list[list[Row]]:
    return tie_break.split(group) if len(group) > 1 else [group]


def first_difference(order: Sequence[TieBreak[Row]], first: Row, second: Row) -> str | None:
    """The name of the first tie-break that tells two rows apart, or None: why one ranks above the other."""
    for tie_break in order:
        if len(tie_break.split([first, second])) > 1:
            return tie_break.name
    return None


# The keys an organiser may order the standings by (set per tournament before play).
GAMES_WON, TABLES_WON, TOTAL_SCORE = "games-won", "tables-won", "total-score"
HEAD_TO_HEAD, ORGANISERS_DECISION = "head-to-head", "organisers-decision"
STANDINGS_KEYS = (GAMES_WON, TABLES_WON, TOTAL_SCORE, HEAD_TO_HEAD, ORGANISERS_DECISION)


def default_standings_order(ruleset: str) -> tuple[str, ...]:
    """The rules' order across rounds (RULES.md): UNO by tables won, then points; Rummikub by games won, then
    total score. The organisers' recorded decision comes last, so a tie they broke shows as broken."""
    if ruleset == "uno":
        return (TABLES_WON, TOTAL_SCORE, ORGANISERS_DECISION)
    return (GAMES_WON, TOTAL_SCORE, ORGANISERS_DECISION)


@dataclass(frozen=True)
class HeadToHead(Generic[Row]):
    """When exactly two are tied, the one who finished ahead of the other more often at the tables where they
    met ranks first; three or more tied, or an even record, stay tied. `record(a, b)` gives (times a finished
    ahead of b, times b finished ahead of a)."""

    name: str
    record: Callable[[Row, Row], tuple[int, int]]

    def split(self, tied: Sequence[Row]) -> list[list[Row]]:
        if len(tied) != 2:
            return [list(tied)]
        first, second = tied
        ahead, behind = self.record(first, second)
        if ahead > behind:
            return [[first], [second]]
        if behind > ahead:
            return [[second], [first]]
        return [list(tied)]


@dataclass(frozen=True)
class Recorded(Generic[Row]):
    """An order someone recorded (the organisers' decision, by lot for instance): a lower position ranks
    first; rows without one stay tied after those with one."""

    name: str
    position: Callable[[Row], int | None]

    def split(self, tied: Sequence[Row]) -> list[list[Row]]:
        positions = {id(row): self.position(row) for row in tied}
        known = sorted({p for p in positions.values() if p is not None})
        if not known:
            return [list(tied)]
        groups = [[row for row in tied if positions[id(row)] == p] for p in known]
        rest = [row for row in tied if positions[id(row)] is None]
        return groups + ([rest] if rest else [])


def place_finals(
    placed: Sequence[Placed[Row]], finals: Sequence[Sequence[tuple[Any, int]]], key: Callable[[Row], Any]
) -> list[Placed[Row]]:
    """The standings once a final is played: each final table, in table order, gives the next places by its
    finishing order (`(key, place at the table)`, a shared place stays shared); everyone else follows in the
    standings' order, keeping its ties."""
    by_key = {key(entry.row): entry.row for entry in placed}
    result: list[Placed[Row]] = []
    seated: set[Any] = set()
    for table in finals:
        offset = len(result)
        places = [place for _, place in table]
        for player, place in sorted(table, key=lambda item: item[1]):
            if player in by_key:
                result.append(Placed(by_key[player], offset + place, places.count(place) > 1))
                seated.add(player)
    rest = [entry for entry in placed if key(entry.row) not in seated]
    for _, group in groupby(rest, key=lambda entry: entry.rank):
        members = list(group)
        position = len(result) + 1
        result.extend(Placed(entry.row, position, len(members) > 1) for entry in members)
    return result
