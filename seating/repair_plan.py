"""The fewest moves that re-seat a round after withdrawals and arrivals: exact, by flows over layouts.

A move is a player who keeps playing but changes table; arrivals take seats without moving anyone. A layout
says which tables are used and which are full; for a fixed layout the least moves (after the same-school
minimum) is a min-cost flow with convex costs. Layouts are enumerated depth first, cheapest bound first, and a
layout whose bound reaches the best found is skipped, so the best found is proven least when the enumeration
ends within its budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from seating.flow import FlowNetwork
from seating.roster import NO_SCHOOL, IndexedRound, Roster

MAX_LAYOUTS = 200  # flows solved per repair at most; beyond, the best found is reported as not proven


@dataclass(frozen=True)
class Role:
    low: int
    high: int


UNUSED = Role(0, 0)


@dataclass(frozen=True)
class Plan:
    """Per table: its size range; per (school, table): players staying; per (school, table): arrivals from
    the school's pool (movers and new players); and the moves this makes."""

    roles: tuple[Role, ...]
    stays: dict[tuple[int, int], int]
    placed: dict[tuple[int, int], int]
    moves: int
    proven: bool


def roles_for(sizes: Sequence[int], slots: int) -> list[tuple[Role, int]]:
    """The roles a table can take, with how many tables take each (unused ones included).

    Sizes of at most two consecutive values form one role (any mix of counts is then the rule's, the total
    fixing it); otherwise the full tables are a role of their own and the rest (one or two consecutive
    sizes) another.
    """
    values = sorted(set(sizes))
    if values[-1] - values[0] <= 1:
        roles = [(Role(values[0], values[-1]), len(sizes))]
    else:
        full = [s for s in sizes if s == values[-1]]
        rest = [s for s in sizes if s != values[-1]]
        roles = [(Role(values[-1], values[-1]), len(full)), (Role(min(rest), max(rest)), len(rest))]
    if slots > len(sizes):
        roles.append((UNUSED, slots - len(sizes)))
    return roles


def _school_key(roster: Roster, player: int) -> int:
    return roster.schools[player]


class LayoutSearch:
    def __init__(self, roster: Roster, tables: list[list[int]], arrivals: list[int], sizes: Sequence[int]):
        self.roster = roster
        self.tables = tables
        self.arrivals = arrivals
        self.roles = roles_for(sizes, len(tables))
        self.players = sum(len(t) for t in tables) + len(arrivals)
        self.order = sorted(range(len(tables)), key=lambda t: (-len(tables[t]), self._signature(t), t))
        self.best: Plan | None = None
        self.flows = 0
        self.complete = True

    def _signature(self, table: int) -> tuple[int, ...]:
        return tuple(sorted(_school_key(self.roster, p) for p in self.tables[table]))

    def _bound(self, depth: int, left: list[int]) -> int:
        """Least players the undecided tables must lose, roles matched to loads by size (exact for sizes)."""
        loads = sorted((len(self.tables[t]) for t in self.order[depth:]), reverse=True)
        highs = sorted(
            (r.high for (r, _), n in zip(self.roles, left, strict=True) for _ in range(n)), reverse=True
        )
        return sum(max(0, load - high) for load, high in zip(loads, highs, strict=True))

    def search(self) -> Plan:
        self._extend(0, [n for _, n in self.roles], [UNUSED] * len(self.tables), 0)
        assert self.best is not None
        return Plan(self.best.roles, self.best.stays, self.best.placed, self.best.moves, self.complete)

    def _extend(self, depth: int, left: list[int], chosen: list[Role], cost: int) -> None:
        if self.best is not None and cost + self._bound(depth, left) >= self.best.moves:
            return
        if depth == len(self.order):
            if self.flows >= MAX_LAYOUTS:
                self.complete = False
                return
            self.flows += 1
            plan = solve_layout(self.roster, self.tables, self.arrivals, chosen)
            if self.best is None or plan.moves < self.best.moves:
                self.best = plan
            return
        table = self.order[depth]
        previous = self.order[depth - 1] if depth else None
        floor = 0
        if previous is not None and self._signature(previous) == self._signature(table):
            floor = next(i for i, (r, _) in enumerate(self.roles) if r == chosen[previous])
        options = [i for i in range(floor, len(self.roles)) if left[i] > 0]
        load = len(self.tables[table])
        for i in sorted(options, key=lambda i: (max(0, load - self.roles[i][0].high), i)):
            left[i] -= 1
            chosen[table] = self.roles[i][0]
            self._extend(depth + 1, left, chosen, cost + max(0, load - self.roles[i][0].high))
            left[i] += 1
        chosen[table] = UNUSED


