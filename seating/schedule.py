"""The schedule under search: the rounds played and the rounds being drawn, by player index.

The repeat cost is Pantheon's: each meeting of a pair after its first costs one for every earlier meeting
(a pair met k times costs k(k-1)/2), and ten more when the two also sat together in the round before.
`weight(g, x, y)` is what x and y sitting together in round g costs, given every other round; a swap in
round g leaves it unchanged. `gain[g][x * tables + t]`, the cost of x sitting at table t of round g, then
makes the change of any swap four look-ups and one weight, and is kept true by each swap at a cost that
depends on how many players the two have met, not on how many players there are.
"""

from __future__ import annotations

from collections.abc import Sequence

from seating.indexed_set import IndexedSet
from seating.roster import NO_SCHOOL, IndexedRound

CONSECUTIVE_WEIGHT = 10


class Schedule:
    """History (fixed) followed by new rounds: `add_round` them, `prepare`, then change them by `swap`."""

    def __init__(self, count: int, schools: Sequence[int], history: Sequence[IndexedRound]) -> None:
        self.count = count
        self.schools = tuple(schools)
        self.meetings = bytearray(count * count)
        self.table_of: list[list[int]] = []
        self.members: list[IndexedRound] = []
        self.school_load: list[list[dict[int, int]]] = []
        self.first_new = len(history)
        self.gain: list[list[int]] = []
        self.bad: list[list[int]] = []
        self.conflicts = IndexedSet()
        for round_ in history:
            self._append(round_)
        self.history_cost = self.repeat_cost()

    @property
    def rounds(self) -> int:
        return len(self.table_of)

    def new_rounds(self) -> list[IndexedRound]:
        return [[list(table) for table in self.members[g]] for g in range(self.first_new, self.rounds)]

    def add_round(self, round_: IndexedRound) -> None:
        """Append a new round; the search needs `prepare` after the last one."""
        self._append(round_)

    def _append(self, round_: IndexedRound) -> None:
        table_of = [-1 - player for player in range(self.count)]
        loads: list[dict[int, int]] = []
        for table, players in enumerate(round_):
            load: dict[int, int] = {}
            for i, x in enumerate(players):
                table_of[x] = table
                school = self.schools[x]
                if school != NO_SCHOOL:
                    load[school] = load.get(school, 0) + 1
                for y in players[i + 1 :]:
                    self.meetings[x * self.count + y] += 1
                    self.meetings[y * self.count + x] += 1
            loads.append(load)
        self.table_of.append(table_of)
        self.members.append([list(players) for players in round_])
        self.school_load.append(loads)

    def weight(self, g: int, x: int, y: int) -> int:
        """The cost of x and y sitting together in round g, every other round as it is."""
        tables = self.table_of
        cost = self.meetings[x * self.count + y] - (tables[g][x] == tables[g][y])
        if g > 0:
            cost += CONSECUTIVE_WEIGHT * (tables[g - 1][x] == tables[g - 1][y])
        if g + 1 < len(tables):
            cost += CONSECUTIVE_WEIGHT * (tables[g + 1][x] == tables[g + 1][y])
        return cost

    def partners(self, x: int) -> set[int]:
        """Everyone x sits with in some round: the only players whose weight with x can be above zero."""
        found: set[int] = set()
        for g in range(self.rounds):
            table = self.table_of[g][x]
            if table >= 0:
                found.update(self.members[g][table])
        found.discard(x)
        return found

    def prepare(self) -> None:
        """Count the conflicts and fill the gains of the new rounds."""
        self.gain, self.bad, self.conflicts = [], [], IndexedSet()
        partners = [sorted(self.partners(x)) for x in range(self.count)]
        for g in range(self.first_new, self.rounds):
            tables = len(self.members[g])
            gain = [0] * (self.count * tables)
            for x in range(self.count):
                for y in partners[x]:
                    gain[x * tables + self.table_of[g][y]] += self.weight(g, x, y)
            self.gain.append(gain)
            self.bad.append([0] * self.count)
            for players in self.members[g]:
                for x in players:
                    for y in players:
                        if x != y and self.meetings[x * self.count + y] >= 2:
                            self._bump(g, x, 1)

    def _bump(self, g: int, player: int, change: int) -> None:
        bad = self.bad[g - self.first_new]
        bad[player] += change
        key = (g - self.first_new) * self.count + player
        if bad[player] > 0:
            self.conflicts.add(key)
        else:
            self.conflicts.discard(key)

    def swap_delta(self, g: int, a: int, b: int) -> int:
        """How the repeat cost changes if a and b (at different tables of round g) change places."""
        gain, tables = self.gain[g - self.first_new], len(self.members[g])
        table_a, table_b = self.table_of[g][a], self.table_of[g][b]
        row_a, row_b = a * tables, b * tables
        return (
            gain[row_a + table_b]
            - gain[row_a + table_a]
            + gain[row_b + table_a]
            - gain[row_b + table_b]
            - 2 * self.weight(g, a, b)
        )

    def swap_deltas(self, g: int, a: int, partners: list[int]) -> list[int]:
        """`swap_delta(g, a, b)` for every b of `partners` (none at a's table), in one tight loop."""
        gain, tables = self.gain[g - self.first_new], len(self.members[g])
        table_of = self.table_of[g]
        table_a = table_of[a]
        row_a = a * tables
        own_a = gain[row_a + table_a]
        meet, meet_row = self.meetings, a * self.count
        near = [self.table_of[h] for h in (g - 1, g + 1) if 0 <= h < self.rounds]
        deltas = []
        for b in partners:
            table_b, row_b = table_of[b], b * tables
            together = meet[meet_row + b]
            for round_ in near:
                if round_[a] == round_[b]:
                    together += CONSECUTIVE_WEIGHT
            deltas.append(
                gain[row_a + table_b] - own_a + gain[row_b + table_a] - gain[row_b + table_b] - 2 * together
            )
        return deltas

    def school_delta(self, g: int, a: int, b: int) -> int:
        """How the same-school pairs of round g change if a and b change places."""
        school_a, school_b = self.schools[a], self.schools[b]
        if school_a == school_b:
            return 0
        loads = self.school_load[g]
        load_a, load_b = loads[self.table_of[g][a]], loads[self.table_of[g][b]]
        delta = 0
        if school_a != NO_SCHOOL:
            delta += load_b.get(school_a, 0) - load_a[school_a] + 1
        if school_b != NO_SCHOOL:
            delta += load_a.get(school_b, 0) - load_b[school_b] + 1
        return delta

    def swap(self, g: int, a: int, b: int) -> None:
        """Seat a at b's table and b at a's, in round g, keeping every count and gain true."""
        table_a, table_b = self.table_of[g][a], self.table_of[g][b]
        mates_a = [c for c in self.members[g][table_a] if c != a]
        mates_b = [d for d in self.members[g][table_b] if d != b]
        self._move_gains(g, a, b, table_a, table_b)
        parted = [(a, c) for c in mates_a] + [(b, d) for d in mates_b]
        joined = [(b, c) for c in mates_a] + [(a, d) for d in mates_b]
        for x, y in parted:
            self._count(g, x, y, -1)
        players_a, players_b = self.members[g][table_a], self.members[g][table_b]
        players_a[players_a.index(a)] = b
        players_b[players_b.index(b)] = a
        self.table_of[g][a], self.table_of[g][b] = table_b, table_a
        for x, y in joined:
            self._count(g, x, y, 1)
        for near in (g - 1, g + 1):
            if self.first_new <= near < self.rounds:
                for x, y in parted:
                    self._add_gain(near, x, y, -CONSECUTIVE_WEIGHT)
                for x, y in joined:
                    self._add_gain(near, x, y, CONSECUTIVE_WEIGHT)
        self._move_school(g, a, table_a, table_b)
        self._move_school(g, b, table_b, table_a)

    def _move_gains(self, g: int, a: int, b: int, table_a: int, table_b: int) -> None:
        """Round g's gains for tables A and B after a and b trade seats (weights in g do not change)."""
        gain, tables = self.gain[g - self.first_new], len(self.members[g])
        for x in sorted(self.partners(a) | self.partners(b) | {a, b}):
            to_a = (self.weight(g, x, b) if x != b else 0) - (self.weight(g, x, a) if x != a else 0)
            gain[x * tables + table_a] += to_a
            gain[x * tables + table_b] -= to_a

    def _add_gain(self, g: int, x: int, y: int, change: int) -> None:
        gain, tables = self.gain[g - self.first_new], len(self.members[g])
        gain[x * tables + self.table_of[g][y]] += change
        gain[y * tables + self.table_of[g][x]] += change

    def _count(self, g: int, x: int, y: int, change: int) -> None:
        """One meeting of x and y in round g more or less: meetings, other rounds' gains, conflicts."""
        key, mirror = x * self.count + y, y * self.count + x
        before = self.meetings[key]
        after = before + change
        self.meetings[key] = self.meetings[mirror] = after
        if max(before, after) >= 2:
            self._bump(g, x, change)
            self._bump(g, y, change)
        for other in range(self.first_new, self.rounds):
            if other == g:
                continue
            self._add_gain(other, x, y, change)
            if min(before, after) == 1 and self.table_of[other][x] == self.table_of[other][y]:
                self._bump(other, x, change)
                self._bump(other, y, change)

    def _move_school(self, g: int, player: int, origin: int, target: int) -> None:
        school = self.schools[player]
        if school == NO_SCHOOL:
            return
        loads = self.school_load[g]
        loads[origin][school] -= 1
        loads[target][school] = loads[target].get(school, 0) + 1

    def repeat_cost(self) -> int:
        """The whole repeat cost, counted afresh from the rounds."""
        repeated: set[int] = set()
        cost = 0
        for g in range(self.rounds):
            previous = self.table_of[g - 1] if g > 0 else None
            for players in self.members[g]:
                for i, x in enumerate(players):
                    for y in players[i + 1 :]:
                        if self.meetings[x * self.count + y] >= 2:
                            repeated.add(min(x, y) * self.count + max(x, y))
                        if previous is not None and previous[x] == previous[y]:
                            cost += CONSECUTIVE_WEIGHT
        return cost + sum(self.meetings[key] * (self.meetings[key] - 1) // 2 for key in repeated)

    def same_school_pairs(self, g: int) -> int:
        return sum(k * (k - 1) // 2 for load in self.school_load[g] for k in load.values())
