"""Referee accounts."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.text import validate_single_line


class RefereeAccountForm(forms.Form):
    display_name = forms.CharField(label=_("Name"), max_length=150, validators=[validate_single_line])
    username = forms.CharField(
        label=_("Login name"), max_length=150, help_text=_("English letters, digits and @ . + - _ only.")
    )
    password = forms.CharField(
        label=_("Password"),
        widget=forms.PasswordInput(render_value=False),
        help_text=_("At least 8 characters. Give it to the referee in person."),
    )


class RefereeAddForm(forms.Form):
    username = forms.CharField(label=_("Login name of an existing account"), max_length=150)
