"""`repair`: re-seat the round under way after withdrawals (and late arrivals) with the fewest moves.

Rules first: the new player count's table sizes and the same-school minimum (`repair_plan.py`, exact,
including tables taken out of use or added). Among the seatings with the fewest moves, a short descent then
chooses who moves and where to leave as few new repeats as it finds. Players who stay keep their seat order;
a player coming to a table takes the first seat left empty there, or the next seat after the others.
"""

from __future__ import annotations

import random

from seating.errors import PlayerError
from seating.limits import check_history_length, check_player_count, check_table_size, seed_or_new
from seating.model import Move, Repair, RepairRequest
from seating.repair_plan import Plan, fewest_moves
from seating.reporting import build_report
from seating.roster import IndexedRound, Roster, index_round, index_rounds, roster_of
from seating.schedule import Schedule
from seating.sizes import table_sizes

DESCENT_STEPS = 200


def _listed(roster: Roster, ids: tuple[str, ...], field: str) -> list[int]:
    found: list[int] = []
    for number, player_id in enumerate(ids):
        index = roster.position.get(player_id) if isinstance(player_id, str) else None
        if index is None:
            raise PlayerError(
                "unknown-player", f"{player_id!r} is not one of the players", f"{field}[{number}]"
            )
        if index in found:
            raise PlayerError("duplicate-player", f"{player_id!r} is listed twice", f"{field}[{number}]")
        found.append(index)
    return found


def _who(request: RepairRequest, roster: Roster, current: IndexedRound) -> tuple[list[int], list[int]]:
    seated = {p for table in current for p in table}
    leaving = _listed(roster, request.withdrawn, "withdrawn")
    for number, player in enumerate(leaving):
        if player not in seated:
            where = f"withdrawn[{number}]"
            raise PlayerError(
                "not-seated", f"{roster.ids[player]!r} is not seated in the current round", where
            )
    coming = _listed(roster, request.added, "added")
    for number, player in enumerate(coming):
        if player in seated:
            where = f"added[{number}]"
            raise PlayerError("already-seated", f"{roster.ids[player]!r} is already seated", where)
    return leaving, coming


def _dealt(
    plan: Plan, roster: Roster, tables: list[list[int]], arrivals: list[int], rng: random.Random
) -> list[list[int]]:
    """Individual players for the plan's counts: who of each school and table stays, and where movers and
    arrivals of each school go (at random; the descent then improves it)."""
    pools: dict[int, list[int]] = {}
    seated: list[list[int]] = [[] for _ in range(len(plan.roles))]
    for table, players in enumerate(tables):
        by_school: dict[int, list[int]] = {}
        for p in players:
            by_school.setdefault(roster.schools[p], []).append(p)
        for school, members in sorted(by_school.items()):
            rng.shuffle(members)
            keep = plan.stays.get((school, table), 0)
            seated[table].extend(members[:keep])
            pools.setdefault(school, []).extend(members[keep:])
    for p in arrivals:
        pools.setdefault(roster.schools[p], []).append(p)
    for school, members in sorted(pools.items()):
        places = [t for (s, t), n in sorted(plan.placed.items()) if s == school for _ in range(n)]
        rng.shuffle(members)
        for p, table in zip(members, places, strict=True):
            seated[table].append(p)
    return seated


def _moved(origin: dict[int, int], player: int, table: int) -> int:
    return int(player in origin and origin[player] != table)


def _swap_moves(origin: dict[int, int], tables: list[int], a: int, b: int) -> int:
    return (
        _moved(origin, a, tables[b])
        + _moved(origin, b, tables[a])
        - _moved(origin, a, tables[a])
        - _moved(origin, b, tables[b])
    )


def _descend(schedule: Schedule, origin: dict[int, int], rng: random.Random) -> None:
    """Swaps of a mover or an arrival that keep the same-school pairs and the moves and lower the new
    repeats, the best first, until none does."""
    g = schedule.rounds - 1
    schedule.prepare()
    tables = schedule.table_of[g]
    seated = [p for p in range(schedule.count) if tables[p] >= 0]
    for _ in range(DESCENT_STEPS):
        best: tuple[tuple[int, int, float], int, int] | None = None
        for a in seated:
            if a in origin and origin[a] == tables[a]:
                continue
            partners = [b for b in seated if tables[b] != tables[a]]
            for b, delta in zip(partners, schedule.swap_deltas(g, a, partners), strict=True):
                moves = _swap_moves(origin, tables, a, b)
                if moves > 0 or (moves == 0 and delta >= 0) or schedule.school_delta(g, a, b) > 0:
                    continue
                key = (moves, delta, rng.random())
                if best is None or key < best[0]:
                    best = (key, a, b)
        if best is None:
            return
        schedule.swap(g, best[1], best[2])


def _laid_out(
    before: IndexedRound, after: IndexedRound, origin: dict[int, int]
) -> tuple[IndexedRound, list[tuple[int, tuple[int, int] | None, tuple[int, int]]]]:
    """Seat order of the repaired tables, and who moved from which seat to which."""
    laid: IndexedRound = []
    moved: list[tuple[int, tuple[int, int] | None, tuple[int, int]]] = []
    for table, players in enumerate(after):
        old = before[table] if table < len(before) else []
        here = set(players)
        staying = {p for p in old if p in here}
        coming = [p for p in players if p not in staying]
        seats: list[int] = []
        for p in old:
            if p in staying:
                seats.append(p)
            elif coming:
                seats.append(coming.pop(0))
        seats.extend(coming)
        for seat, p in enumerate(seats):
            if p not in staying:
                source = (origin[p], before[origin[p]].index(p)) if p in origin else None
                moved.append((p, source, (table, seat)))
        laid.append(seats)
    return laid, moved


def _check(request: RepairRequest) -> None:
    check_table_size(request.table_size)
    check_history_length(len(request.history) + 1)
    check_player_count(len(request.players))


def repair(request: RepairRequest) -> Repair:
    """Re-seat `request.current`; SeatingError for input the rules cannot seat."""
    _check(request)
    roster = roster_of(request.players)
    history = index_rounds(roster, request.history, "history")
    current = index_round(roster, request.current, "current")
    leaving, coming = _who(request, roster, current)
    seed = seed_or_new(request.seed)
    rng = random.Random(seed)
    gone = set(leaving)
    staying = [[p for p in table if p not in gone] for table in current]
    sizes = table_sizes(sum(len(t) for t in staying) + len(coming), request.table_size)
    slots = staying + [[] for _ in range(max(0, len(sizes) - len(staying)))]
    plan = fewest_moves(roster, slots, coming, sizes)
    origin = {p: t for t, table in enumerate(staying) for p in table}
    schedule = Schedule(roster.count, roster.schools, history)
    schedule.add_round(_dealt(plan, roster, slots, coming, rng))
    _descend(schedule, origin, rng)
    laid, moved = _laid_out(current, schedule.members[-1], origin)
    return Repair(
        tables=tuple(tuple(roster.ids[p] for p in table) for table in laid),
        moves=tuple(Move(roster.ids[p], source, target) for p, source, target in moved),
        moves_minimal=plan.proven,
        seed=seed,
        report=build_report(roster, history, [laid], request.table_size),
    )
