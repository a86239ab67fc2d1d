"""Short words for stored values: how a game ended, yes or no, what an export covers."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from referee.models.results import Ending

SCOPE_LABELS = {
    "round": pgettext_lazy("tournament stage", "round"),
    "school": gettext_lazy("school"),
    "table": pgettext_lazy("game table", "table"),
}


def ending_label(ending: str) -> str:
    """How a game ended, in the page's language; an unknown code as it is."""
    try:
        return str(Ending(ending).label)
    except ValueError:
        return ending


def yes_no(value: bool | None) -> str:
    """Yes or no, in the page's language; nothing when the value was never given."""
    if value is None:
        return ""
    return _("yes") if value else _("no")


# The door's words for a child's state, the same as its buttons ("Here", "Late", "Absent").
DOOR_LABELS = {
    "expected": pgettext_lazy("attendance at the door", "not yet here"),
    "present": pgettext_lazy("attendance at the door", "here"),
    "late": pgettext_lazy("attendance at the door", "late"),
    "absent": pgettext_lazy("attendance at the door", "absent"),
    "withdrawn": pgettext_lazy("attendance at the door", "withdrawn"),
}


def attendance_label(state: str) -> str:
    """A child's attendance as the check-in page says it, matching the words on its buttons."""
    return str(DOOR_LABELS.get(state, state))
