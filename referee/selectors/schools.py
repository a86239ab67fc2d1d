"""The school summary: players, games won and total score per school, ranked like the players."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count, Sum

from referee.models import Round, School, Tournament
from referee.models.results import SIXTIETHS
from referee.selectors.standings import scope_condition


@dataclass(frozen=True)
class SchoolRow:
    rank: int
    code: str
    name_zh: str
    name_en: str
    players: int
    games_played: int
    games_won: Fraction
    total: Fraction
    tied: bool

    @property
    def name(self) -> str:
        return self.name_zh or self.name_en


def school_standings(
    tournament: Tournament, *, final_only: bool = True, round_: Round | None = None
) -> list[SchoolRow]:
    """One query: every school of the tournament (players registered), ranked by games won, then total."""
    condition = scope_condition(tournament, final_only=final_only, round_=round_, seat_path="players__seats")
    schools = (
        School.objects.filter(tournament=tournament)
        .annotate(
            player_count=Count("players", distinct=True),
            won=Sum("players__seats__hands__win_credit_sixtieths", filter=condition, default=0),
            total=Sum("players__seats__hands__score_sixtieths", filter=condition, default=0),
            played=Count("players__seats__hands", filter=condition),
        )
        .order_by("-won", "-total", "code")
        .values_list("code", "name_zh", "name_en", "player_count", "played", "won", "total")
    )
    keys = [(won, total) for *_, won, total in schools]
    rows: list[SchoolRow] = []
    for position, (code, name_zh, name_en, players, played, won, total) in enumerate(schools):
        same_as_previous = position > 0 and keys[position - 1] == keys[position]
        same_as_next = position + 1 < len(keys) and keys[position + 1] == keys[position]
        rank = rows[-1].rank if same_as_previous else position + 1
        rows.append(
            SchoolRow(
                rank,
                code,
                name_zh,
                name_en,
                players,
                played,
                Fraction(won, SIXTIETHS),
                Fraction(total, SIXTIETHS),
                same_as_previous or same_as_next,
            )
        )
    return rows
