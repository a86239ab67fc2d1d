"""Standings: games won and total score per player, one SQL aggregate over the stored derived numbers."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count, Q, Sum

from referee.models import Player, Tournament
from referee.models.results import SIXTIETHS


@dataclass(frozen=True)
class StandingRow:
    rank: int
    player: Player
    school_code: str
    games_played: int
    games_won: Fraction
    total: Fraction


def _final_filter(tournament: Tournament) -> Q:
    """Final results: signed off, and confirmed too when the tournament asks for confirmation."""
    condition = Q(seats__table__signed_off_at__isnull=False)
    if tournament.requires_confirmation:
        condition &= Q(seats__table__confirmed_at__isnull=False)
    return condition


def standings(tournament: Tournament, *, final_only: bool = True) -> list[StandingRow]:
    """One query. Ranked by games won, then total score; equal on both shares a rank."""
    condition = _final_filter(tournament) if final_only else Q()
    players = (
        Player.objects.filter(tournament=tournament)
        .select_related("school")
        .annotate(
            won_sixtieths=Sum("seats__hands__win_credit_sixtieths", filter=condition),
            total_sixtieths=Sum("seats__hands__score_sixtieths", filter=condition),
            games_played=Count("seats__hands", filter=condition),
        )
        .filter(games_played__gt=0)
        .order_by("-won_sixtieths", "-total_sixtieths", "number")
    )
    rows: list[StandingRow] = []
    previous_key = None
    for position, player in enumerate(players, start=1):
        key = (player.won_sixtieths, player.total_sixtieths)
        rank = rows[-1].rank if key == previous_key else position
        previous_key = key
        rows.append(
            StandingRow(
                rank=rank,
                player=player,
                school_code=player.school.code,
                games_played=player.games_played,
                games_won=Fraction(player.won_sixtieths, SIXTIETHS),
                total=Fraction(player.total_sixtieths, SIXTIETHS),
            )
        )
    return rows
