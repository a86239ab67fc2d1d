"""The meld and restore searches against the reference integer programme (HiGHS), on the same positions."""

from __future__ import annotations

import os
import random
import resource
import time
import tracemalloc
from collections.abc import Callable

from scoring.solver import max_meld, restore

from .ilp_worker import IlpWorker
from .positions import random_heap, random_rack, random_table
from .reading import check
from .report import print_table, summary

COLOURS = "KRBY"
SEED = 20150601
RACKS = {14: 200, 20: 200, 30: 150, 40: 150}  # rack size: positions
TABLES = {40: 60, 60: 50, 80: 40, 104: 30}  # about this many tiles in valid sets, plus 0-3 loose
HEAPS = (15, 80, 200)  # random heaps of 15 to 80 tiles: positions
TARGETS = {  # (kind, size): (median ms, max ms) from issue 7
    ("meld", 14): (1, 50),
    ("meld", 20): (1, 50),
    ("meld", 30): (10, 250),
    ("meld", 40): (10, 250),
}
RESTORE_TARGET = (25, 500)


def _positions() -> list[tuple[str, str, list[list[str]]]]:
    """(kind, size label, positions), each group from its own fixed seed."""
    groups = []
    for size, count in RACKS.items():
        rng = random.Random(SEED + size)
        groups.append(("meld", str(size), [random_rack(rng, size) for _ in range(count)]))
    for size, count in TABLES.items():
        rng = random.Random(SEED + 1000 + size)
        groups.append(("table", str(size), [random_table(rng, size) for _ in range(count)]))
    low, high, count = HEAPS
    rng = random.Random(SEED + 2000)
    groups.append(("heap", f"{low}-{high}", [random_heap(rng, low, high) for _ in range(count)]))
    return groups


def _timed(function: Callable, *args, **kwargs) -> tuple[object, float]:
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - start


def _measure(
    kind: str, positions: list[list[str]], worker: IlpWorker
) -> tuple[list[float], list[float], list[str]]:
    objective = "meld" if kind == "meld" else "restore"
    search = max_meld if kind == "meld" else restore
    ours, ilp, problems = [], [], []
    for index, tiles in enumerate(positions):
        answer, ours_time = _timed(search, tiles, colours=COLOURS)
        best, ilp_time = worker.solve(tiles, COLOURS, objective)
        ours.append(ours_time)
        ilp.append(ilp_time)
        wrong = check(answer, tiles, COLOURS, objective)
        if wrong is None and answer.value != best:
            wrong = f"value {answer.value}, ILP {best}"
        if wrong:
            problems.append(f"{kind} #{index} {' '.join(tiles)}: {wrong}")
    return ours, ilp, problems


def _peak_solver_memory(groups) -> float:
    """Peak memory (MB) allocated by our search alone, on the largest positions, in an untimed pass."""
    tracemalloc.start()
    for kind, label, positions in groups:
        if label in ("40", "104", "15-80"):
            search = max_meld if kind == "meld" else restore
            for tiles in positions[:20]:
                search(tiles, colours=COLOURS)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def _verdicts(kind: str, size: str, ours: tuple[float, float, float], ratio: float) -> str:
    median, _, worst = ours
    limit = TARGETS.get((kind, int(size))) if kind == "meld" else RESTORE_TARGET
    verdict = "ok" if median <= limit[0] and worst <= limit[1] else "OVER"
    if kind == "meld" and size in ("14", "20") and ratio < 3:
        verdict = "OVER (ratio)"
    return verdict


def run() -> bool:
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    groups = _positions()
    worker = IlpWorker()
    warm = groups[0][2][0]
    max_meld(warm, colours=COLOURS)
    worker.solve(warm, COLOURS, "meld")
    rows, problems = [], []
    for kind, size, positions in groups:
        ours, ilp, wrong = _measure(kind, positions, worker)
        problems += wrong
        mine, theirs = summary(ours), summary(ilp)
        ratio = theirs[0] / mine[0]
        tiles = sum(len(p) for p in positions) / len(positions)
        rows.append(
            [
                kind,
                size,
                f"{tiles:.1f}",
                len(positions),
                *(f"{v:.2f}" for v in mine),
                *(f"{v:.2f}" for v in theirs),
                f"{ratio:.1f}x",
                f"{len(positions) - len(wrong)}/{len(positions)}",
                _verdicts(kind, size, mine, ratio),
            ]
        )
    headers = [
        "kind",
        "size",
        "tiles",
        "n",
        "ours med",
        "p95",
        "max",
        "ILP med",
        "p95",
        "max",
        "ILP/ours",
        "agree",
        "target",
    ]
    print("Times in milliseconds per position; ILP = den Hertog-Hulshof model solved by HiGHS (1 thread).")
    print_table(headers, rows)
    ilp_peak = worker.close()
    solver_peak = _peak_solver_memory(groups)
    process_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"peak memory: our search {solver_peak:.1f} MB allocated (tracemalloc); "
        f"this process {process_peak:.1f} MB max RSS (search and harness); "
        f"ILP worker {ilp_peak:.1f} MB max RSS (HiGHS, numpy); "
        f"both processes together at most {process_peak + ilp_peak:.1f} MB"
    )
    print(
        f"wall time {time.perf_counter() - started:.0f} s; load average {load_before:.1f} at the start, "
        f"{os.getloadavg()[0]:.1f} at the end ({os.cpu_count()} CPUs); other work on the machine "
        "slows both sides"
    )
    for problem in problems:
        print("DISAGREEMENT " + problem)
    return not problems
