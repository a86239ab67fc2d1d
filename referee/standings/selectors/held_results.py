"""Rounds whose results are held back from the public (the tournament's "hold each round's results").

A held round is one not yet released by an organiser with a table not yet final (signed off, and confirmed
when the tournament asks for it). Public pages and the hall's screen leave its results out; the organiser's
pages list it, with its tables still open. Once its last table is final it is public by itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q

from referee.models import Round, Table, Tournament
from referee.standings.selectors.standings import final_condition


@dataclass(frozen=True)
class HeldRound:
    round: Round
    tables_open: int
    table_count: int


def _not_final(tournament: Tournament) -> Q:
    return ~final_condition(tournament, "")


def held_round_ids(tournament: Tournament) -> frozenset[int]:
    """One query (none when the tournament holds nothing): the rounds whose results no public page shows."""
    if not tournament.hold_results:
        return frozenset()
    open_tables = Table.objects.filter(round=OuterRef("pk")).filter(_not_final(tournament))
    rounds = Round.objects.filter(tournament=tournament, results_released_at__isnull=True)
    return frozenset(rounds.filter(Exists(open_tables)).values_list("pk", flat=True))


def held_rounds(tournament: Tournament) -> list[HeldRound]:
    """One query: each held round with how many of its tables are not yet final, for the organiser."""
    if not tournament.hold_results:
        return []
    rounds = (
        Round.objects.filter(tournament=tournament, results_released_at__isnull=True)
        .annotate(
            table_count=Count("tables", distinct=True),
            tables_open=Count("tables", filter=_open_filter(tournament), distinct=True),
        )
        .filter(tables_open__gt=0)
        .order_by("order")
    )
    return [HeldRound(round_, round_.tables_open, round_.table_count) for round_ in rounds]


def _open_filter(tournament: Tournament) -> Q:
    condition = Q(tables__signed_off_at__isnull=True)
    if tournament.requires_confirmation:
        condition |= Q(tables__confirmed_at__isnull=True)
    return condition


def round_is_public(tournament: Tournament, round_: Round, held: frozenset[int]) -> bool:
    return round_.pk not in held
