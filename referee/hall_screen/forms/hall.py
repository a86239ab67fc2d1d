"""The organiser's hall controls: the round's minutes, a table's extra time, an announcement."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.text import validate_single_line
from referee.hall_screen.services.round_clock import MINUTES_MAX
from referee.models import Round
from referee.models.announcements import ANNOUNCEMENT_LENGTH
from referee.models.clock import DEFAULT_MINUTES
from referee.play.services.table_time import EXTRA_MINUTES_MAX


class ClockMinutesForm(forms.Form):
    minutes = forms.IntegerField(
        label=_("Minutes for the round"), min_value=1, max_value=MINUTES_MAX, initial=DEFAULT_MINUTES
    )


class ExtraTimeForm(forms.Form):
    table = forms.TypedChoiceField(label=pgettext_lazy("game table", "Table"), coerce=int)
    minutes = forms.IntegerField(
        label=_("Extra minutes"),
        min_value=0,
        max_value=EXTRA_MINUTES_MAX,
        help_text=_("0 takes the extra time away."),
    )
    reason = forms.CharField(
        label=_("Reason"),
        max_length=200,
        required=False,
        validators=[validate_single_line],
        help_text=_("Shown beside the table on the hall's screen and on its referee's phone."),
    )

    def __init__(self, *args, round_: Round, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        numbers = round_.tables.order_by("number").values_list("pk", "number")
        self.fields["table"].choices = [(pk, str(number)) for pk, number in numbers]


class AnnouncementForm(forms.Form):
    text_zh = forms.CharField(
        label=_("In Chinese"),
        max_length=ANNOUNCEMENT_LENGTH,
        required=False,
        validators=[validate_single_line],
    )
    text_en = forms.CharField(
        label=_("In English"),
        max_length=ANNOUNCEMENT_LENGTH,
        required=False,
        validators=[validate_single_line],
        help_text=_("One or both; it shows on the hall's screen and every referee's phone until cleared."),
    )
