"""Registering schools and players."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.text import validate_single_line
from referee.models import School, Tournament


class SchoolForm(forms.Form):
    name_zh = forms.CharField(
        label=pgettext_lazy("school", "Name in Chinese"),
        max_length=120,
        required=False,
        validators=[validate_single_line],
    )
    name_en = forms.CharField(
        label=pgettext_lazy("school", "Name in English"),
        max_length=120,
        required=False,
        validators=[validate_single_line],
    )
    code = forms.CharField(
        label=_("Short code"),
        max_length=12,
        help_text=_("For example SPS."),
        validators=[validate_single_line],
    )

    def clean(self) -> dict:
        cleaned = super().clean()
        if not (cleaned.get("name_zh") or "").strip() and not (cleaned.get("name_en") or "").strip():
            self.add_error("name_zh", _("Give the school's name in Chinese or in English."))
        return cleaned


class SchoolChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, school: School) -> str:
        return f"{school.code} · {school}"


class PlayerForm(forms.Form):
    name_zh = forms.CharField(
        label=_("Name in Chinese"), max_length=80, required=False, validators=[validate_single_line]
    )
    name_en = forms.CharField(
        label=_("Name in English"), max_length=120, required=False, validators=[validate_single_line]
    )
    school = SchoolChoiceField(label=_("School"), queryset=School.objects.none())
    class_name = forms.CharField(
        label=_("Class"), max_length=20, required=False, validators=[validate_single_line]
    )
    school_number = forms.CharField(
        label=_("Number within the school (學號)"),
        max_length=20,
        required=False,
        validators=[validate_single_line],
        help_text=_("As the school gives it; optional."),
    )
    number = forms.IntegerField(
        label=_("Player number"),
        min_value=1,
        max_value=99999,
        required=False,
        help_text=_("Leave blank for the next free number."),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["school"].queryset = tournament.schools.order_by("code")

    def clean(self) -> dict:
        cleaned = super().clean()
        if not (cleaned.get("name_zh") or "").strip() and not (cleaned.get("name_en") or "").strip():
            self.add_error("name_zh", _("Give the player's name in Chinese or in English."))
        return cleaned
