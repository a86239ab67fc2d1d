"""Streaming reads for exports of any size, built on the site's outcomes so paper and screen agree.

A table's outcome is `referee.results.outcome.outcome_of`, as on the pages. What this module adds is the
streaming: the hand and incident rows of a whole tournament are read in a fixed number of queries, in chunks,
so memory stays flat however large the tournament is.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Count

from referee.models import HandResult, Incident, Table, Tournament
from referee.models.results import SIXTIETHS
from referee.results.outcome import StoredHand, TableOutcome, outcome_of, stored_game
from referee.standings.selectors.standings import final_condition

CHUNK = 2000


HAND_FIELDS = (
    "game__table_id",
    "game__table__round__order",
    "game__table__round__name",
    "game__table__number",
    "game__number",
    "game__ending",
    "seat__letter",
    "seat__player__number",
    "seat__player__name_zh",
    "seat__player__name_en",
    "seat__player__school__code",
    "went_out",
    "rack",
    "rack_value",
    "made_initial_meld",
    "could_meld",
    "penalty",
    "score_sixtieths",
    "basis",
    "won",
    "win_credit_sixtieths",
)


def tournament_hands(
    tournament: Tournament, *, school_code: str | None = None, final_only: bool = False
) -> Iterator[dict[str, Any]]:
    """Every hand result of the tournament in play order (round, table, game, seat): one streamed query.

    `final_only` keeps the tables that count in the final standings (signed off, confirmed when asked)."""
    hands = HandResult.objects.filter(game__table__round__tournament=tournament)
    if final_only:
        hands = hands.filter(final_condition(tournament, "game__table"))
    if school_code is not None:
        hands = hands.filter(seat__player__school__code=school_code)
    ordered = hands.order_by(
        "game__table__round__order", "game__table__number", "game__number", "seat__letter"
    )
    for row in ordered.values_list(*HAND_FIELDS).iterator(chunk_size=CHUNK):
        hand = dict(zip(HAND_FIELDS, row, strict=True))
        hand["score"] = Fraction(hand["score_sixtieths"], SIXTIETHS)
        hand["win_credit"] = Fraction(hand["win_credit_sixtieths"], SIXTIETHS)
        yield hand


@dataclass(frozen=True)
class TableVerdict:
    table: Table
    seat_count: int
    games_played: int
    outcome: TableOutcome


def table_verdicts(tournament: Tournament) -> Iterator[TableVerdict]:
    """Every table with its outcome: three queries (tables, seat counts, hands), the tables and the hands
    streamed side by side in the same order, whatever the size of the tournament."""
    tables = (
        Table.objects.filter(round__tournament=tournament)
        .select_related("round", "referee")
        .order_by("round__order", "number")
    )
    seat_counts = _seat_counts(tournament)
    hands = iter(tournament_hands(tournament))
    pending = next(hands, None)
    for table in tables.iterator(chunk_size=CHUNK):
        games: dict[int, list[StoredHand]] = {}
        endings: dict[int, str] = {}
        while pending is not None and pending["game__table_id"] == table.pk:
            number = pending["game__number"]
            endings[number] = pending["game__ending"]
            games.setdefault(number, []).append(
                StoredHand(
                    pending["seat__letter"],
                    pending["penalty"],
                    pending["score"],
                    pending["basis"],
                    pending["won"],
                )
            )
            pending = next(hands, None)
        played = [stored_game(tournament.ruleset, endings[number], games[number]) for number in sorted(games)]
        seat_count = seat_counts.get(table.pk, 0)
        yield TableVerdict(table, seat_count, len(played), outcome_of(tournament, table, seat_count, played))


def _seat_counts(tournament: Tournament) -> dict[int, int]:
    rows = (
        Table.objects.filter(round__tournament=tournament)
        .annotate(seat_count=Count("seats"))
        .values_list("pk", "seat_count")
    )
    return dict(rows)


INCIDENT_FIELDS = (
    "game__table__round__order",
    "game__table__round__name",
    "game__table__number",
    "game__number",
    "seat__letter",
    "seat__player__number",
    "seat__player__name_zh",
    "seat__player__name_en",
    "seat__player__school__code",
    "kind",
    "tiles_drawn",
    "tiles_left_over",
    "note",
    "created_at",
)


def tournament_incidents(
    tournament: Tournament, *, school_code: str | None = None, final_only: bool = False
) -> Iterator[dict[str, Any]]:
    incidents = Incident.objects.filter(game__table__round__tournament=tournament)
    if final_only:
        incidents = incidents.filter(final_condition(tournament, "game__table"))
    if school_code is not None:
        incidents = incidents.filter(seat__player__school__code=school_code)
    ordered = incidents.order_by(
        "game__table__round__order", "game__table__number", "game__number", "created_at", "pk"
    )
    for row in ordered.values_list(*INCIDENT_FIELDS).iterator(chunk_size=CHUNK):
        yield dict(zip(INCIDENT_FIELDS, row, strict=True))
