"""The registry: every ruleset by key, in a fixed order. Adding a ruleset is one module and one line here."""

from __future__ import annotations

from dataclasses import replace

from scoring.errors import RulesetError
from scoring.rulesets import hk_school, six_player, standard, twist, uno
from scoring.rulesets.base import IncidentKind, NoMeldPenalty, Ruleset, SmallSet
from scoring.rulesets.options import SMALL_SET, STRICT, RulesetOptions

_REGISTRY: tuple[Ruleset, ...] = (
    hk_school.RULESET,
    standard.RULESET,
    six_player.RULESET,
    twist.RULESET,
    uno.RULESET,
)
_BY_KEY = {ruleset.key: ruleset for ruleset in _REGISTRY}


def all_rulesets() -> tuple[Ruleset, ...]:
    return _REGISTRY


def get_ruleset(key: str | Ruleset, options: RulesetOptions | None = None) -> Ruleset:
    """The ruleset for `key` (a Ruleset passes through); RulesetError(`unknown-ruleset`) otherwise.

    With `options`, the ruleset as a tournament plays it (`rulesets.options`): `get_ruleset("six-player",
    RulesetOptions(small_set=True))` has the 104-tile set. Every function of the engine that takes a ruleset
    takes such a ruleset too."""
    if isinstance(key, Ruleset):
        found = key
    elif isinstance(key, str) and key in _BY_KEY:
        found = _BY_KEY[key]
    else:
        known = ", ".join(_BY_KEY)
        raise RulesetError("unknown-ruleset", f"unknown ruleset {key!r}; known: {known}", "ruleset")
    if options is None:
        return found
    return with_options(_BY_KEY.get(found.key, found), options)


def with_options(ruleset: Ruleset, options: RulesetOptions) -> Ruleset:
    """`ruleset` as played with `options`; an option switched on where the ruleset has none is refused."""
    for name in (SMALL_SET, STRICT):
        value = getattr(options, name)
        if not isinstance(value, bool):
            raise RulesetError("bad-option", f"{name} must be true or false", f"options.{name}")
        if value and name not in ruleset.offered_options():
            offered = ", ".join(ruleset.offered_options()) or "none"
            raise RulesetError(
                "unsupported-option",
                f"{ruleset.key} has no option {name} (its options: {offered})",
                f"options.{name}",
            )
    variant = replace(ruleset, options=options)
    if options.small_set and ruleset.small_deck is not None:
        small = ruleset.small_deck
        variant = replace(variant, deck=small.deck, max_players=min(ruleset.max_players, small.max_players))
    if options.strict and ruleset.strict_incidents is not None:
        variant = replace(variant, incidents=ruleset.strict_incidents)
    return variant


def rummikub_ruleset(key: str | Ruleset) -> Ruleset:
    """As get_ruleset, for operations that only Rummikub has (sets, melds, table restore)."""
    ruleset = get_ruleset(key)
    if not ruleset.is_rummikub:
        raise RulesetError("unsupported-ruleset", f"{ruleset.key} has no tile sets to meld", "ruleset")
    return ruleset


__all__ = [
    "IncidentKind",
    "NoMeldPenalty",
    "Ruleset",
    "RulesetOptions",
    "SmallSet",
    "all_rulesets",
    "get_ruleset",
    "rummikub_ruleset",
    "with_options",
]
