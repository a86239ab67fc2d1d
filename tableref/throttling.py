"""Login throttling (django-axes): who counts as "one address", and the page a locked-out visitor sees.

The settings (`LOGIN_FAILURE_LIMIT`, `LOGIN_LOCKOUT_MINUTES`, `LOGIN_LOCKOUT_BY`) are read in
tableref/settings.py; the README's Configuration table and docs/deploy.md explain `LOGIN_LOCKOUT_BY`.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

# What the environment may say, and what django-axes calls it. "username+address" locks one login name
# from one address only: a hall whose phones all reach a cloud server through one shared address is not
# locked out as a whole because some referees mistyped their passwords.
LOCKOUT_CRITERIA = {
    "username": "username",
    "address": "ip_address",
    "username+address": ["username", "ip_address"],
}


def lockout_parameters(value: str) -> list[Any]:
    """`username,address` -> axes' AXES_LOCKOUT_PARAMETERS; an unknown word stops the start."""
    words = [word.strip().lower() for word in value.split(",") if word.strip()]
    unknown = [word for word in words if word not in LOCKOUT_CRITERIA]
    if not words or unknown:
        raise ImproperlyConfigured(
            "LOGIN_LOCKOUT_BY must list one or more of username, address, username+address "
            f"(comma-separated), not {value!r}."
        )
    return [LOCKOUT_CRITERIA[word] for word in dict.fromkeys(words)]


def client_address(request: HttpRequest) -> str | None:
    """The visitor's address. Behind the documented reverse proxy (HTTPS=1), the proxy appends the address
    it saw to X-Forwarded-For, so the last entry is the one nobody outside can forge; anything a client
    sent itself stands before it. Without a proxy, the connection's own address."""
    if getattr(settings, "HTTPS", False):
        forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        forwarded = [part for part in forwarded if part]
        if forwarded:
            return forwarded[-1][:64]
    return request.META.get("REMOTE_ADDR")


def _login_locked(username: str) -> bool:
    """Has this login name itself had too many wrong passwords lately (from any address)?"""
    from axes.models import AccessAttempt  # not at the top: the settings import this module

    if not username:
        return False
    recent = AccessAttempt.objects.filter(
        username=username, attempt_time__gte=timezone.now() - settings.AXES_COOLOFF_TIME
    )
    failures = recent.aggregate(total=Sum("failures_since_start"))["total"] or 0
    return bool(failures >= settings.AXES_FAILURE_LIMIT)


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """Too many wrong passwords: a 429 page in the visitor's language with the site's header. It says whether
    the login itself is locked (the organiser's new password lifts that) or the visitor's address, after wrong
    guesses at any names (only `make unlock` on the server lifts that before the time is up)."""
    minutes = int(settings.AXES_COOLOFF_TIME / timedelta(minutes=1))
    from core.logins import throttled_login_name  # here, not at the top: settings import this module

    username = (
        throttled_login_name(request, credentials) or ""
    )  # the spelling axes counted the failures under
    context = {
        "minutes": minutes,
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "by_address": not _login_locked(username),
    }
    return render(request, "errors/locked_out.html", context, status=429)
