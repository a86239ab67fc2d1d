"""A prize's title, as the prize-giving screen, the organiser's page and the certificates print it."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.models import Prize, PrizeKind
from referee.wording.names import school_name

LEVEL_NAMES = {
    1: gettext_lazy("Primary 1"),
    2: gettext_lazy("Primary 2"),
    3: gettext_lazy("Primary 3"),
    4: gettext_lazy("Primary 4"),
    5: gettext_lazy("Primary 5"),
    6: gettext_lazy("Primary 6"),
}


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 11th in English; the plain number in Chinese, whose words go around it (第 1 名)."""
    if not (translation.get_language() or "").startswith("en"):
        return str(number)
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def level_name(level: int | None) -> str:
    return str(LEVEL_NAMES.get(level or 0, level or ""))


def prize_title(prize: Prize) -> str:
    """In the active language: "1st place", "Best player of Primary 5", "School trophy: 2nd place"."""
    if prize.kind == PrizeKind.PLACE:
        return _("%(ordinal)s place") % {"ordinal": ordinal(prize.place or 0)}
    if prize.kind == PrizeKind.SCHOOL_TROPHY:
        return _("School trophy: %(ordinal)s place") % {"ordinal": ordinal(prize.place or 0)}
    if prize.kind == PrizeKind.LEVEL_BEST:
        return _("Best player of %(level)s") % {"level": level_name(prize.level)}
    school = prize.school
    name = school_name(school.name_zh, school.name_en) if school else ""
    return _("Best player of %(school)s") % {"school": name}


def prize_titles(prize: Prize) -> dict[str, str]:
    """The title in Chinese and in English, for the hall and the certificates."""
    titles = {}
    for key, language in (("zh", "zh-hant"), ("en", "en")):
        with translation.override(language):
            titles[key] = prize_title(prize)
    return titles
