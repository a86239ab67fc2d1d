"""The organiser's forms: a bureau announcement, and an override (set or clear) for a match day."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.inputs import require_date_in_range
from core.text import validate_multiline
from core.widgets import DatePicker, MomentPicker
from weather import clock
from weather.models import OverrideStatus, ScopeChoice


class BureauAnnouncementForm(forms.Form):
    day = forms.DateField(label=_("Date of the classes"), widget=DatePicker())
    scope = forms.ChoiceField(label=_("Who it covers"), choices=ScopeChoice.choices, widget=forms.RadioSelect)
    suspended = forms.TypedChoiceField(
        label=_("Classes"),
        choices=[("yes", _("Suspended")), ("no", _("Not suspended"))],
        coerce=lambda value: value == "yes",
        widget=forms.RadioSelect,
    )
    announced_at = forms.DateTimeField(label=_("Announced at"), widget=MomentPicker())
    source_url = forms.URLField(
        label=_("Source link"),
        required=False,
        assume_scheme="https",
        help_text=_("The Education Bureau's press release or notice, if you have it."),
    )

    def __init__(self, *args: Any, match_dates: list[date] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound and match_dates:
            self.initial.setdefault("day", match_dates[0])
        self.initial.setdefault(
            "announced_at", timezone.localtime(clock.now()).replace(second=0, microsecond=0)
        )

    def clean_day(self) -> date:
        day: date = self.cleaned_data["day"]
        return require_date_in_range(day)

    def clean_announced_at(self) -> datetime:
        announced_at: datetime = self.cleaned_data["announced_at"]
        return require_date_in_range(announced_at)


class OverrideForm(forms.Form):
    day = forms.DateField(widget=forms.HiddenInput)
    status = forms.ChoiceField(label=_("Decision"), choices=OverrideStatus.choices, widget=forms.RadioSelect)
    reason = forms.CharField(
        label=_("Reason (shown to everyone)"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
        validators=[validate_multiline],
    )

    def clean_day(self) -> date:
        day: date = self.cleaned_data["day"]
        return require_date_in_range(day)


class ClearOverrideForm(forms.Form):
    day = forms.DateField(widget=forms.HiddenInput)

    def clean_day(self) -> date:
        day: date = self.cleaned_data["day"]
        return require_date_in_range(day)
