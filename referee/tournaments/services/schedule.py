"""Rounds and tables, and which referee runs each table."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from core.audit import audit_record, audited_update, model_fields
from core.errors import ServiceError
from core.inputs import date_out_of_range_message, is_date_in_range
from referee import permissions
from referee.checks import clean_text, require_positive
from referee.locks import lock_tournament
from referee.models import Game, Round, Table, Tournament

ROUND_FIELDS = ["name", "date", "start_time", "order", "is_final"]


def _clean_round(
    tournament: Tournament,
    *,
    name: str,
    date: datetime.date | None,
    start_time: datetime.time | None,
    order: int | None,
    exclude_pk: int | None,
    is_final: bool = False,
) -> dict[str, Any]:
    if not isinstance(date, datetime.date):
        raise ServiceError(_("Enter a date."), field="date", code="required")
    if not is_date_in_range(date):
        raise ServiceError(date_out_of_range_message(), field="date", code="date-out-of-range")
    if not isinstance(start_time, datetime.time):
        raise ServiceError(_("Enter a start time."), field="start_time", code="required")
    others = tournament.rounds.all() if exclude_pk is None else tournament.rounds.exclude(pk=exclude_pk)
    if order is None:
        highest = others.order_by("-order").values_list("order", flat=True).first()
        order = (highest or 0) + 1
    values: dict[str, Any] = {
        "name": clean_text(name, field="name", max_length=120, required=True),
        "date": date,
        "start_time": start_time,
        "order": require_positive(order, field="order"),
        "is_final": bool(is_final),
    }
    if others.filter(order=values["order"]).exists():
        raise ServiceError(_("Another round already has this order."), field="order", code="duplicate")
    return values


@transaction.atomic
def round_create(
    *,
    actor: permissions.AnyUser,
    tournament: Tournament,
    name: str,
    date: datetime.date | None,
    start_time: datetime.time | None,
    order: int | None = None,
    is_final: bool = False,
) -> Round:
    """A blank order puts the round last."""
    permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    values = _clean_round(
        tournament,
        name=name,
        date=date,
        start_time=start_time,
        order=order,
        exclude_pk=None,
        is_final=is_final,
    )
    round_ = Round.objects.create(tournament=tournament, **values)
    audit_record(
        actor=actor, tournament=tournament, action="round.create", after=model_fields(round_, ROUND_FIELDS)
    )
    return round_


@transaction.atomic
def round_update(
    *,
    actor: permissions.AnyUser,
    round_: Round,
    name: str,
    date: datetime.date | None,
    start_time: datetime.time | None,
    order: int | None,
    is_final: bool = False,
) -> Round:
    permissions.require_organiser(actor, round_.tournament)
    tournament = lock_tournament(round_.tournament)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    values = _clean_round(
        tournament,
        name=name,
        date=date,
        start_time=start_time,
        order=order,
        exclude_pk=round_.pk,
        is_final=is_final,
    )
    audited_update(
        actor=actor,
        tournament=tournament,
        instance=round_,
        values=values,
        action="round.update",
        fields=ROUND_FIELDS,
    )
    return round_


@transaction.atomic
def round_delete(*, actor: permissions.AnyUser, round_: Round) -> None:
    permissions.require_organiser(actor, round_.tournament)
    tournament = lock_tournament(round_.tournament)
    if Game.objects.filter(table__round=round_).exists():
        raise ServiceError(_("Games have been recorded in this round; it cannot be deleted."), code="in-use")
    before = model_fields(round_, ROUND_FIELDS)
    round_.delete()
    audit_record(actor=actor, tournament=tournament, action="round.delete", before=before)


@transaction.atomic
def table_create(*, actor: permissions.AnyUser, round_: Round, number: int | None = None) -> Table:
    """A blank number takes the next one in the round."""
    permissions.require_organiser(actor, round_.tournament)
    tournament = lock_tournament(round_.tournament)
    if number is None:
        highest = round_.tables.order_by("-number").values_list("number", flat=True).first()
        number = (highest or 0) + 1
    require_positive(number, field="number")
    if round_.tables.filter(number=number).exists():
        raise ServiceError(
            _("This round already has a table with this number."), field="number", code="duplicate"
        )
    table = Table.objects.create(round=round_, number=number)
    audit_record(
        actor=actor,
        tournament=tournament,
        table=table,
        action="table.create",
        after={"round": round_.pk, "number": number},
    )
    return table


@transaction.atomic
def table_delete(*, actor: permissions.AnyUser, table: Table) -> None:
    permissions.require_organiser(actor, table.round.tournament)
    tournament = lock_tournament(table.round.tournament)
    if table.games.exists():
        raise ServiceError(_("Games have been recorded at this table; it cannot be deleted."), code="in-use")
    before = {
        "round": table.round_id,
        "number": table.number,
        "seats": list(table.seats.values_list("letter", "player_id")),
    }
    table.delete()
    audit_record(actor=actor, tournament=tournament, action="table.delete", before=before)


@transaction.atomic
def table_assign_referee(*, actor: permissions.AnyUser, table: Table, referee: User | None) -> Table:
    """None takes the referee off the table. The referee must be one of the tournament's referees."""
    tournament = table.round.tournament
    permissions.require_organiser(actor, tournament)
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.signed_off_at is not None:
        raise ServiceError(_("This table has been signed off."), field="referee", code="signed-off")
    if referee is not None and not tournament.referees.filter(pk=referee.pk).exists():
        raise ServiceError(
            _("Choose one of this tournament's referees."), field="referee", code="not-a-referee"
        )
    before = {"referee": table.referee_id}
    table.referee = referee
    table.save(update_fields=["referee"])
    audit_record(
        actor=actor,
        tournament=tournament,
        table=table,
        action="table.assign_referee",
        before=before,
        after={"referee": table.referee_id},
    )
    return table
