"""The login form, in the site's own words: a "login name", as on the referees page.

Login names are not case-sensitive (`core/logins.py`); a phone shows its e-mail keyboard for them, which has
the `@` and the `.` of `amy@hk-2025` on its first page and does not capitalise."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext_lazy as _


class LoginForm(AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("Wrong login name or password. The password is case-sensitive."),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("Login name")
        # Django sets the field's max_length after building it, so no validator checks it: a longer name would
        # reach authenticate(), and the throttle would try to record it in a column of 255 characters.
        username = self.fields["username"]
        username.validators.append(MaxLengthValidator(username.max_length))
        self.fields["username"].widget.attrs["inputmode"] = "email"
