"""Changing one's own password: the old password is a login attempt, throttled like the login page.

Django's `PasswordChangeForm` checks the old password with `user.check_password`, which django-axes never
sees, so whoever held an unattended session (a phone left at a table) could guess the real password without
limit.
Checking it through `authenticate()` runs it past axes' backend (refused while the login name is locked out)
and, when wrong, sends `user_login_failed`, so it counts towards the same lockout as a wrong login."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.contrib.auth.forms import PasswordChangeForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest


class ThrottledPasswordChangeForm(PasswordChangeForm):
    """Django's form and words; only the old password's check goes through the login's throttle."""

    def __init__(self, user: Any, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(user, *args, **kwargs)
        self.request = request

    def clean_old_password(self) -> str:
        """A wrong guess, or any guess once locked out, is Django's "entered incorrectly"; the lockout page
        replaces the form when axes has locked the login (`AxesMiddleware`, `tableref/throttling.py`)."""
        old_password = self.cleaned_data["old_password"]
        checked = authenticate(self.request, username=self.user.get_username(), password=old_password)
        if checked is None or checked.pk != self.user.pk:
            raise ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return old_password
