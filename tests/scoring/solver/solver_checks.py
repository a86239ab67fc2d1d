"""Checks every answer must pass, whatever the position: valid sets, drawn from the input, value as read."""

from __future__ import annotations

from collections import Counter

from set_reading import set_value


def check_arrangement(answer, tiles: list[str], colours: str, objective: str) -> None:
    laid = [t for s in answer.sets for t in s]
    assert Counter(laid) + Counter(answer.unplaced) == Counter(t.upper() for t in tiles)
    values = [set_value(s, len(colours)) for s in answer.sets]
    assert None not in values, f"invalid set in {answer.sets}"
    if objective == "meld":
        assert sum(values) == answer.value
    else:
        assert len(laid) == answer.value
    assert all(len(s) >= 3 for s in answer.sets)
