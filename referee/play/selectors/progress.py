"""Where every table stands: not started, in play, finished, signed off (and confirmed)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db.models import Count, Exists, IntegerField, Model, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django_stubs_ext import StrOrPromise

import scoring
from core.models import AuditEntry
from referee.models import DrawStatus, Game, HandResult, Round, RoundDraw, Seat, Table, Tournament
from referee.models.results import SIXTIETHS
from referee.results.table_rules import TableStatus, effective_target, games_required, table_status
from referee.wording.names import user_name


@dataclass(frozen=True)
class SeatSummary:
    letter: str
    player_name: str
    school_code: str
    player_number: int = 0


@dataclass(frozen=True)
class TableProgress:
    table: Table
    number: int
    referee_name: str
    seats: list[SeatSummary]
    games_played: int
    games_required: int | None
    status: TableStatus

    @property
    def status_label(self) -> StrOrPromise:
        return self.status.label


@dataclass
class RoundProgress:
    round: Round
    tables: list[TableProgress] = field(default_factory=list)

    def count(self, status: TableStatus) -> int:
        return sum(1 for table in self.tables if table.status == status)


def _correlated_count(queryset: QuerySet[Model]) -> Coalesce:
    counted = (
        queryset.filter(table=OuterRef("pk")).order_by().values("table").annotate(n=Count("pk")).values("n")
    )
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


def _seats_by_table(tables: Sequence[Table]) -> dict[int, list[SeatSummary]]:
    seats = (
        Seat.objects.filter(table__in=[t.pk for t in tables])
        .select_related("player__school")
        .order_by("letter")
    )
    by_table: dict[int, list[SeatSummary]] = defaultdict(list)
    for seat in seats:
        by_table[seat.table_id].append(
            SeatSummary(seat.letter, seat.player.display_name, seat.player.school.code, seat.player.number)
        )
    return by_table


def _best_totals(tables: Sequence[Table]) -> dict[int, int]:
    """For play-to-a-target matches: the highest running total at each table, in sixtieths."""
    sums = (
        HandResult.objects.filter(game__table__in=[t.pk for t in tables])
        .values("game__table", "seat")
        .annotate(total=Sum("score_sixtieths"))
        .order_by()
    )
    best: dict[int, int] = {}
    for row in sums:
        best[row["game__table"]] = max(best.get(row["game__table"], 0), row["total"])
    return best


def _progress_rows(queryset: QuerySet[Table]) -> list[TableProgress]:
    """Three queries at most: tables with counts, their seats, and running totals for target matches."""
    tables = list(
        queryset.select_related("round__tournament", "referee").annotate(
            games_played=_correlated_count(Game.objects.all())
        )
    )
    seats = _seats_by_table(tables)
    target_tables = [
        t for t in tables if scoring.get_ruleset(t.round.tournament.ruleset).match_format == "target"
    ]
    best = _best_totals(target_tables) if target_tables else {}
    rows = []
    for table in tables:
        tournament: Tournament = table.round.tournament
        required = games_required(tournament, len(seats[table.pk]), table.last_game)
        if required is None:
            target = effective_target(tournament) or 0
            finished = table.games_played > 0 and best.get(table.pk, 0) >= target * SIXTIETHS
        else:
            finished = 0 < required <= table.games_played
        status = table_status(
            games_played=table.games_played,
            finished=finished,
            signed_off=table.signed_off_at is not None,
            confirmed=table.confirmed_at is not None,
        )
        referee_name = user_name(table.referee)
        rows.append(
            TableProgress(
                table, table.number, referee_name, seats[table.pk], table.games_played, required, status
            )
        )
    return rows


def tournament_progress(tournament: Tournament) -> list[RoundProgress]:
    """Every round with its tables, in order (four queries)."""
    rounds = {round_.pk: RoundProgress(round_) for round_ in tournament.rounds.order_by("order")}
    tables = Table.objects.filter(round__tournament=tournament).order_by("round__order", "number")
    for row in _progress_rows(tables):
        rounds[row.table.round_id].tables.append(row)
    return list(rounds.values())


def referee_tables(user: User) -> list[TableProgress]:
    """A referee's own tables in every tournament they referee: those still to play or sign off first,
    soonest round first, then the signed-off ones (done with), most recent first."""
    tables = Table.objects.filter(referee=user, round__tournament__referees=user).order_by(
        "round__date", "round__start_time", "round__order", "number"
    )
    rows = _progress_rows(tables)
    open_rows = [row for row in rows if row.table.signed_off_at is None]
    done = [row for row in rows if row.table.signed_off_at is not None]
    return open_rows + done[::-1]


def round_progress(round_: Round) -> RoundProgress:
    """One round's tables (three queries)."""
    tables = Table.objects.filter(round=round_).order_by("number")
    return RoundProgress(round_, _progress_rows(tables))


def table_progress(table: Table) -> TableProgress:
    return _progress_rows(Table.objects.filter(pk=table.pk))[0]


@dataclass(frozen=True)
class RoundCount:
    round: Round
    table_count: int
    done_count: int
    drawn: bool = False


def round_counts(tournament: Tournament) -> list[RoundCount]:
    """One query: each round with its tables and how many are signed off (for the public page)."""
    rounds = tournament.rounds.order_by("order").annotate(
        table_count=Count("tables"),
        done_count=Count("tables", filter=Q(tables__signed_off_at__isnull=False)),
        drawn=Exists(RoundDraw.objects.filter(round=OuterRef("pk"), status=DrawStatus.COMMITTED)),
    )
    return [RoundCount(round_, round_.table_count, round_.done_count, round_.drawn) for round_ in rounds]


def tables_to_confirm(user: User) -> list[TableProgress]:
    """Signed-off tables of this person's tournaments that wait for a second person's check, leaving out
    those whose results they entered or signed off themselves (three queries)."""
    entered = AuditEntry.objects.filter(
        table=OuterRef("pk"), actor=user, action__in=["game.create", "game.correct"]
    )
    tables = (
        Table.objects.filter(
            round__tournament__referees=user,
            round__tournament__requires_confirmation=True,
            signed_off_at__isnull=False,
            confirmed_at__isnull=True,
        )
        .exclude(signed_off_by=user)
        .exclude(Exists(entered))
        .order_by("round__date", "round__order", "number")
    )
    return _progress_rows(tables)
