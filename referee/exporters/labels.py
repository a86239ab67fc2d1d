"""Words and numbers as the printouts show them, translated at render time.

Scores read as on the school scoresheet (+118, -7, 7.50 for a shared win); the engine's codes become words.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

import scoring
from referee.models.results import Ending
from referee.seats import seat_label
from scoring.match_types import BY_GAMES_WON, BY_TARGET, BY_TOTAL_SCORE, UNRESOLVED

DECIDED_BY_LABELS = {
    BY_GAMES_WON: gettext_lazy("most games won"),
    BY_TOTAL_SCORE: gettext_lazy("games won equal: higher total score"),
    UNRESOLVED: gettext_lazy("tie on games won and total score"),
    BY_TARGET: gettext_lazy("reached the target score"),
}
NOT_FINISHED = gettext_lazy("not finished")

SCOPE_LABELS = {
    "round": pgettext_lazy("tournament stage", "round"),
    "school": gettext_lazy("school"),
    "table": pgettext_lazy("game table", "table"),
}


def signed_score(value: Fraction | int | None) -> str:
    """+118, -7, 0, +7.50."""
    if value is None:
        return ""
    return scoring.score_text(value, signed=True)


def plain_number(value: Fraction | int | None) -> str:
    """Games won: 2, or 1.50 when shared wins are split."""
    if value is None:
        return ""
    return scoring.score_text(value)


def seat_name(letter: str) -> str:
    """甲 乙 丙 丁 in Chinese, A B C D in English."""
    return seat_label(letter)


def ending_name(ending: str) -> str:
    try:
        return str(Ending(ending).label)
    except ValueError:
        return ending


def decided_by_name(decided_by: str, finished: bool) -> str:
    if not finished:
        return str(NOT_FINISHED)
    return str(DECIDED_BY_LABELS.get(decided_by, decided_by))


def local_datetime(value: datetime.datetime | None) -> str:
    """A moment in the active time zone, as people write it: 2025-03-01 14:05."""
    if value is None:
        return ""
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M")


def local_date(value: datetime.date | None) -> str:
    if value is None:
        return ""
    return formats.date_format(value, "DATE_FORMAT")


def now_text() -> str:
    """The generation time printed in footers, with the zone's abbreviation (HKT)."""
    now = timezone.localtime(timezone.now())
    return f"{now:%Y-%m-%d %H:%M} {now.tzname() or ''}".strip()


def yes_no(value: bool | None) -> str:
    if value is None:
        return ""
    return _("yes") if value else _("no")


def person_name(name_zh: str, name_en: str) -> str:
    """The same form as `Player.display_name`, for rows read as plain values: 陳大文 (Chan Tai Man)."""
    if name_zh and name_en:
        return f"{name_zh} ({name_en})"
    return name_zh or name_en
