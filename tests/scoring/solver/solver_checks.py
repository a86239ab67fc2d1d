"""What every answer must satisfy, read by the engine's own set reader, and the engine's exhaustive search."""

from __future__ import annotations

from collections import Counter

from scoring.search import best_sets, by_tiles, by_value
from scoring.sets import read_tokens


def check_arrangement(answer, tiles: list[str], colours: str, objective: str) -> None:
    """Valid sets of 3 or more, drawn exactly from the input, worth the value the answer claims.

    The solvers serve the rulesets whose runs may go either way, and lay every run rising: each set is valid
    whichever direction the reader allows, and a best meld reads the same value either way."""
    laid = [t for s in answer.sets for t in s]
    assert Counter(laid) + Counter(answer.unplaced) == Counter(t.upper() for t in tiles)
    values = [read_tokens(s, colours, True).value for s in answer.sets]
    rising = [read_tokens(s, colours, False).value for s in answer.sets]
    if objective == "meld":
        assert sum(values) == answer.value == sum(rising)
    else:
        assert len(laid) == answer.value
    assert all(len(s) >= 3 for s in answer.sets)


def exhaustive_best(tiles: list[str], colours: str, objective: str) -> int:
    """The optimum by the engine's exhaustive search over every valid set (slow, plainly right)."""
    return best_sets(tiles, colours, by_value if objective == "meld" else by_tiles, either_way=True).weight
