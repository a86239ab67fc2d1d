"""Login throttling (django-axes): what is counted, who counts as "one address", and the refusal page.

A wrong password counts against one login name from one address: a phone on the hall's Wi-Fi that guesses at
`organiser` locks `organiser` out of that phone only, never out of the organiser's own laptop. An address
on its own is locked only after many more failures (`LOGIN_ADDRESS_FAILURE_LIMIT`, whatever names it tried),
so one phone cannot guess through every referee's login. Tries refused during a lockout are not counted again
(`AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT` off), so a lockout ends on time however often it is tried.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

NAME_AND_ADDRESS = ["username", "ip_address"]


def address_failures(address: str | None) -> int:
    """Wrong passwords from this address, under any login name, within the lockout time."""
    from axes.models import AccessAttempt  # not at the top: the settings import this module

    if not address:
        return 0
    recent = AccessAttempt.objects.filter(
        ip_address=address, attempt_time__gte=timezone.now() - settings.AXES_COOLOFF_TIME
    )
    return int(recent.aggregate(total=Sum("failures_since_start"))["total"] or 0)


def address_locked(address: str | None) -> bool:
    return address_failures(address) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT


def lockout_parameters(request_or_attempt: Any, credentials: dict | None = None) -> list[Any]:
    """django-axes' `AXES_LOCKOUT_PARAMETERS` callable: a login name with an address always; the address on
    its own too once it has passed its own, higher limit (its failures then exceed the per-login limit)."""
    if isinstance(request_or_attempt, HttpRequest) and address_locked(client_address(request_or_attempt)):
        return [NAME_AND_ADDRESS, "ip_address"]
    return [NAME_AND_ADDRESS]


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


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """Too many wrong passwords: a 429 page in the visitor's language with the site's header. It says whether
    this login is locked from this device (an organiser can unlock it, or a new password does) or the
    device's address, after wrong guesses at many names."""
    minutes = int(settings.AXES_COOLOFF_TIME / timedelta(minutes=1))
    context = {
        "minutes": minutes,
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "by_address": address_locked(client_address(request)),
    }
    return render(request, "errors/locked_out.html", context, status=429)
