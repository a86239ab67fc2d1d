"""Standings: games won and total score per player, one SQL aggregate over the stored derived numbers.

Ranked by the tournament's standings order (`results.ranking`: games won, then total score); players no
tie-break separates share a rank (shown as a tie). The scope is the
whole tournament or one round; final results count signed-off tables (confirmed ones, when the tournament asks
for confirmation), provisional ones every recorded game.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from operator import itemgetter
from typing import Any

from django.db.models import Case, Count, Exists, Field, Q, Sum, Value, When

from referee.draws.selectors.table_places import TablePlaces, table_places
from referee.models import Attendance, Player, Round, Table, Tournament
from referee.models.results import SIXTIETHS
from referee.results.ranking import (
    STAYED,
    TABLE_TIE_BREAK,
    TableDecision,
    TableDecisions,
    rank_rows,
    ranked_order,
    sql_order,
)
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
    withdrawn: bool = False  # left the tournament (RULES.md: placed by the tournament's setting)
    table_tie_break: TableDecision | None = None  # a tie broken at a table that this rank follows

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


def scope_condition(
    tournament: Tournament,
    *,
    final_only: bool,
    round_: Round | None,
    seat_path: str,
    held: Collection[int] = (),
) -> Q:
    """Which hands count, seen from a model that reaches the seats through `seat_path`; `held`: rounds whose
    results the public may not see yet (`selectors/held_results.py`), left out."""
    condition = final_condition(tournament, f"{seat_path}__table") if final_only else Q()
    if round_ is not None:
        condition &= Q(**{f"{seat_path}__round": round_})
    if held:
        condition &= ~Q(**{f"{seat_path}__round__in": list(held)})
    return condition


# Sums of whole numbers arrive as ints from SQLite and PostgreSQL alike; a plain output field spares Django a
# converter call per value, a fifth of the time of a 5,000-player standings page.
WHOLE: Field[int, int] = Field()
STANDING_FIELDS = ("pk", "number", "name_zh", "name_en", "class_name", "school__code")
ROW_FIELDS = (
    *STANDING_FIELDS,
    "won_sixtieths",
    "total_sixtieths",
    "games_played",
    "standings_position",
    "stayed",
)
# "stayed" ranks first only when the tournament places a player who left after every player who finished.
COLUMNS = {BY_GAMES_WON: "won_sixtieths", BY_TOTAL_SCORE: "total_sixtieths", STAYED: "stayed"}
# Standings rows carry tables won after the fields read (worked out from the tables' outcomes when needed).
RANKED_FIELDS = (*ROW_FIELDS, "tables_won")
RANKED_COLUMNS = {**COLUMNS, TABLES_WON: "tables_won"}
FIELD = {name: index for index, name in enumerate(RANKED_FIELDS)}


def standings(
    tournament: Tournament,
    *,
    final_only: bool = True,
    round_: Round | None = None,
    held: Collection[int] = (),
) -> list[StandingRow]:
    """One query, whatever the size of the tournament; three more when the order needs each table's outcome
    (tables won, head-to-head), a table's tie-break must carry into the standings, or the tournament has a
    final round. `held`: rounds whose results are left out (the public pages')."""
    condition = scope_condition(
        tournament, final_only=final_only, round_=round_, seat_path="seats", held=held
    )
    order = ranked_order(tournament)
    tables = Table.objects.filter(round__tournament=tournament)
    query = (
        Player.objects.filter(tournament=tournament)
        .annotate(
            won_sixtieths=Sum("seats__hands__win_credit_sixtieths", filter=condition, output_field=WHOLE),
            total_sixtieths=Sum("seats__hands__score_sixtieths", filter=condition, output_field=WHOLE),
            games_played=Count("seats__hands", filter=condition, output_field=WHOLE),
            stayed=Case(
                When(attendance=Attendance.WITHDRAWN, then=Value(0)), default=Value(1), output_field=WHOLE
            ),
            has_final=Exists(Round.objects.filter(tournament=tournament, is_final=True)),
            has_tie_break=Exists(tables.exclude(tie_winner="")),
        )
        .filter(games_played__gt=0)
        .order_by(*sql_order(order, COLUMNS, "number"))
        .values_list(*ROW_FIELDS, "has_final", "has_tie_break")
    )
    rows = list(query)
    has_final = round_ is None and bool(rows) and rows[0][-2]
    has_tie_break = bool(rows) and rows[0][-1]
    places = (
        table_places(tournament, final_only=final_only, round_=round_, held=held)
        if has_final or has_tie_break or TABLES_WON in order or HEAD_TO_HEAD in order
        else TablePlaces()
    )
    ranked = [(*row[:-2], places.tables_won.get(row[0], 0)) for row in rows]
    others = {
        HEAD_TO_HEAD: HeadToHead(HEAD_TO_HEAD, places.record),
        TABLE_TIE_BREAK: TableDecisions(TABLE_TIE_BREAK, tuple(places.decisions)),
        ORGANISERS_DECISION: Recorded(ORGANISERS_DECISION, itemgetter(FIELD["standings_position"])),
    }
    placed = rank_rows(ranked, order, RANKED_COLUMNS, RANKED_FIELDS, others)
    finalists: set[int] = set()
    if has_final and places.finals:
        placed = place_finals(placed, places.finals, key=itemgetter(0))
        finalists = {player for table in places.finals for player, _ in table}
    return _standing_rows(placed, finalists, _decided_at_tables(placed, places.decisions, order))


def _decided_at_tables(
    placed: list[Placed[tuple[Any, ...]]], decisions: list[TableDecision], order: tuple[str, ...]
) -> dict[int, TableDecision]:
    """The players whose rank a table's tie-break decided: its winner and the others it ranked below them,
    where the standings' values left them equal."""
    if not decisions:
        return {}
    keys = [FIELD[RANKED_COLUMNS[name]] for name in order if name in RANKED_COLUMNS]
    by_player = {entry.row[0]: entry for entry in placed}
    found: dict[int, TableDecision] = {}
    for decision in decisions:
        winner = by_player.get(decision.winner)
        if winner is None:
            continue
        for other in decision.tied - {decision.winner}:
            entry = by_player.get(other)
            if (
                entry is not None
                and all(entry.row[key] == winner.row[key] for key in keys)
                and entry.rank > winner.rank
            ):
                found[decision.winner] = found[other] = decision
    return found


def _standing_rows(
    placed: list[Placed[tuple[Any, ...]]], finalists: set[int], decided: dict[int, TableDecision]
) -> list[StandingRow]:
    """Each row: the six player fields, games played, games won and total (read in sixtieths), and what
    placed it: a tie, tables won, a final, a withdrawal, a table's tie-break."""
    exact: dict[int, Fraction] = {}  # many players share a value; a Fraction costs more than a lookup

    def fraction(sixtieths: int) -> Fraction:
        found = exact.get(sixtieths)
        if found is None:
            found = exact[sixtieths] = Fraction(sixtieths, SIXTIETHS)
        return found

    won, total, played = FIELD["won_sixtieths"], FIELD["total_sixtieths"], FIELD["games_played"]
    stayed, tables = FIELD["stayed"], FIELD["tables_won"]
    return [
        StandingRow(
            rank=entry.rank,
            player_id=entry.row[0],
            number=entry.row[1],
            name_zh=entry.row[2],
            name_en=entry.row[3],
            class_name=entry.row[4],
            school_code=entry.row[5],
            games_played=entry.row[played],
            games_won=fraction(entry.row[won]),
            total=fraction(entry.row[total]),
            tied=entry.tied,
            tables_won=entry.row[tables],
            by_final=entry.row[0] in finalists,
            withdrawn=not entry.row[stayed],
            table_tie_break=decided.get(entry.row[0]),
        )
        for entry in placed
    ]
