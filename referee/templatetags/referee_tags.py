"""The templates' face of `referee.wording`: each filter hands its value to the one function that words it.

Only the tile chips, which are HTML, are made here.
"""

from __future__ import annotations

import datetime
from fractions import Fraction
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from referee.results.table_rules import table_ruleset
from referee.wording import codes, labels, names, seats, sentences, times
from referee.wording.figures import count_text, rank_text, score_text

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
    return seats.seat_label(letter)


@register.filter
def seat_list(letters: list[str]) -> str:
    """Seats in a line as the language lists them: "A, C", 「甲、丙」."""
    return sentences.listed(seats.seat_label(letter) for letter in letters)


@register.filter
def basis_label(basis: str) -> str:
    return str(codes.basis_label(basis))


@register.filter
def ending_label(ending: str) -> str:
    return labels.ending_label(ending)


@register.simple_tag
def incident_label(tournament: Any, code: str) -> str:
    return str(codes.incident_label(table_ruleset(tournament), code))


@register.filter
def match_format_label(ruleset_key: str) -> str:
    return codes.match_format_label(ruleset_key)


@register.filter
def user_name(user: Any) -> str:
    return names.user_name(user)


@register.filter
def day_and_time(moment: datetime.datetime | None) -> str:
    """5 Dec 06:30, 12月5日 06:30."""
    return times.day_and_time(moment)


@register.filter(is_safe=True)
def spaced(text: str) -> str:
    """A Chinese sentence with a space where an English name meets Chinese text (only spaces are added, so
    text already safe stays safe)."""
    return sentences.spaced(text)


@register.filter
def door_label(state: str) -> str:
    """A child's attendance in the check-in page's words, as its buttons say them ("here", not "present")."""
    return labels.attendance_label(state)


@register.filter
def yes_no(value: bool) -> str:
    return labels.yes_no(bool(value))


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
    return codes.decided_by_label(code)


@register.filter
def moment(value: datetime.datetime | None) -> str:
    """23 Nov 2026 07:43, 2026年11月23日 07:43."""
    return times.moment_text(value)


@register.filter
def rank(row: Any) -> str:
    """A standings row's rank as printed: 3, or =3 when shared."""
    return rank_text(row.rank, row.tied)


@register.filter
def school_title(row: Any) -> str:
    """A school row's name in the page's language."""
    return names.school_name(row.name_zh, row.name_en)
