"""Display helpers: exact scores shown as people read them, seat letters, and translated engine codes."""

from __future__ import annotations

import datetime
from fractions import Fraction

from django import template
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

import scoring
from referee import rulesets, wording
from referee.models.results import Ending
from referee.numbers import count_text, score_text
from referee.seats import seat_label as _seat_label

register = template.Library()
TILE_COLOURS = "KRBYGP"


@register.filter
def score(value: Fraction | int | None) -> str:
    """+118, -7, 0, +7.50: the sign written out, as on the school scoresheet."""
    return score_text(value)


@register.filter
def count(value: Fraction | int | None) -> str:
    """Games won: 2, or 1.50 when shared wins are split."""
    return count_text(value)


@register.filter
def seat_label(letter: str) -> str:
    return _seat_label(letter)


@register.filter
def basis_label(basis: str) -> str:
    return str(rulesets.basis_label(basis))


@register.filter
def ending_label(ending: str) -> str:
    try:
        return str(Ending(ending).label)
    except ValueError:
        return ending


@register.simple_tag
def incident_label(tournament, code: str) -> str:
    return str(rulesets.incident_label(tournament.ruleset, code))


@register.filter
def match_format_label(ruleset_key: str) -> str:
    return str(rulesets.MATCH_FORMAT_LABELS.get(scoring.get_ruleset(ruleset_key).match_format, ""))


@register.filter
def user_name(user) -> str:
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()


@register.filter
def day_and_time(moment: datetime.datetime | None) -> str:
    """A moment of this season, the same way round in every reader's head: 5 Dec 06:30, 12月5日 06:30
    (a Hong Kong reader takes 12/5 for the 12th of May)."""
    if moment is None:
        return ""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return date_format(moment, pgettext("format of a day and a time", "j M H:i"))


@register.filter(is_safe=True)
def spaced(text: str) -> str:
    """A Chinese sentence with a space where an English name meets Chinese text (only spaces are added, so
    text already safe stays safe)."""
    return wording.spaced(text)


@register.filter
def yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


@register.filter
def tile_chips(tiles: str) -> str:
    """Tiles as small coloured chips (R7 red, K13 black, J joker), so a rack reads at a glance."""
    chips = []
    for token in (tiles or "").split():
        colour = token[0] if len(token) > 1 and token[0] in TILE_COLOURS else "J"
        chips.append(format_html('<span class="tile tile-{}">{}</span>', colour, token))
    return mark_safe(" ".join(chips))  # every chip is escaped by format_html


@register.filter
def decided_by_label(code: str) -> str:
    return str(rulesets.decided_by_label(code))


@register.filter
def moment(value: datetime.datetime | None) -> str:
    """A date and a 24-hour time in Hong Kong time: "Nov. 23, 2026 07:43", "2026年11月23日 07:43". Never
    "7:43 a.m.", whose own full stop doubled the one ending a sentence."""
    if value is None:
        return ""
    local = timezone.localtime(value) if timezone.is_aware(value) else value
    return f"{date_format(local, 'DATE_FORMAT')} {local:%H:%M}"
