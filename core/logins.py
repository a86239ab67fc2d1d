"""Login names are not case-sensitive: a phone's keyboard capitalises the first letter of `amy@hk-2025`.

The account is found by its exact login name first, then by the one login name that differs from the typed one
only in case; two accounts that differ only in case (possible for accounts made before this rule, never for a
referee account made for a tournament) are both refused to a typed name that matches neither exactly. Login
throttling counts all spellings of one login name together (`throttled_login_name`), so changing the case of a
letter never buys an attacker more guesses.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.http import HttpRequest


def stored_login_name(typed: str) -> str:
    """The login name as stored for what was typed, or what was typed when no single account matches."""
    accounts = get_user_model().objects
    if accounts.filter(username=typed).exists():
        return typed
    matches = list(accounts.filter(username__iexact=typed).values_list("username", flat=True)[:2])
    return matches[0] if len(matches) == 1 else typed


class LoginNameBackend(ModelBackend):
    """Django's own password check, given the stored spelling of the login name."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> User | None:
        if isinstance(username, str) and username:
            username = stored_login_name(username)
        return super().authenticate(request, username=username, password=password, **kwargs)


def throttled_login_name(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str | None:
    """django-axes' `AXES_USERNAME_CALLABLE`: one counter per login name, whatever its case."""
    source = credentials or getattr(request, "POST", {})
    typed = source.get("username")
    return typed.strip().lower() if isinstance(typed, str) else None
