"""Turning the search's steps back into sets of tokens, in laid order."""

from __future__ import annotations

from .groups import lay_groups
from .moves import MIN_RUN
from .search import Step
from .tiles import JOKER, token

Laid = tuple[int, int, tuple[str, ...]]  # (first number, colour position, tokens) for ordering


def lay_out(colours: str, steps: list[Step]) -> tuple[list[Laid], list[list[int]]]:
    """The sets the steps describe, and how many real tiles of each colour and number they use."""
    colour_count = len(colours)
    used = [[0] * 15 for _ in colours]
    open_runs: list[list[tuple[int, list[str]]]] = [[] for _ in colours]
    laid: list[Laid] = []
    for number, moves, group_jokers in steps:
        copies: dict[int, int] = {}
        for colour, move in enumerate(moves):
            tile = token(colours, colour, number)
            runs = sorted(open_runs[colour], key=lambda run: min(len(run[1]), MIN_RUN))
            kept: list[tuple[int, list[str]]] = []
            for (start, tokens), action in zip(runs, move.actions, strict=True):
                if action == "S":
                    laid.append((start, colour, tuple(tokens)))
                    continue
                tokens.append(tile if action == "R" else JOKER)
                kept.append((start, tokens))
            kept += [(number, [tile]) for _ in range(move.new_real)]
            kept += [(number, [JOKER]) for _ in range(move.new_joker)]
            open_runs[colour] = kept
            used[colour][number] += move.actions.count("R") + move.new_real + move.to_groups
            if move.to_groups:
                copies[colour] = move.to_groups
        for members, jokers in lay_groups(colour_count, copies, group_jokers):
            group = tuple(token(colours, c, number) for c in members) + (JOKER,) * jokers
            laid.append((number, members[0], group))
    for colour, runs in enumerate(open_runs):
        laid.extend((start, colour, tuple(tokens)) for start, tokens in runs)
    return laid, used
