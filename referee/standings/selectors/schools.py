"""The school summary: players, games won and total score per school, ranked like the players, by the rule
the tournament chose (every child added up here; the best N or the average in `school_ranking.py`)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count, Sum

from referee.draws.selectors.table_places import table_places
from referee.models import Player, Round, School, Tournament
from referee.models.results import SIXTIETHS
from referee.models.tournament import SchoolRanking
from referee.results.ranking import rank_rows, sql_order, standings_order
from referee.standings.selectors.school_ranking import ranked_schools
from referee.standings.selectors.standings import COLUMNS, scope_condition
from scoring.ranking import TABLES_WON

FIELDS = ("code", "name_zh", "name_en", "player_count", "played", "won_sixtieths", "total_sixtieths")


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
    tables_won: Fraction | int = 0
    counted: int | None = None  # children whose results count (best N, or those who played for an average)

    @property
    def name(self) -> str:
        return self.name_zh or self.name_en


def school_standings(
    tournament: Tournament,
    *,
    final_only: bool = True,
    round_: Round | None = None,
    held: Collection[int] = (),
) -> list[SchoolRow]:
    """Every school of the tournament (players registered), ranked by the tournament's school rule. Every
    child added up: one query (three more in UNO); the other rules read the players' standings."""
    if tournament.school_ranking != SchoolRanking.ALL:
        return ranked_schools(tournament, final_only=final_only, round_=round_, held=held)
    condition = scope_condition(
        tournament, final_only=final_only, round_=round_, seat_path="players__seats", held=held
    )
    order = standings_order(tournament)
    schools = (
        School.objects.filter(tournament=tournament)
        .annotate(
            player_count=Count("players", distinct=True),
            won_sixtieths=Sum("players__seats__hands__win_credit_sixtieths", filter=condition, default=0),
            total_sixtieths=Sum("players__seats__hands__score_sixtieths", filter=condition, default=0),
            played=Count("players__seats__hands", filter=condition),
        )
        .order_by(*sql_order(order, COLUMNS, "code"))
        .values_list(*FIELDS)
    )
    rows = list(schools)
    if TABLES_WON in order:  # UNO: a school counts its players' tables won (three more queries)
        places = table_places(tournament, final_only=final_only, round_=round_, held=held)
        won_by_school = _tables_won_by_school(tournament, places.tables_won)
    else:
        won_by_school = {}
    ranked = [(*row, won_by_school.get(row[0], 0)) for row in rows]
    columns = {**COLUMNS, TABLES_WON: "tables_won"}
    return [
        SchoolRow(
            entry.rank,
            code,
            name_zh,
            name_en,
            players,
            played,
            Fraction(won, SIXTIETHS),
            Fraction(total, SIXTIETHS),
            entry.tied,
            tables_won,
        )
        for entry in rank_rows(ranked, order, columns, (*FIELDS, "tables_won"))
        for code, name_zh, name_en, players, played, won, total, tables_won in [entry.row]
    ]


def _tables_won_by_school(tournament: Tournament, tables_won: dict[int, int]) -> dict[str, int]:
    codes = dict(Player.objects.filter(pk__in=tables_won).values_list("pk", "school__code"))
    by_school: dict[str, int] = {}
    for player, count in tables_won.items():
        by_school[codes[player]] = by_school.get(codes[player], 0) + count
    return by_school
