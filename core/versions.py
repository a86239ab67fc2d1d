"""The public pages' version of a tournament: bumped with every change, part of every cached page's key.

Why a cached page can never be older than a committed change: the writer bumps the version in the same
transaction as the change, so the new number and the change become visible together. A reader reads the
number first (with the tournament, `referee.public.cache.public_tournament`) and only then computes the page,
so whatever it computes under number N already shows every change up to N. Once a change commits, every
reader reads N+1 and misses the pages cached under N. The version lives in the database, so every process and
machine agrees on it; it also says when the public pages last changed ("Updated at").
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import F, Model
from django.utils import timezone

from core.models import PublicVersion


def public_version_bump(tournament: Model) -> None:
    """Call inside the transaction of the change: the row stays locked until it commits."""
    now = timezone.now()
    changed = PublicVersion.objects.filter(tournament_id=tournament.pk)
    if changed.update(number=F("number") + 1, changed_at=now):
        return
    try:
        with transaction.atomic():
            PublicVersion.objects.create(tournament_id=tournament.pk, number=1, changed_at=now)
    except IntegrityError:
        # Another transaction made the row meanwhile; it has committed, so the update finds it now.
        changed.update(number=F("number") + 1, changed_at=now)
