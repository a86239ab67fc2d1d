"""The registry: every ruleset by key, in a fixed order. Adding a ruleset is one module and one line here."""

from __future__ import annotations

from scoring.errors import RulesetError
from scoring.rulesets import hk_school, six_player, standard, twist, uno
from scoring.rulesets.base import IncidentKind, NoMeldPenalty, Ruleset

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


def get_ruleset(key: str | Ruleset) -> Ruleset:
    """The ruleset for `key` (a Ruleset passes through); RulesetError(`unknown-ruleset`) otherwise."""
    if isinstance(key, Ruleset):
        return key
    if isinstance(key, str) and key in _BY_KEY:
        return _BY_KEY[key]
    known = ", ".join(_BY_KEY)
    raise RulesetError("unknown-ruleset", f"unknown ruleset {key!r}; known: {known}", "ruleset")


def rummikub_ruleset(key: str | Ruleset) -> Ruleset:
    """As get_ruleset, for operations that only Rummikub has (sets, melds, table restore)."""
    ruleset = get_ruleset(key)
    if not ruleset.is_rummikub:
        raise RulesetError("unsupported-ruleset", f"{ruleset.key} has no tile sets to meld", "ruleset")
    return ruleset


__all__ = ["IncidentKind", "NoMeldPenalty", "Ruleset", "all_rulesets", "get_ruleset", "rummikub_ruleset"]
