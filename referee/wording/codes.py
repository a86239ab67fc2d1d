"""The engine's codes as words: rulesets, incidents, how a table was decided, match formats, score bases.

The engine speaks English and stable codes; everything a person reads of them is translated here.
"""

from __future__ import annotations

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

import scoring

RULESET_LABELS = {
    "hk-school": _("Hong Kong primary-school Rummikub"),
    "standard": _("Rummikub (standard rules)"),
    "six-player": _("Rummikub six-player edition"),
    "twist": _("Rummikub with a Twist"),
    "uno": _("UNO"),
}

# Keyed by the engine's English name, since one code can mean different things in different rulesets
# ("overtime" restores the table in hk-school but draws one tile in standard).
INCIDENT_LABELS = {
    "Turn over one minute: table restored": _("Turn over one minute: table restored"),
    "Turn over one minute, nothing played": _("Turn over one minute, nothing played"),
    "Turn over one minute, table cannot be restored": _("Turn over one minute, table cannot be restored"),
    "Incomplete move: table restored": _("Incomplete move: table restored"),
    "Incomplete move, places of tiles forgotten: tiles back to the pool": _(
        "Incomplete move, places of tiles forgotten: tiles back to the pool"
    ),
    "Incomplete move, places of tiles forgotten (strict tournament rule)": _(
        "Incomplete move, places of tiles forgotten (strict tournament rule)"
    ),
    "Three identical pairs dealt: redeal asked": _("Three identical pairs dealt: redeal asked"),
    "Another player's tile exposed while dealing": _("Another player's tile exposed while dealing"),
    "Forgot to call UNO and was caught": _("Forgot to call UNO and was caught"),
    "Advised another player": _("Advised another player"),
    "Played a wrong card": _("Played a wrong card"),
    "Illegal Wild Draw Four, challenged": _("Illegal Wild Draw Four, challenged"),
    "Failed challenge of a Wild Draw Four": _("Failed challenge of a Wild Draw Four"),
}

DECIDED_BY_LABELS = {
    "games-won": _("most games won"),
    "total-score": _("games won equal; higher total score"),
    "target": _("first to reach the target score"),
    "tie-break": _("a tie broken by the organisers"),
    "unresolved": _("a tie on games won and total score"),
    "in-play": _("still in play"),
    "unsigned": _("finished, awaiting sign-off"),
    "held": _("results held until the round is released"),
    "unconfirmed": _("signed off, awaiting confirmation"),
}

MATCH_FORMAT_LABELS = {
    "fixed-games": _("a fixed number of games per table"),
    "rounds": _("rounds: as many games as players per round"),
    "target": _("play until someone reaches the target score"),
}

BASIS_LABELS = {
    "went-out": pgettext_lazy("score basis", "went out"),
    "tiles": pgettext_lazy("score basis", "tiles on the rack"),
    "cards": pgettext_lazy("score basis", "cards in hand"),
    "no-meld-insufficient": pgettext_lazy("score basis", "no initial meld, could not have made it"),
    "no-meld-sufficient": pgettext_lazy("score basis", "no initial meld, could have made it"),
}


def ruleset_choices() -> list[tuple[str, StrOrPromise]]:
    """Choices for Tournament.ruleset, in the engine's registry order (called lazily by Django)."""
    return [(ruleset.key, ruleset_label(ruleset.key)) for ruleset in scoring.all_rulesets()]


def ruleset_label(key: str) -> StrOrPromise:
    if key in RULESET_LABELS:
        return RULESET_LABELS[key]
    try:
        return scoring.get_ruleset(key).name
    except scoring.ScoringError:
        return key


def incident_label(ruleset_key: str | scoring.Ruleset, code: str) -> StrOrPromise:
    kind = scoring.get_ruleset(ruleset_key).incident(code)
    if kind is None:
        return code
    return INCIDENT_LABELS.get(kind.name, kind.name)


def incident_choices(ruleset_key: str | scoring.Ruleset) -> list[tuple[str, StrOrPromise]]:
    return [
        (kind.code, incident_label(ruleset_key, kind.code))
        for kind in scoring.get_ruleset(ruleset_key).incidents
    ]


def decided_by_label(code: str) -> str:
    return str(DECIDED_BY_LABELS.get(code, code))


def basis_label(basis: str) -> StrOrPromise:
    return BASIS_LABELS.get(basis, basis)


def outcome_reason(decided_by: str, how: str = "") -> str:
    """How a table was decided, in the site's words; `how` the organisers broke a tie, when they did."""
    reason = decided_by_label(decided_by)
    if how:
        return gettext("%(rule)s: %(how)s") % {"rule": reason, "how": how}
    return reason


def match_format_label(ruleset_key: str) -> str:
    return str(MATCH_FORMAT_LABELS.get(scoring.get_ruleset(ruleset_key).match_format, ""))
