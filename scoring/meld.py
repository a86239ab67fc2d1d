"""The initial-meld value of a rack and the restore of a table, through the fastest exact path.

Racks holding only number tiles and regular jokers go to the fast solver `scoring.solver` when it is
importable; racks with special twist jokers (D, C, M), and every rack while the solver is missing, go to the
exhaustive search `scoring.search`. Every answer of the fast solver is checked (valid sets drawn from the
input, the value they read back to); an answer that fails the check is replaced by the search's.
"""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scoring.errors import InvalidSet
from scoring.notation import parse_tiles
from scoring.rulesets import Ruleset, rummikub_ruleset
from scoring.search import best_sets, by_tiles, by_value
from scoring.sets import read_tokens

MAX_MELD, RESTORE = "max_meld", "restore"


@dataclass(frozen=True)
class Meld:
    """Disjoint valid sets drawn from the input, each in laid order, and the input tiles left over (sorted).

    `value` is the total meld value for `max_meld`, the number of tiles placed for `restore`."""

    value: int
    sets: tuple[tuple[str, ...], ...]
    unplaced: tuple[str, ...]


def max_meld(ruleset: str | Ruleset, tiles: str | Sequence[str]) -> Meld:
    """The largest total of disjoint valid sets from the rack alone; a joker counts what it stands for."""
    rules = rummikub_ruleset(ruleset)
    return _solve(rules, parse_tiles(rules, tiles, field="rack"), MAX_MELD)


def restore(ruleset: str | Ruleset, tiles: str | Sequence[str]) -> Meld:
    """The most tiles that can be laid in valid sets (the table after an overtime), the rest left over."""
    rules = rummikub_ruleset(ruleset)
    return _solve(rules, parse_tiles(rules, tiles, field="tiles"), RESTORE)


def could_meld(ruleset: str | Ruleset, tiles: str | Sequence[str]) -> bool:
    """Whether the rack alone reaches the ruleset's initial-meld threshold (30)."""
    rules = rummikub_ruleset(ruleset)
    return max_meld(rules, tiles).value >= (rules.meld_threshold or 0)


def fast_solver(purpose: str) -> Callable[..., object] | None:
    """The solver's function for `purpose`, or None while `scoring.solver` cannot be imported."""
    try:
        from scoring import solver
    except ImportError:
        return None
    return getattr(solver, purpose, None)


def _solve(rules: Ruleset, tokens: tuple[str, ...], purpose: str) -> Meld:
    solver = None if rules.deck.has_special_jokers(tokens) else fast_solver(purpose)
    if solver is not None:
        answer = solver(list(tokens), colours=rules.colours)
        checked = _checked(rules, tokens, answer, purpose)
        if checked is not None:
            return checked
        warnings.warn(f"scoring.solver.{purpose} gave a wrong answer for {' '.join(tokens)}", stacklevel=2)
    return _searched(rules, tokens, purpose)


def _searched(rules: Ruleset, tokens: tuple[str, ...], purpose: str) -> Meld:
    weigh = by_value if purpose == MAX_MELD else by_tiles
    result = best_sets(tokens, rules.colours, weigh, either_way=rules.runs_either_way)
    unplaced = tuple(sorted(result.unplaced, key=rules.deck.sort_key))
    return Meld(result.weight, result.sets, unplaced)


def _checked(rules: Ruleset, tokens: tuple[str, ...], answer: object, purpose: str) -> Meld | None:
    """The solver's answer as a Meld if it holds up, None if any set is invalid or the counts disagree."""
    try:
        sets = tuple(tuple(str(token) for token in laid) for laid in answer.sets)  # type: ignore[attr-defined]
        unplaced = tuple(str(token) for token in answer.unplaced)  # type: ignore[attr-defined]
        value = int(answer.value)  # type: ignore[attr-defined]
        readings = [read_tokens(laid, rules.colours, rules.runs_either_way) for laid in sets]
    except (AttributeError, TypeError, ValueError, InvalidSet):
        return None
    if Counter(token for laid in sets for token in laid) + Counter(unplaced) != Counter(tokens):
        return None
    expected = sum(r.value for r in readings) if purpose == MAX_MELD else sum(len(laid) for laid in sets)
    if value != expected:
        return None
    return Meld(value, sets, tuple(sorted(unplaced, key=rules.deck.sort_key)))
