"""Why a correction changes a player's score, in words, for the preview shown before it is saved.

Each reason compares one fact as stored with the fact as now typed: who went out, the rack (its tiles, or
its value), the initial meld, how the game ended. A player whose own facts are unchanged but whose score
moves (the winner's gain, the lowest rack of a pool run out) is told it is because of the others' racks.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

import scoring
from referee.wording.seats import seat_label
from referee.wording.sentences import labelled, listed


def _rack_words(cards: bool, facts: scoring.PlayerInput, value: int) -> str:
    tiles = facts.rack if isinstance(facts.rack, str) else " ".join(facts.rack or ())
    if tiles:
        template = _("hand %(cards)s (%(value)d)") if cards else _("rack %(tiles)s (%(value)d)")
        return template % {"cards": tiles, "tiles": tiles, "value": value}
    template = _("hand value %(value)d") if cards else _("rack value %(value)d")
    return template % {"value": value}


def _value_change(cards: bool, before: int, after: int) -> str:
    template = _("hand value %(before)d → %(after)d") if cards else _("rack value %(before)d → %(after)d")
    return template % {"before": before, "after": after}


def fact_reasons(
    ruleset: scoring.Ruleset,
    before: scoring.PlayerInput,
    after: scoring.PlayerInput,
    values: tuple[int, int],
) -> list[str]:
    """The facts of one seat that differ, as short phrases; `values`: the rack value before and after."""
    cards = not ruleset.is_rummikub
    reasons = []
    if after.went_out and not before.went_out:
        return [_("went out")]
    if before.went_out and not after.went_out:
        reasons += [_("no longer went out"), _rack_words(cards, after, values[1])]
    elif (before.rack or "") != (after.rack or "") or values[0] != values[1]:
        if after.rack and (before.rack or "") != after.rack:
            reasons.append(_rack_words(cards, after, values[1]))
        else:
            reasons.append(_value_change(cards, *values))
    if ruleset.no_meld_penalty is not None and not after.went_out:
        if before.made_initial_meld != after.made_initial_meld:
            reasons.append(_("made the initial meld") if after.made_initial_meld else _("no initial meld"))
        elif (
            not after.made_initial_meld
            and before.could_meld != after.could_meld
            and after.could_meld is not None
        ):
            reasons.append(
                _("could have made the initial meld") if after.could_meld else _("could not have made it")
            )
    return reasons


def change_line(ruleset: scoring.Ruleset, letter: str, reasons: list[str], *, ending_changed: bool) -> str:
    """A seat and why its score changes: "A: no longer went out; rack R5 K7 (12)"."""
    if ending_changed:
        reasons = [_("how the game ended changed"), *reasons]
    if not reasons:
        reasons = [_("the others' racks changed") if ruleset.is_rummikub else _("the others' hands changed")]
    return labelled(seat_label(letter), listed(reasons, long=True))
