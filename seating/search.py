"""Tabu search on swaps, after Dotú and Van Hentenryck's local search for the social golfer problem.

Each step swaps a player in conflict (meeting someone twice) with a player of another table in the same round,
keeping the round's same-school pairs at their minimum; swaps never change table sizes. The best swap is made
even when worse, a swapped player may not go back for a few steps (tabu), and a stalled search restarts from
its best schedule shaken by random swaps. Budgets are counts, never the clock, and every choice comes from one
seeded `random.Random`, so a seed gives the same draw on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from seating.roster import IndexedRound
from seating.schedule import Schedule
from seating.standings import Standings

TENURE = (4, 12)
NEAR_TABLES = 3  # by standings, partners come from this many tables either side
Move = tuple[int, int, int, int]  # round, player, partner, change of cost


@dataclass(frozen=True)
class Limits:
    """When the search stops, and how wide each step looks.

    `partners_budget`: partners tried in all; `patience`: steps without a new best before a restart from
    the best; `stale_restarts`: restarts in a row without a new best before stopping; `partners`: partners
    drawn per player in a large round; `focuses`: players in conflict looked at per step; `shake`: random
    swaps after a restart.
    """

    partners_budget: int
    patience: int
    stale_restarts: int
    partners: int = 64
    focuses: int = 24
    shake: int = 3


@dataclass
class Found:
    rounds: list[IndexedRound]
    cost: int
    steps: int


class TabuSearch:
    def __init__(
        self, schedule: Schedule, rng: random.Random, limits: Limits, standings: Standings | None
    ) -> None:
        schedule.prepare()
        self.schedule = schedule
        self.rng = rng
        self.limits = limits
        self.standings = standings
        new_rounds = schedule.rounds - schedule.first_new
        worst_standings = schedule.count * len(schedule.members[-1]) * new_rounds
        self.weight = 1 if standings is None else 1 + worst_standings
        self.tabu: dict[int, int] = {}
        self.step = 0
        self.tried = 0
        self.cost = self._cost()

    def _cost(self) -> int:
        cost = self.weight * self.schedule.repeat_cost()
        if self.standings is not None:
            first = self.schedule.first_new
            cost += sum(self.standings.cost(r) for r in self.schedule.members[first:])
        return cost

    def lower_bound(self) -> int:
        """No new repeat (and, by standings, everyone at home): the search cannot do better."""
        return self.weight * self.schedule.history_cost

    def _random_focus(self) -> tuple[int, int] | None:
        """Without conflicts, by standings: a player seated away from home, in a random round."""
        schedule = self.schedule
        if self.standings is None:
            return None
        g = self.rng.randrange(schedule.first_new, schedule.rounds)
        tables = schedule.table_of[g]
        away = [p for p in range(schedule.count) if self.standings.distance(p, tables[p]) > 0]
        return (g, away[self.rng.randrange(len(away))]) if away else None

    def _focuses(self) -> list[tuple[int, int]]:
        schedule = self.schedule
        conflicts = schedule.conflicts
        if not len(conflicts):
            focus = self._random_focus()
            return [] if focus is None else [focus]
        if len(conflicts) <= self.limits.focuses:
            keys = sorted(conflicts.items)
        else:
            keys = [conflicts.choice(self.rng) for _ in range(self.limits.focuses)]
        return [(schedule.first_new + key // schedule.count, key % schedule.count) for key in keys]

    def _partners(self, g: int, player: int) -> list[int]:
        """Everyone at other tables in a small round; else a random sample, or by standings the players
        of the tables near the player's own and near its home."""
        schedule = self.schedule
        tables = schedule.table_of[g]
        own = tables[player]
        if schedule.count <= self.limits.partners + len(schedule.members[g][own]):
            return [p for p in range(schedule.count) if tables[p] != own]
        if self.standings is None:
            picks = [self.rng.randrange(schedule.count) for _ in range(self.limits.partners)]
            return [p for p in picks if tables[p] != own]
        reach = NEAR_TABLES
        low, high = self.standings.low[player], self.standings.high[player]
        near = set(range(own - reach, own + reach + 1)) | set(range(low - 1, high + 2))
        near.discard(own)
        rounds_tables = schedule.members[g]
        return [p for t in sorted(near) if 0 <= t < len(rounds_tables) for p in rounds_tables[t]]

    def _deltas(self, g: int, a: int, partners: list[int]) -> list[int]:
        deltas = self.schedule.swap_deltas(g, a, partners)
        if self.standings is None:
            return deltas
        tables, distance = self.schedule.table_of[g], self.standings.distance
        table_a = tables[a]
        for i, b in enumerate(partners):
            table_b = tables[b]
            moved = distance(a, table_b) - distance(a, table_a) + distance(b, table_a) - distance(b, table_b)
            deltas[i] = self.weight * deltas[i] + moved
        return deltas

    def _tabu_key(self, g: int, player: int, table: int) -> int:
        return ((g * self.schedule.count) + player) * len(self.schedule.members[g]) + table

    def _forbidden(self, g: int, a: int, b: int) -> bool:
        tables = self.schedule.table_of[g]
        return (
            self.tabu.get(self._tabu_key(g, a, tables[b]), 0) > self.step
            or self.tabu.get(self._tabu_key(g, b, tables[a]), 0) > self.step
        )

    def _best_move(self, best_cost: int) -> Move | None:
        """The best allowed swap around this step's focuses; equal ones chosen between at random."""
        chosen: Move | None = None
        ties = 0
        for g, a in self._focuses():
            partners = self._partners(g, a)
            self.tried += len(partners)
            for b, delta in zip(partners, self._deltas(g, a, partners), strict=True):
                if chosen is not None and delta > chosen[3]:
                    continue
                if self.schedule.school_delta(g, a, b) > 0:
                    continue
                if self.cost + delta >= best_cost and self._forbidden(g, a, b):
                    continue
                if chosen is None or delta < chosen[3]:
                    chosen, ties = (g, a, b, delta), 1
                    continue
                ties += 1
                if self.rng.randrange(ties) == 0:
                    chosen = (g, a, b, delta)
        return chosen

    def _swap(self, g: int, a: int, b: int, delta: int) -> None:
        tables = self.schedule.table_of[g]
        tenure = self.rng.randint(*TENURE)
        self.tabu[self._tabu_key(g, a, tables[a])] = self.step + tenure
        self.tabu[self._tabu_key(g, b, tables[b])] = self.step + tenure
        self.schedule.swap(g, a, b)
        self.cost += delta

    def _shake(self) -> None:
        schedule = self.schedule
        for _ in range(self.limits.shake):
            g = self.rng.randrange(schedule.first_new, schedule.rounds)
            a, b = self.rng.randrange(schedule.count), self.rng.randrange(schedule.count)
            if schedule.table_of[g][a] != schedule.table_of[g][b] and schedule.school_delta(g, a, b) <= 0:
                self._swap(g, a, b, self._deltas(g, a, [b])[0])

    def run(self, rebuild: Callable[[list[IndexedRound]], Schedule]) -> Found:
        """Search until the lower bound, the budget or the patience runs out; the best schedule found."""
        best = Found(self.schedule.new_rounds(), self.cost, 0)
        lower = self.lower_bound()
        since_best = stale = 0
        while best.cost > lower and self.tried < self.limits.partners_budget:
            self.step += 1
            move = self._best_move(best.cost)
            if move is None and self.standings is None and not len(self.schedule.conflicts):
                break
            if move is not None:
                self._swap(*move)
            if self.cost < best.cost:
                best = Found(self.schedule.new_rounds(), self.cost, self.step)
                since_best = stale = 0
                continue
            since_best += 1
            if since_best >= self.limits.patience:
                stale += 1
                if stale > self.limits.stale_restarts:
                    break
                self.schedule = rebuild(best.rounds)
                self.schedule.prepare()
                self.cost = best.cost
                self.tabu.clear()
                self._shake()
                since_best = 0
        best.steps = self.step
        return best


def search(
    schedule: Schedule,
    rng: random.Random,
    limits: Limits,
    standings: Standings | None,
    rebuild: Callable[[list[IndexedRound]], Schedule],
) -> Found:
    return TabuSearch(schedule, rng, limits, standings).run(rebuild)
