"""Standings: games won and total score per player, one SQL aggregate over the stored derived numbers.

Ranked by the tournament's standings order (`results.ranking`: games won, then total score); players no
tie-break separates share a rank (shown as a tie). The scope is the
whole tournament or one round; final results count signed-off tables (confirmed ones, when the tournament asks
for confirmation), provisional ones every recorded game.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from operator import itemgetter

from django.db.models import Count, Exists, Field, Q, Sum

from referee.models import Player, Round, Tournament
from referee.models.results import SIXTIETHS
from referee.results.ranking import rank_rows, sql_order, standings_order
from referee.selectors.table_places import TablePlaces, table_places
from scoring.match_types import BY_GAMES_WON, BY_TOTAL_SCORE
from scoring.ranking import (
    HEAD_TO_HEAD,
    ORGANISERS_DECISION,
    TABLES_WON,
    HeadToHead,
    Placed,
    Recorded,
    place_finals,
)


@dataclass(frozen=True)
class StandingRow:
    rank: int
    player_id: int
    number: int
    name_zh: str
    name_en: str
    class_name: str
    school_code: str
    games_played: int
    games_won: Fraction
    total: Fraction
    tied: bool = False
    tables_won: int = 0
    by_final: bool = False  # placed by a final table's finishing order

    @cached_property
    def player(self) -> Player:
        """The player's names as a model instance (built without a query; its school is not loaded)."""
        return Player(
            pk=self.player_id,
            number=self.number,
            name_zh=self.name_zh,
            name_en=self.name_en,
            class_name=self.class_name,
        )

    @property
    def display_name(self) -> str:
        return self.player.display_name


def final_condition(tournament: Tournament, table_path: str) -> Q:
    """Final results: signed off, and confirmed too when the tournament asks for confirmation. `table_path`
    leads from the queried model to the table ("" when the tables themselves are queried)."""
    prefix = f"{table_path}__" if table_path else ""
    condition = Q(**{f"{prefix}signed_off_at__isnull": False})
    if tournament.requires_confirmation:
        condition &= Q(**{f"{prefix}confirmed_at__isnull": False})
    return condition


def scope_condition(tournament: Tournament, *, final_only: bool, round_: Round | None, seat_path: str) -> Q:
    """Which hands count, seen from a model that reaches the seats through `seat_path`."""
    condition = final_condition(tournament, f"{seat_path}__table") if final_only else Q()
    if round_ is not None:
        condition &= Q(**{f"{seat_path}__round": round_})
    return condition


# Sums of whole numbers arrive as ints from SQLite and PostgreSQL alike; a plain output field spares Django a
# converter call per value, a fifth of the time of a 5,000-player standings page.
WHOLE = Field()
STANDING_FIELDS = ("pk", "number", "name_zh", "name_en", "class_name", "school__code")
ROW_FIELDS = (*STANDING_FIELDS, "won_sixtieths", "total_sixtieths", "games_played", "standings_position")
COLUMNS = {BY_GAMES_WON: "won_sixtieths", BY_TOTAL_SCORE: "total_sixtieths"}
# Standings rows carry tables won after the fields read (worked out from the tables' outcomes when needed).
RANKED_FIELDS = (*ROW_FIELDS, "tables_won")
RANKED_COLUMNS = {**COLUMNS, TABLES_WON: "tables_won"}


def standings(
    tournament: Tournament, *, final_only: bool = True, round_: Round | None = None
) -> list[StandingRow]:
    """One query, whatever the size of the tournament; three more when the order needs each table's outcome
    (tables won, head-to-head) or the tournament has a final round."""
    condition = scope_condition(tournament, final_only=final_only, round_=round_, seat_path="seats")
    order = standings_order(tournament)
    rows = (
        Player.objects.filter(tournament=tournament)
        .annotate(
            won_sixtieths=Sum("seats__hands__win_credit_sixtieths", filter=condition, output_field=WHOLE),
            total_sixtieths=Sum("seats__hands__score_sixtieths", filter=condition, output_field=WHOLE),
            games_played=Count("seats__hands", filter=condition, output_field=WHOLE),
            has_final=Exists(Round.objects.filter(tournament=tournament, is_final=True)),
        )
        .filter(games_played__gt=0)
        .order_by(*sql_order(order, COLUMNS, "number"))
        .values_list(*ROW_FIELDS, "has_final")
    )
    rows = list(rows)
    has_final = round_ is None and bool(rows) and rows[0][-1]
    places = (
        table_places(tournament, final_only=final_only, round_=round_)
        if has_final or TABLES_WON in order or HEAD_TO_HEAD in order
        else TablePlaces()
    )
    ranked = [(*row[:-1], places.tables_won.get(row[0], 0)) for row in rows]
    others = {
        HEAD_TO_HEAD: HeadToHead(HEAD_TO_HEAD, places.record),
        ORGANISERS_DECISION: Recorded(
            ORGANISERS_DECISION, itemgetter(ROW_FIELDS.index("standings_position"))
        ),
    }
    placed = rank_rows(ranked, order, RANKED_COLUMNS, RANKED_FIELDS, others)
    finalists: set[int] = set()
    if has_final and places.finals:
        placed = place_finals(placed, places.finals, key=itemgetter(0))
        finalists = {player for table in places.finals for player, _ in table}
    return _standing_rows(placed, finalists)


def _standing_rows(placed: list[Placed[tuple]], finalists: set[int]) -> list[StandingRow]:
    """Each row: the six player fields, games won and total in sixtieths, games played, the organisers'
    place, tables won."""
    exact: dict[int, Fraction] = {}  # many players share a value; a Fraction costs more than a lookup

    def fraction(sixtieths: int) -> Fraction:
        found = exact.get(sixtieths)
        if found is None:
            found = exact[sixtieths] = Fraction(sixtieths, SIXTIETHS)
        return found

    return [
        StandingRow(
            entry.rank,
            *entry.row[:6],
            entry.row[8],
            fraction(entry.row[6]),
            fraction(entry.row[7]),
            entry.tied,
            entry.row[10],
            entry.row[0] in finalists,
        )
        for entry in placed
    ]
