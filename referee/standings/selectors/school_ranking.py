"""Schools ranked fairly to small teams: by the best N children of each school, or by the average per child.

Both are worked out from the players' standings (the same scope: final or provisional, a round, rounds held
from the public left out), so a school's figures are its children's as the standings show them. Best N adds
up the N best-ranked children who played (a school with fewer counts those it has); the average divides the
school's figures by the children who played. Schools rank by the standings' own keys over those figures (games
won, or tables won in UNO, then the total score); schools still equal share the place.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from fractions import Fraction
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING

from django.db.models import Count

from referee.models import Round, School, Tournament
from referee.models.tournament import SchoolRanking
from referee.results.ranking import standings_order
from referee.standings.selectors.standings import StandingRow, standings
from scoring.match_types import BY_GAMES_WON, BY_TOTAL_SCORE
from scoring.ranking import TABLES_WON, Higher, rank

if TYPE_CHECKING:
    from referee.standings.selectors.schools import SchoolRow

# The standings' keys a school's figures can be ranked by, and where each is read from a school's figures.
SCHOOL_KEYS = {TABLES_WON: 2, BY_GAMES_WON: 0, BY_TOTAL_SCORE: 1}

# A school as ranked: code, names, players, games played, games won, total, tables won, children counted.
SchoolEntry = tuple[str, str, str, int, int, Fraction, Fraction, Fraction, int]


def school_keys(tournament: Tournament) -> list[str]:
    """The standings' keys that rank schools, in the tournament's order (the others are about players)."""
    return [name for name in standings_order(tournament) if name in SCHOOL_KEYS]


def counted_rows(tournament: Tournament, rows: list[StandingRow]) -> list[StandingRow]:
    """The children of one school whose results count, best first (`rows` in standings order)."""
    if tournament.school_ranking == SchoolRanking.BEST:
        return rows[: tournament.school_best_count]
    return rows


def figures(tournament: Tournament, counted: list[StandingRow]) -> tuple[Fraction, Fraction, Fraction, int]:
    """Games won, total score, tables won (added up, or per child for the average) and games played."""
    won = sum((row.games_won for row in counted), Fraction(0))
    total = sum((row.total for row in counted), Fraction(0))
    tables = Fraction(sum(row.tables_won for row in counted))
    played = sum(row.games_played for row in counted)
    if tournament.school_ranking == SchoolRanking.AVERAGE and counted:
        size = len(counted)
        won, total, tables = won / size, total / size, tables / size
    return won, total, tables, played


def ranked_schools(
    tournament: Tournament,
    *,
    final_only: bool = True,
    round_: Round | None = None,
    held: Collection[int] = (),
) -> list[SchoolRow]:
    """Every school of the tournament, ranked by the tournament's school rule (the standings' queries and
    one more for the schools)."""
    from referee.standings.selectors.schools import SchoolRow

    by_school: dict[str, list[StandingRow]] = defaultdict(list)
    for row in standings(tournament, final_only=final_only, round_=round_, held=held):
        by_school[row.school_code].append(row)
    schools = (
        School.objects.filter(tournament=tournament)
        .annotate(player_count=Count("players"))
        .values_list("code", "name_zh", "name_en", "player_count")
        .order_by("code")
    )
    entries: list[SchoolEntry] = []
    for code, name_zh, name_en, player_count in schools:
        counted = counted_rows(tournament, by_school.get(code, []))
        won, total, tables, played = figures(tournament, counted)
        entries.append((code, name_zh, name_en, player_count, played, won, total, tables, len(counted)))
    keys: list[Higher[SchoolEntry]] = [
        Higher(name, itemgetter(5 + SCHOOL_KEYS[name])) for name in school_keys(tournament)
    ]
    placed = rank(sorted(entries, key=itemgetter(0)), keys)
    rows = [
        SchoolRow(
            entry.rank,
            code,
            name_zh,
            name_en,
            players,
            played,
            won,
            total,
            entry.tied,
            tables,
            counted,
        )
        for entry in placed
        for code, name_zh, name_en, players, played, won, total, tables, counted in [entry.row]
    ]
    return sorted(rows, key=attrgetter("rank"))
