"""Words and numbers as the printouts show them, translated at render time.

Numbers use `referee.numbers` (+118, -7, +7.50 for a shared win), as the site's pages do; the engine's codes
become words.
"""

from __future__ import annotations

import datetime

from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from referee.models.results import Ending
from referee.results.outcome import TIE_BREAK, TableOutcome
from referee.rulesets import decided_by_label
from referee.seats import seat_label

SCOPE_LABELS = {
    "round": pgettext_lazy("tournament stage", "round"),
    "school": gettext_lazy("school"),
    "table": pgettext_lazy("game table", "table"),
}


def outcome_reason(outcome: TableOutcome) -> str:
    """How the table was decided, in the site's words; a tie-break adds how the organisers broke it."""
    reason = decided_by_label(outcome.decided_by)
    if outcome.decided_by == TIE_BREAK and outcome.tie_break:
        return _("%(rule)s: %(how)s") % {"rule": reason, "how": outcome.tie_break}
    return reason


def seat_name(letter: str) -> str:
    """甲 乙 丙 丁 in Chinese, A B C D in English."""
    return seat_label(letter)


def ending_name(ending: str) -> str:
    try:
        return str(Ending(ending).label)
    except ValueError:
        return ending


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


def school_name(name_zh: str, name_en: str) -> str:
    """A school's name in the export's language: English when the export is in English and the school has an
    English name, else its Chinese name (the site's own form, as on its pages)."""
    if name_en and (translation.get_language() or "").startswith("en"):
        return name_en
    return name_zh or name_en
