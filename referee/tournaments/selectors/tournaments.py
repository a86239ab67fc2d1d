"""Lists of tournaments: an organiser's own, and those the public may look at."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Count, IntegerField, Model, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from referee.models import Player, School, Table, Tournament


@dataclass(frozen=True)
class TournamentRow:
    tournament: Tournament
    school_count: int
    player_count: int
    table_count: int
    signed_off_count: int


def _count(queryset: QuerySet[Model], tournament_path: str) -> Coalesce:
    """A correlated COUNT, so counting schools, players and tables never multiplies their rows."""
    counted = (
        queryset.filter(**{tournament_path: OuterRef("pk")})
        .order_by()
        .values(tournament_path)
        .annotate(count=Count("pk"))
        .values("count")
    )
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


def _rows(queryset: QuerySet[Tournament]) -> list[TournamentRow]:
    annotated = queryset.annotate(
        school_count=_count(School.objects.all(), "tournament"),
        player_count=_count(Player.objects.all(), "tournament"),
        table_count=_count(Table.objects.all(), "round__tournament"),
        signed_off_count=_count(Table.objects.filter(signed_off_at__isnull=False), "round__tournament"),
    )
    return [
        TournamentRow(
            tournament=tournament,
            school_count=tournament.school_count,
            player_count=tournament.player_count,
            table_count=tournament.table_count,
            signed_off_count=tournament.signed_off_count,
        )
        for tournament in annotated
    ]


def organiser_tournaments(user: User) -> list[TournamentRow]:
    """One query. A superuser sees every tournament."""
    queryset = Tournament.objects.all() if user.is_superuser else Tournament.objects.filter(organisers=user)
    return _rows(queryset.order_by("-created_at", "name"))


def public_tournaments() -> list[Tournament]:
    return list(Tournament.objects.order_by("-created_at", "name"))
