"""Plain-text tables and timing summaries shared by the benchmarks."""

from __future__ import annotations

import math
import statistics


def summary(seconds: list[float]) -> tuple[float, float, float]:
    """Median, 95th percentile (nearest rank) and maximum, in milliseconds."""
    ordered = sorted(seconds)
    rank = max(1, math.ceil(0.95 * len(ordered)))
    return (statistics.median(ordered) * 1e3, ordered[rank - 1] * 1e3, ordered[-1] * 1e3)


def print_table(headers: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]
    line = "  ".join(f"{h:>{w}}" for h, w in zip(headers, widths, strict=True))
    print(line)
    print("-" * len(line))
    for row in rows:
        print("  ".join(f"{str(cell):>{w}}" for cell, w in zip(row, widths, strict=True)))
