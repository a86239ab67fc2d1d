"""Referee accounts."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.text import validate_single_line


class RefereeAccountForm(forms.Form):
    """The organiser types a short name; the help beside it shows the login name the referee will type."""

    display_name = forms.CharField(
        label=gettext_lazy("Name"), max_length=150, validators=[validate_single_line]
    )
    username = forms.CharField(label=gettext_lazy("Short login name"), max_length=150)
    password = forms.CharField(
        label=gettext_lazy("Password"),
        widget=forms.PasswordInput(render_value=False),
        help_text=gettext_lazy("At least 8 characters. Give it to the referee in person."),
    )

    def __init__(self, *args: Any, tournament_slug: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.help_text = _(
            "English letters, digits, dots, hyphens or underscores, for example amy: the referee then logs "
            "in as amy@%(tournament)s."
        ) % {"tournament": tournament_slug}
        field.widget.attrs.update({"autocapitalize": "none", "autocorrect": "off", "spellcheck": "false"})


class RefereeAddForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Login name of an existing account"), max_length=150)