def solve_layout(roster: Roster, tables: list[list[int]], arrivals: list[int], roles: Sequence[Role]) -> Plan:
    """Least (same-school pairs, then moves) for one layout, by one min-cost flow."""
    network = _LayoutNetwork(roster, tables, arrivals, roles)
    return network.solve()


class _LayoutNetwork:
    SOURCE, SINK = 0, 1

    def __init__(self, roster: Roster, tables: list[list[int]], arrivals: list[int], roles: Sequence[Role]):
        self.roster, self.tables, self.arrivals, self.roles = roster, tables, arrivals, roles
        self.players = sum(len(t) for t in tables) + len(arrivals)
        self.move_weight = 1
        self.pair_weight = self.players + 1
        self.fill_weight = self.pair_weight * (self.players * self.players + 1)
        groups: dict[tuple[int, int], int] = {}
        for table, players in enumerate(tables):
            for p in players:
                key = (_school_key(roster, p), table)
                groups[key] = groups.get(key, 0) + 1
        self.groups = groups
        new_by_school: dict[int, int] = {}
        for p in arrivals:
            new_by_school[_school_key(roster, p)] = new_by_school.get(_school_key(roster, p), 0) + 1
        self.new_by_school = new_by_school
        self.schools = sorted({s for s, _ in groups} | set(new_by_school))
        self.used = [t for t in range(len(tables)) if roles[t] != UNUSED]

    def _nodes(self) -> tuple[dict[object, int], FlowNetwork]:
        names: dict[object, int] = {}
        for key in self.groups:
            names[("group", key)] = 2 + len(names)
        for school in self.schools:
            names[("pool", school)] = 2 + len(names)
            for table in self.used:
                names[("place", school, table)] = 2 + len(names)
        for table in self.used:
            names[("table", table)] = 2 + len(names)
        return names, FlowNetwork(2 + len(names))

    def _school_arcs(self, net: FlowNetwork, names: dict[object, int], school: int, table: int) -> None:
        place, seat = names[("place", school, table)], names[("table", table)]
        high = self.roles[table].high
        if school == NO_SCHOOL:
            net.add_arc(place, seat, high, 0)
            return
        members = sum(n for (s, _), n in self.groups.items() if s == school) + self.new_by_school.get(
            school, 0
        )
        for already in range(min(high, members)):
            net.add_arc(place, seat, 1, self.pair_weight * already)

    def solve(self) -> Plan:
        names, net = self._nodes()
        stay_arcs, move_arcs, place_arcs = {}, [], {}
        for (school, table), count in self.groups.items():
            group = names[("group", (school, table))]
            net.add_arc(self.SOURCE, group, count, 0)
            if self.roles[table] != UNUSED:
                stay_arcs[(school, table)] = net.add_arc(group, names[("place", school, table)], count, 0)
            move_arcs.append(net.add_arc(group, names[("pool", school)], count, self.move_weight))
        for school in self.schools:
            pool = names[("pool", school)]
            if self.new_by_school.get(school):
                net.add_arc(self.SOURCE, pool, self.new_by_school[school], 0)
            for table in self.used:
                place_arcs[(school, table)] = net.add_arc(
                    pool, names[("place", school, table)], self.players, 0
                )
                self._school_arcs(net, names, school, table)
        for table in self.used:
            role, seat = self.roles[table], names[("table", table)]
            net.add_arc(seat, self.SINK, role.low, -self.fill_weight)
            if role.high > role.low:
                net.add_arc(seat, self.SINK, role.high - role.low, 0)
        sent = net.min_cost_flow(self.SOURCE, self.SINK, self.players)
        if sent != self.players:
            raise AssertionError("a layout of the rule's sizes always seats everyone")
        return Plan(
            roles=tuple(self.roles),
            stays={key: net.flow[arc] for key, arc in stay_arcs.items()},
            placed={key: net.flow[arc] for key, arc in place_arcs.items() if net.flow[arc]},
            moves=sum(net.flow[arc] for arc in move_arcs),
            proven=True,
        )


def fewest_moves(roster: Roster, tables: IndexedRound, arrivals: list[int], sizes: Sequence[int]) -> Plan:
    """The layout and flows of a repair with the fewest moves (see the module's note)."""
    return LayoutSearch(roster, [list(t) for t in tables], arrivals, sizes).search()
