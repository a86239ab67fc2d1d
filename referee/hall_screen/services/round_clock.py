"""The round clock, run by an organiser from a phone: its length, start, pause, resume and end.

Each write stores a moment, never a count: the screens count down from them (`results/round_time.py`). The
round's row is locked, so two organisers tapping at once take turns. Ending the time applies the
tournament's rule at once (`services/table_time.py`): a table whose time is up plays out the game in play
and starts no other.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from core.permissions import AnyUser
from referee import permissions
from referee.models import Round, RoundClock
from referee.play.services.table_time import round_tables_settle
from referee.results.round_time import ENDED, NOT_STARTED, PAUSED, RUNNING, clock_reading

MINUTES_MAX = 600


def _locked_clock(round_: Round) -> RoundClock:
    Round.objects.select_for_update().get(pk=round_.pk)
    clock, _created = RoundClock.objects.get_or_create(round=round_)
    return clock


def _record(actor: AnyUser, round_: Round, action: str, clock: RoundClock, **extra: object) -> None:
    reading = clock_reading(clock)
    audit_record(
        actor=actor,
        tournament=round_.tournament,
        action=action,
        after={"round": round_.pk, "state": reading.state, "minutes": clock.minutes, **extra},
    )


def _refuse_unless(clock: RoundClock, *states: str) -> None:
    state = clock_reading(clock).state
    if state in states:
        return
    messages = {
        NOT_STARTED: _("The round's time has not been started."),
        RUNNING: _("The round's time is already running."),
        PAUSED: _("The round's time is paused."),
        ENDED: _("The round's time has ended."),
    }
    raise ServiceError(messages[state], code=f"clock-{state}")


def _clean_minutes(minutes: object) -> int:
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MINUTES_MAX:
        raise ServiceError(
            _("Give the round between 1 and %(most)d minutes.") % {"most": MINUTES_MAX},
            field="minutes",
            code="bad-minutes",
        )
    return minutes


@transaction.atomic
def round_clock_minutes_set(*, actor: AnyUser, round_: Round, minutes: int) -> RoundClock:
    """The round's length; it may change while the time runs (the end moves with it), not once ended."""
    permissions.require_organiser(actor, round_.tournament)
    minutes = _clean_minutes(minutes)
    clock = _locked_clock(round_)
    _refuse_unless(clock, NOT_STARTED, RUNNING, PAUSED)
    clock.minutes = minutes
    clock.save(update_fields=["minutes"])
    _record(actor, round_, "clock.minutes", clock)
    return clock


@transaction.atomic
def round_clock_start(*, actor: AnyUser, round_: Round, minutes: int | None = None) -> RoundClock:
    """The time starts now, for `minutes` when given (else the length already set)."""
    permissions.require_organiser(actor, round_.tournament)
    clock = _locked_clock(round_)
    _refuse_unless(clock, NOT_STARTED)
    if minutes is not None:
        clock.minutes = _clean_minutes(minutes)
    clock.started_at = timezone.now()
    clock.save(update_fields=["started_at", "minutes"])
    _record(actor, round_, "clock.start", clock)
    return clock


@transaction.atomic
def round_clock_pause(*, actor: AnyUser, round_: Round) -> RoundClock:
    """A pause holds the time left; it is refused once the time has run out (nothing is left to hold)."""
    permissions.require_organiser(actor, round_.tournament)
    clock = _locked_clock(round_)
    _refuse_unless(clock, RUNNING)
    now = timezone.now()
    ends_at = clock_reading(clock).ends_at
    if ends_at is not None and now >= ends_at:
        raise ServiceError(_("The round's time has already run out."), code="clock-run-out")
    clock.paused_at = now
    clock.save(update_fields=["paused_at"])
    _record(actor, round_, "clock.pause", clock)
    return clock


@transaction.atomic
def round_clock_resume(*, actor: AnyUser, round_: Round) -> RoundClock:
    permissions.require_organiser(actor, round_.tournament)
    clock = _locked_clock(round_)
    _refuse_unless(clock, PAUSED)
    clock.paused_seconds += _seconds_since(clock.paused_at)
    clock.paused_at = None
    clock.save(update_fields=["paused_seconds", "paused_at"])
    _record(actor, round_, "clock.resume", clock)
    return clock


@transaction.atomic
def round_clock_end(*, actor: AnyUser, round_: Round) -> RoundClock:
    """The round's time ends now (or when it ran out, if that was earlier); every table whose time is up
    then follows the tournament's rule, recorded table by table in this one entry."""
    permissions.require_organiser(actor, round_.tournament)
    clock = _locked_clock(round_)
    _refuse_unless(clock, RUNNING, PAUSED)
    now = timezone.now()
    if clock.paused_at is not None:
        clock.paused_seconds += _seconds_since(clock.paused_at)
        clock.paused_at = None
    assert clock.started_at is not None  # running or paused: started
    ran_out = clock.started_at + timedelta(minutes=clock.minutes, seconds=clock.paused_seconds)
    clock.ended_at = min(now, ran_out)
    clock.save(update_fields=["paused_seconds", "paused_at", "ended_at"])
    last_games = round_tables_settle(round_=round_, clock=clock, now=now)
    _record(actor, round_, "clock.end", clock, last_games=last_games)
    return clock


def _seconds_since(moment: object) -> int:
    return max(0, int((timezone.now() - moment).total_seconds()))  # type: ignore[operator]
