"""The public pages' version of a tournament: bumped with every change, read before every cached page.

Why a cached page can never be older than a committed change: the writer bumps the version in the same
transaction as the change, so the new number and the change become visible together. A reader reads the
number first (in the same statement as the tournament itself) and only then computes the page, so whatever
it computes under number N already shows every change up to N (a change that commits meanwhile can only make
the page newer than its key, never older). Once a change commits, every reader reads N+1 and misses the pages
cached under N. The version lives in the database, so every worker and machine agrees on it.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import F, IntegerField, Model, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from core.models import PublicVersion


def public_version_bump(tournament: Model) -> None:
    """Call inside the transaction of the change: the row stays locked until it commits."""
    if PublicVersion.objects.filter(tournament_id=tournament.pk).update(number=F("number") + 1):
        return
    try:
        with transaction.atomic():
            PublicVersion.objects.create(tournament_id=tournament.pk, number=1)
    except IntegrityError:
        # Another transaction made the row meanwhile; it has committed, so the update finds it now.
        PublicVersion.objects.filter(tournament_id=tournament.pk).update(number=F("number") + 1)


def with_public_version(tournaments: QuerySet) -> QuerySet:
    """Tournaments annotated with `public_version_number` (0 before the first change), in the same query."""
    number = PublicVersion.objects.filter(tournament_id=OuterRef("pk")).values("number")[:1]
    return tournaments.annotate(
        public_version_number=Coalesce(Subquery(number, output_field=IntegerField()), Value(0))
    )
