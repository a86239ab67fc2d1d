"""The seating draw against Matchplay's baseline (1,000 random draws, the best kept) on the same instances.

Each baseline draw is a random permutation cut into tables of the rule's sizes, scored by the engine's own
objective: same-school pairs first, then the repeat cost (k(k-1)/2 for a pair met k times, 10 more per
meeting in consecutive rounds). Rounds drawn one after another build each side's own history.

`run()` is False only for a wrong answer: a player missing or seated twice, a table of the wrong size,
same-school pairs above the minimum, or a schedule worse than the baseline's. Slow figures are printed.
Targets (2 cores, pure Python): the school event with no same-school pair and no repeat, each round under
1 s; 16x5 and 32x8 repeat-free under 10 s; 32x9 and 32x10 reported (goal: repeat-free); 1,000 players, a
round under 5 s.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass, field

from seating import DrawRequest, Player, TableSize, draw

from .report import print_table, summary

SEED = 20260301
BASELINE_DRAWS = 1000
RUMMIKUB = TableSize(4, 3)
Round = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Instance:
    label: str
    players: tuple[Player, ...]
    rounds: int
    at_once: bool
    target: str
    round_seconds: float | None = None
    repeat_free: bool = False


@dataclass
class Outcome:
    rounds: list[Round] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    minimum: list[int] = field(default_factory=list)


def _schools(sizes: list[int], prefix: str = "") -> tuple[Player, ...]:
    return tuple(Player(f"{prefix}s{s}-{k}", f"S{s}") for s, count in enumerate(sizes) for k in range(count))


def _plain(count: int) -> tuple[Player, ...]:
    return tuple(Player(f"p{i}") for i in range(count))


def _instances() -> list[Instance]:
    thousand = [40 + (i % 7) * 3 - 9 for i in range(40)]
    thousand[-1] += 1000 - sum(thousand)
    return [
        Instance(
            "school event, 160 players, 8 schools",
            _schools([40, 30, 25, 20, 15, 12, 10, 8]),
            4,
            False,
            "0 school, 0 repeats, round < 1 s",
            1.0,
            True,
        ),
        Instance("17 players, 3 schools", _schools([7, 6, 4]), 4, False, "at least the baseline"),
        Instance("16 players x 5 at once", _plain(16), 5, True, "repeat-free < 10 s", 10.0, True),
        Instance("32 players x 8 at once", _plain(32), 8, True, "repeat-free < 10 s", 10.0, True),
        Instance("32 players x 9 at once", _plain(32), 9, True, "reported (goal repeat-free)"),
        Instance("32 players x 10 at once", _plain(32), 10, True, "reported (goal repeat-free)"),
        Instance("1,000 players, 40 schools", _schools(thousand), 10, False, "round < 5 s", 5.0),
    ]


def _rule_sizes(count: int, size: TableSize) -> list[int]:
    """The rule, written again: most full tables, then fewest tables for the rest, as even as possible."""
    for full in range(count // size.max, -1, -1):
        rest = count - full * size.max
        if rest == 0:
            return [size.max] * full
        tables = -(-rest // (size.max - 1))
        if tables * size.min <= rest:
            base, larger = divmod(rest, tables)
            return [size.max] * full + [base + 1] * larger + [base] * (tables - larger)
    raise ValueError("no sizes")


class Scorer:
    """The objective, counted independently of the engine, one round at a time, on player numbers."""

    def __init__(self, players: tuple[Player, ...]) -> None:
        self.index = {p.id: i for i, p in enumerate(players)}
        numbering = {school: n for n, school in enumerate(sorted({p.school for p in players if p.school}))}
        self.school = [numbering[p.school] if p.school else -1 - i for i, p in enumerate(players)]
        self.count = len(players)
        self.met = bytearray(self.count * self.count)
        self.last = [-1 - i for i in range(self.count)]

    def numbers(self, round_: Round) -> list[list[int]]:
        return [[self.index[p] for p in table] for table in round_]

    def score(self, tables: list[list[int]]) -> tuple[int, int]:
        """Same-school pairs of the round, and what it adds to the repeat cost (one per earlier meeting
        of each pair, ten more if the pair sat together in the round before)."""
        school, met, last, n = self.school, self.met, self.last, self.count
        pairs = cost = 0
        for table in tables:
            for i, x in enumerate(table):
                row = x * n
                for y in table[i + 1 :]:
                    pairs += school[x] == school[y]
                    cost += met[row + y] + 10 * (last[x] == last[y])
        return pairs, cost

    def play(self, tables: list[list[int]]) -> None:
        n = self.count
        for number, table in enumerate(tables):
            for i, x in enumerate(table):
                self.last[x] = number
                for y in table[i + 1 :]:
                    self.met[x * n + y] += 1
                    self.met[y * n + x] += 1

    def repeat_pairs(self) -> int:
        return sum(1 for k in self.met if k > 1) // 2

    def most_met(self) -> int:
        return max(self.met, default=0)


def _random_round(count: int, sizes: list[int], rng: random.Random) -> list[list[int]]:
    order = list(range(count))
    rng.shuffle(order)
    tables, cut = [], 0
    for size in sizes:
        tables.append(order[cut : cut + size])
        cut += size
    return tables


def _baseline(instance: Instance, rng: random.Random) -> Outcome:
    count = len(instance.players)
    sizes = _rule_sizes(count, RUMMIKUB)
    ids = [p.id for p in instance.players]
    chosen: list[list[list[int]]] = []
    started = time.perf_counter()
    if instance.at_once:
        best: tuple[tuple[int, int], list[list[list[int]]]] | None = None
        for _ in range(BASELINE_DRAWS):
            scorer, rounds, key = Scorer(instance.players), [], (0, 0)
            for _ in range(instance.rounds):
                tables = _random_round(count, sizes, rng)
                pairs, cost = scorer.score(tables)
                key = (key[0] + pairs, key[1] + cost)
                scorer.play(tables)
                rounds.append(tables)
            if best is None or key < best[0]:
                best = (key, rounds)
        assert best is not None
        chosen = best[1]
    else:
        scorer = Scorer(instance.players)
        for _ in range(instance.rounds):
            candidates = [_random_round(count, sizes, rng) for _ in range(BASELINE_DRAWS)]
            tables = min(candidates, key=scorer.score)
            scorer.play(tables)
            chosen.append(tables)
    seconds = time.perf_counter() - started
    rounds = [tuple(tuple(ids[p] for p in table) for table in tables) for tables in chosen]
    return Outcome(rounds=rounds, seconds=[seconds])


def _ours(instance: Instance) -> Outcome:
    outcome = Outcome()
    history: tuple[Round, ...] = ()
    calls = [(instance.rounds, SEED)] if instance.at_once else [(1, SEED + r) for r in range(instance.rounds)]
    for rounds, seed in calls:
        request = DrawRequest(instance.players, RUMMIKUB, history=history, rounds=rounds, seed=seed)
        started = time.perf_counter()
        drawn = draw(request)
        outcome.seconds.append(time.perf_counter() - started)
        outcome.rounds.extend(drawn.rounds)
        outcome.minimum.extend(r.same_school_pairs_min for r in drawn.report.by_round)
        history += drawn.rounds
    return outcome


def _figures(instance: Instance, rounds: list[Round]) -> tuple[int, int, int, int]:
    """Same-school pairs, repeat pairs, most meetings of a pair, repeat cost."""
    scorer = Scorer(instance.players)
    school = cost = 0
    for round_ in rounds:
        tables = scorer.numbers(round_)
        pairs, added = scorer.score(tables)
        school, cost = school + pairs, cost + added
        scorer.play(tables)
    return school, scorer.repeat_pairs(), scorer.most_met(), cost


def _wrong(instance: Instance, ours: Outcome, baseline: Outcome) -> list[str]:
    problems = []
    ids = sorted(p.id for p in instance.players)
    sizes = sorted(_rule_sizes(len(ids), RUMMIKUB), reverse=True)
    scorer = Scorer(instance.players)
    for number, round_ in enumerate(ours.rounds, 1):
        if sorted(p for t in round_ for p in t) != ids:
            problems.append(f"round {number}: a player missing or seated twice")
        if sorted((len(t) for t in round_), reverse=True) != sizes:
            problems.append(f"round {number}: table sizes {sorted(len(t) for t in round_)}")
        pairs, least = scorer.score(scorer.numbers(round_))[0], ours.minimum[number - 1]
        if pairs != least:
            problems.append(f"round {number}: {pairs} same-school pairs, the least is {least}")
    mine, theirs = _figures(instance, ours.rounds), _figures(instance, baseline.rounds)
    if (mine[0], mine[3]) > (theirs[0], theirs[3]):
        problems.append(f"worse than the baseline: {mine} against {theirs}")
    return problems


def _verdict(instance: Instance, ours: Outcome, figures: tuple[int, int, int, int]) -> str:
    slow = instance.round_seconds is not None and max(ours.seconds) > instance.round_seconds
    repeats = (instance.repeat_free or figures[1]) and figures[1] > 0
    if instance.repeat_free and (figures[1] > 0 or figures[0] > 0):
        return "MISSED"
    if slow:
        return "OVER (time)"
    return "ok" if not repeats else "reported"


def _row(instance: Instance, ours: Outcome, baseline: Outcome) -> list[str]:
    mine, theirs = _figures(instance, ours.rounds), _figures(instance, baseline.rounds)
    median, _, worst = summary(ours.seconds)
    return [
        instance.label,
        str(instance.rounds),
        *(str(v) for v in mine),
        f"{median / 1e3:.2f}",
        f"{worst / 1e3:.2f}",
        f"{sum(ours.seconds):.2f}",
        *(str(v) for v in theirs),
        f"{sum(baseline.seconds):.1f}",
        instance.target,
        _verdict(instance, ours, mine),
    ]


def run() -> bool:
    started, load_before = time.perf_counter(), os.getloadavg()
    rng = random.Random(SEED)
    rows, problems = [], []
    for instance in _instances():
        ours = _ours(instance)
        baseline = _baseline(instance, rng)
        problems += [f"{instance.label}: {p}" for p in _wrong(instance, ours, baseline)]
        rows.append(_row(instance, ours, baseline))
    headers = [
        "instance",
        "rounds",
        "school",
        "repeats",
        "most met",
        "cost",
        "med s",
        "max s",
        "total s",
        "base school",
        "repeats",
        "most met",
        "cost",
        "base s",
        "target",
        "verdict",
    ]
    print(
        "Ours: one draw per round (one after another) or one draw of every round (at once); seconds per draw."
    )
    print(f"Baseline: the best of {BASELINE_DRAWS:,} random draws per round (per schedule at once).")
    print_table(headers, rows)
    loads = " ".join(f"{load:.2f}" for load in load_before)
    print(
        f"wall time {time.perf_counter() - started:.0f} s; load average {loads} at the start, "
        f"{os.getloadavg()[0]:.2f} at the end ({os.cpu_count()} CPUs)"
    )
    for problem in problems:
        print("WRONG " + problem)
    return not problems
