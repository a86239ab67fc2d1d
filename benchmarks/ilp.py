"""The reference: the integer programme of den Hertog and Hulshof over all valid sets, solved by HiGHS.

One column per valid set (runs of 3 to 5 tiles, since longer runs split into those;
groups of 3 up to one tile per colour; every way for jokers to stand in), with the
number of copies of that set laid as an integer 0..2. One row per tile kind (and one
for jokers): the sets laid may use at most the copies given. The objective is the
sets' values (meld) or their sizes (restore). As in the public solvers, the set list
is built once; each position only sets the tile counts and solves.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import highspy
import numpy as np

HIGHEST = 13
MAX_RUN = 5
JOKER = "J"


@cache
def set_templates(colours: str, jokers: int) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Every valid set up to jokers standing in, as (laid tokens, meld value); best value per tile mix."""
    shapes = []
    for colour in colours:
        for length in range(3, MAX_RUN + 1):
            for first in range(1, HIGHEST - length + 2):
                numbers = range(first, first + length)
                shapes.append(([f"{colour}{n}" for n in numbers], sum(numbers)))
    for number in range(1, HIGHEST + 1):
        for size in range(3, len(colours) + 1):
            for chosen in combinations(colours, size):
                shapes.append(([f"{c}{number}" for c in chosen], number * size))
    best: dict[tuple, tuple[tuple[str, ...], int]] = {}
    for members, value in shapes:
        for joker_count in range(min(jokers, len(members)) + 1):
            for places in combinations(range(len(members)), joker_count):
                laid = tuple(JOKER if i in places else m for i, m in enumerate(members))
                key = tuple(sorted(laid))
                if key not in best or best[key][1] < value:
                    best[key] = (laid, value)
    for size in range(3, jokers + 1):
        laid = (JOKER,) * size
        best[laid] = (
            laid,
            HIGHEST * size if size <= len(colours) else sum(range(HIGHEST - size + 1, HIGHEST + 1)),
        )
    return tuple(best.values())


@cache
def _matrix(colours: str, jokers: int):
    """The constraint matrix (column-wise) and the two objectives, built once per ruleset shape."""
    kinds = [f"{c}{n}" for c in colours for n in range(1, HIGHEST + 1)] + [JOKER]
    row_of = {kind: i for i, kind in enumerate(kinds)}
    templates = set_templates(colours, jokers)
    start, index, value = [0], [], []
    for laid, _ in templates:
        for kind, count in sorted(Counter(laid).items(), key=lambda item: row_of[item[0]]):
            index.append(row_of[kind])
            value.append(float(count))
        start.append(len(index))
    meld = np.array([float(v) for _, v in templates])
    placed = np.array([float(len(laid)) for laid, _ in templates])
    return (
        kinds,
        templates,
        np.array(start, dtype=np.int32),
        np.array(index, dtype=np.int32),
        np.array(value),
        meld,
        placed,
    )


def solve_ilp(tiles: list[str], colours: str, objective: str, max_jokers: int = 2) -> int:
    """The optimum of the integer programme for these tiles: meld value, or tiles placed."""
    kinds, templates, start, index, value, meld, placed = _matrix(colours, max_jokers)
    counts = Counter(tiles)
    highs = highspy.Highs()
    highs.setOptionValue("output_flag", False)
    highs.setOptionValue("threads", 1)
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = len(templates), len(kinds)
    lp.col_cost_ = meld if objective == "meld" else placed
    lp.col_lower_ = np.zeros(len(templates))
    lp.col_upper_ = np.full(len(templates), 2.0)
    lp.row_lower_ = np.zeros(len(kinds))
    lp.row_upper_ = np.array([float(counts[kind]) for kind in kinds])
    lp.sense_ = highspy.ObjSense.kMaximize
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_, lp.a_matrix_.index_, lp.a_matrix_.value_ = start, index, value
    lp.integrality_ = [highspy.HighsVarType.kInteger] * len(templates)
    highs.passModel(lp)
    highs.run()
    return round(highs.getInfo().objective_function_value)
