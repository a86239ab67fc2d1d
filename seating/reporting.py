"""The report of a schedule: the rules it keeps and how often players meet again.

One function serves the draw, the repair and the `report` command, so a manual swap is judged exactly as
the engine judges its own draws.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from seating.limits import check_history_length, check_player_count, check_table_size
from seating.model import Report, ReportRequest, RoundReport, TableSize
from seating.roster import NO_SCHOOL, IndexedRound, Roster, index_rounds, roster_of
from seating.schedule import CONSECUTIVE_WEIGHT
from seating.schools import fewest_same_school_pairs, pairs
from seating.seats import first_seat_counts
from seating.sizes import sizes_follow_rule


def _pairs_of(round_: IndexedRound, count: int) -> list[int]:
    keys = []
    for table in round_:
        for i, x in enumerate(table):
            for y in table[i + 1 :]:
                keys.append(min(x, y) * count + max(x, y))
    return keys


def _school_pairs(roster: Roster, round_: IndexedRound) -> tuple[int, int]:
    """Same-school pairs of the round, and the fewest its table sizes allow for the players it seats."""
    found = 0
    seated = [0] * len(roster.school_sizes)
    for table in round_:
        at_table = Counter(roster.schools[p] for p in table if roster.schools[p] != NO_SCHOOL)
        found += sum(pairs(k) for k in at_table.values())
        for school, k in at_table.items():
            seated[school] += k
    sizes = [len(t) for t in round_ if t]
    return found, fewest_same_school_pairs(seated, sizes) if sizes else 0


def _round_report(
    roster: Roster, round_: IndexedRound, size: TableSize, repeats: int, consecutive: int
) -> RoundReport:
    tables = [t for t in round_ if t]
    sizes = [len(t) for t in tables]
    seated = {p for t in tables for p in t}
    found, fewest = _school_pairs(roster, tables)
    return RoundReport(
        tables_by_size=tuple(sorted(Counter(sizes).items(), reverse=True)),
        same_school_pairs=found,
        same_school_pairs_min=fewest,
        new_repeat_pairs=repeats,
        consecutive_repeats=consecutive,
        unseated=tuple(roster.ids[p] for p in range(roster.count) if p not in seated),
        sizes_ok=all(size.min <= s <= size.max for s in sizes) and sizes_follow_rule(sizes, size),
    )


def build_report(
    roster: Roster, history: Sequence[IndexedRound], reported: Sequence[IndexedRound], size: TableSize
) -> Report:
    """The report of `reported` rounds played after `history`."""
    meetings: Counter[int] = Counter()
    consecutive_total = 0
    by_round = []
    previous: set[int] = set()
    for number, round_ in enumerate([*history, *reported]):
        keys = _pairs_of(round_, roster.count)
        repeats = sum(1 for key in keys if meetings[key] > 0)
        consecutive = sum(1 for key in keys if key in previous)
        consecutive_total += consecutive
        meetings.update(keys)
        previous = set(keys)
        if number >= len(history):
            by_round.append(_round_report(roster, round_, size, repeats, consecutive))
    starts = first_seat_counts(roster.count, [*history, *reported])
    return Report(
        players=roster.count,
        by_round=tuple(by_round),
        repeat_pairs=sum(1 for k in meetings.values() if k > 1),
        max_meetings=max(meetings.values(), default=0),
        consecutive_repeats=consecutive_total,
        repeat_cost=sum(pairs(k) for k in meetings.values()) + CONSECUTIVE_WEIGHT * consecutive_total,
        first_seats_min=min(starts, default=0),
        first_seats_max=max(starts, default=0),
    )


def report(request: ReportRequest) -> Report:
    """The report of `request.rounds` after `request.history`; SeatingError for ids that do not add up."""
    check_table_size(request.table_size)
    check_history_length(len(request.history) + len(request.rounds))
    check_player_count(len(request.players))
    roster = roster_of(request.players)
    history = index_rounds(roster, request.history, "history")
    reported = index_rounds(roster, request.rounds, "rounds")
    return build_report(roster, history, reported, request.table_size)
