"""`draw`: future rounds for a tournament, as the rules ask, reproducible from the seed it reports.

The order of promises: every player once per round; the tables' sizes (`sizes.py`); the fewest same-school
pairs each round allows (`schools.py`: exact, and every seating here starts there and keeps it); then as
few repeats as the search finds, repeats in consecutive rounds weighing most (`schedule.py`,
`search.py`); by standings, tables as close to the standings as those allow; last, seat A shared out
fairly (`seats.py`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from seating.budget import limits_for
from seating.designs import design_for
from seating.limits import (
    check_history_length,
    check_mode,
    check_player_count,
    check_rounds,
    check_table_size,
    seed_or_new,
)
from seating.model import Draw, DrawRequest, Round
from seating.reporting import build_report
from seating.roster import IndexedRound, Roster, index_rounds, roster_of
from seating.schedule import Schedule
from seating.schools import Matrix
from seating.search import Found, TabuSearch
from seating.seats import first_seat_counts, order_tables, seat_round
from seating.sizes import table_sizes
from seating.standings import Standings, standings_of
from seating.start import greedy_round, places, shuffled_columns, standings_round

ATTEMPTS = 6  # fresh starts at most (the budget of partners tried is shared)
UNIMPROVED_ATTEMPTS = 3  # fresh starts in a row that find nothing better before giving up


def _rebuild(roster: Roster, history: list[IndexedRound], rounds: list[IndexedRound]) -> Schedule:
    schedule = Schedule(roster.count, roster.schools, history)
    for round_ in rounds:
        schedule.add_round(round_)
    return schedule


def _designed_rounds(
    roster: Roster, sizes: Sequence[int], rounds: int, fewest: int, rng: random.Random
) -> list[IndexedRound]:
    """Repeat-free rounds from `designs.py` where they apply, with players dealt to points at random;
    only rounds at the same-school minimum are kept."""
    if len(set(sizes)) != 1:
        return []
    design = design_for(roster.count, sizes[0], rounds, rng)
    label = list(range(roster.count))
    rng.shuffle(label)
    kept = []
    for design_round in design:
        round_ = [[label[point] for point in table] for table in design_round]
        schedule = Schedule(roster.count, roster.schools, [round_])
        if schedule.same_school_pairs(0) == fewest:
            kept.append(round_)
    return kept


def _first_rounds(
    request: DrawRequest,
    roster: Roster,
    schedule: Schedule,
    matrix: Matrix,
    standings: Standings | None,
    rng: random.Random,
) -> None:
    """Add the search's starting rounds to `schedule`, each at the same-school minimum."""
    sizes = [sum(row[t] for row in matrix) for t in range(len(matrix[0]))]
    if standings is not None:
        for _ in range(request.rounds):
            schedule.add_round(standings_round(roster, matrix, standings.ranking))
        return
    if not request.history:
        fewest = sum(k * (k - 1) // 2 for row in matrix[:-1] for k in row)
        for round_ in _designed_rounds(roster, sizes, request.rounds, fewest, rng):
            schedule.add_round(round_)
    while schedule.rounds - schedule.first_new < request.rounds:
        schedule.add_round(greedy_round(roster, schedule, shuffled_columns(matrix, sizes, rng), sizes, rng))


def _check(request: DrawRequest) -> None:
    check_table_size(request.table_size)
    check_mode(request.mode)
    check_history_length(len(request.history))
    check_rounds(request.rounds, len(request.history))
    check_player_count(len(request.players), request.rounds)


def _seated(
    found: list[IndexedRound], history: list[IndexedRound], roster: Roster, rank: list[int] | None, seed: int
) -> tuple[Round, ...]:
    rng = random.Random(seed)
    starts = first_seat_counts(roster.count, history)
    rounds = []
    for round_ in found:
        ordered = seat_round(order_tables(round_, rank, rng), starts, rng)
        rounds.append(tuple(tuple(roster.ids[p] for p in table) for table in ordered))
    return tuple(rounds)


def _best_of_attempts(
    request: DrawRequest,
    roster: Roster,
    history: list[IndexedRound],
    standings: Standings | None,
    rng: random.Random,
) -> list[IndexedRound]:
    """Search from up to ATTEMPTS fresh starts, sharing one budget; stop at a schedule without new repeats.

    A restart from the best schedule stays near it; a schedule stuck in a deep valley (the finite-field
    rounds can be one) is left only by starting afresh. One round at a time needs no second start, and
    three fresh starts in a row that find nothing better end the search.
    """
    sizes = table_sizes(roster.count, request.table_size)
    matrix = places(roster, sizes)
    limits = limits_for(roster.count, request.rounds, standings is not None)
    rebuild = partial(_rebuild, roster, history)
    best: Found | None = None
    budget = limits.partners_budget
    unimproved = 0
    for _ in range(ATTEMPTS if request.rounds > 1 else 1):
        schedule = Schedule(roster.count, roster.schools, history)
        _first_rounds(request, roster, schedule, matrix, standings, rng)
        searcher = TabuSearch(schedule, rng, replace(limits, partners_budget=budget), standings)
        found = searcher.run(rebuild)
        budget -= searcher.tried
        unimproved = 0 if best is None or found.cost < best.cost else unimproved + 1
        if unimproved == 0:
            best = found
        assert best is not None
        if best.cost <= searcher.lower_bound() or budget <= 0 or standings is not None:
            break
        if unimproved >= UNIMPROVED_ATTEMPTS:
            break
    assert best is not None
    return best.rounds


def draw(request: DrawRequest) -> Draw:
    """Draw `request.rounds` rounds; SeatingError for input the rules cannot seat."""
    _check(request)
    roster = roster_of(request.players)
    history = index_rounds(roster, request.history, "history")
    seed = seed_or_new(request.seed)
    rng = random.Random(seed)
    sizes = table_sizes(roster.count, request.table_size)
    standings = standings_of(roster, sizes, rng) if request.mode == "by-standings" else None
    found = _best_of_attempts(request, roster, history, standings, rng)
    rank = None
    if standings is not None:
        rank = [0] * roster.count
        for position, player in enumerate(standings.ranking):
            rank[player] = position
    rounds = _seated(found, history, roster, rank, seed)
    reported = index_rounds(roster, rounds, "rounds")
    return Draw(rounds=rounds, seed=seed, report=build_report(roster, history, reported, request.table_size))
