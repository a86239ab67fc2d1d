"""Logins refused for too many wrong passwords, as an organiser sees them: their tournament's people only.

django-axes counts failures by login name and address (`tableref/throttling.py`); a row here is one login
name from one address at or over the limit, or one address over its own higher limit whatever the names.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db.models import Max, Sum
from django.utils import timezone

from referee.models import Tournament


@dataclass(frozen=True)
class Lockout:
    login_name: str  # empty for an address locked whatever the names
    address: str
    failures: int
    last_try: datetime

    @property
    def whole_address(self) -> bool:
        return not self.login_name


def tournament_login_names(tournament: Tournament) -> set[str]:
    """Its organisers' and referees' login names as throttling counts them (`core.logins`: small letters)."""
    names = tournament.organisers.values_list("username", flat=True).union(
        tournament.referees.values_list("username", flat=True)
    )
    return {name.lower() for name in names}


def lockouts(tournament: Tournament) -> list[Lockout]:
    """Two queries: the tournament's names locked from some address, and addresses locked as a whole."""
    from axes.models import AccessAttempt

    recent = AccessAttempt.objects.filter(attempt_time__gte=timezone.now() - settings.AXES_COOLOFF_TIME)
    by_name = (
        recent.filter(username__in=tournament_login_names(tournament))
        .values("username", "ip_address")
        .annotate(failures=Sum("failures_since_start"), last_try=Max("attempt_time"))
        .filter(failures__gte=settings.AXES_FAILURE_LIMIT)
    )
    by_address = (
        recent.values("ip_address")
        .annotate(failures=Sum("failures_since_start"), last_try=Max("attempt_time"))
        .filter(failures__gte=settings.LOGIN_ADDRESS_FAILURE_LIMIT)
    )
    found = [
        Lockout(row["username"], row["ip_address"] or "", row["failures"], row["last_try"]) for row in by_name
    ]
    found += [Lockout("", row["ip_address"] or "", row["failures"], row["last_try"]) for row in by_address]
    return sorted(found, key=lambda lockout: (lockout.login_name, lockout.address))
