"""The round clock and the end of time: moments stored, the time left derived, and the tournament's rule
(finish the game in play; no new game starts) applied when the organiser ends the time or when it runs out."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from core.errors import ServiceError
from core.models import AuditEntry
from referee.hall_screen.services.round_clock import (
    round_clock_end,
    round_clock_minutes_set,
    round_clock_pause,
    round_clock_resume,
    round_clock_start,
)
from referee.models import RoundClock, Table
from referee.play.services.signoff import table_sign_off
from referee.play.services.table_time import table_time_extend
from referee.results.round_time import ENDED, NOT_STARTED, PAUSED, RUNNING, clock_reading, time_is_up
from referee.results.table_rules import games_required


def _ran_out(round_, minutes_ago: int = 1) -> RoundClock:
    """The round's clock started long enough ago that its time ran out `minutes_ago` minutes ago."""
    clock = RoundClock.objects.get(round=round_)
    clock.started_at = timezone.now() - timedelta(minutes=clock.minutes + minutes_ago)
    clock.save(update_fields=["started_at"])
    return clock


def test_start_pause_resume_end_store_moments_and_the_time_left_follows(organiser, round_):
    clock = round_clock_start(actor=organiser, round_=round_, minutes=45)
    reading = clock_reading(clock)
    assert reading.state == RUNNING
    assert abs((reading.ends_at - clock.started_at) - timedelta(minutes=45)) < timedelta(seconds=1)
    paused = round_clock_pause(actor=organiser, round_=round_)
    assert clock_reading(paused).state == PAUSED
    assert 44 * 60 <= clock_reading(paused).left <= 45 * 60
    # Ten minutes paused: the end moves ten minutes later.
    RoundClock.objects.filter(pk=round_.pk).update(paused_at=timezone.now() - timedelta(minutes=10))
    resumed = round_clock_resume(actor=organiser, round_=round_)
    assert clock_reading(resumed).state == RUNNING
    assert 599 <= resumed.paused_seconds <= 601
    ends = clock_reading(resumed).ends_at
    assert abs(ends - (resumed.started_at + timedelta(minutes=55))) < timedelta(seconds=2)
    ended = round_clock_end(actor=organiser, round_=round_)
    assert clock_reading(ended).state == ENDED
    entries = AuditEntry.objects.filter(action__startswith="clock.").order_by("pk")
    actions = list(entries.values_list("action", flat=True))
    assert actions == ["clock.start", "clock.pause", "clock.resume", "clock.end"]


def test_a_clock_refuses_a_tap_that_does_not_fit_its_state(organiser, round_):
    with pytest.raises(ServiceError) as refused:
        round_clock_pause(actor=organiser, round_=round_)
    assert refused.value.code == f"clock-{NOT_STARTED}"
    round_clock_start(actor=organiser, round_=round_)
    with pytest.raises(ServiceError) as twice:
        round_clock_start(actor=organiser, round_=round_)
    assert twice.value.code == f"clock-{RUNNING}"
    with pytest.raises(ServiceError) as bad:
        round_clock_minutes_set(actor=organiser, round_=round_, minutes=0)
    assert bad.value.field == "minutes"
    _ran_out(round_)
    with pytest.raises(ServiceError) as late:
        round_clock_pause(actor=organiser, round_=round_)
    assert late.value.code == "clock-run-out"


def test_ending_the_time_cuts_each_table_to_the_game_in_play(organiser, round_, table, play):
    play(table)  # game 1 saved; game 2 is in play when the time ends
    round_clock_start(actor=organiser, round_=round_)
    round_clock_end(actor=organiser, round_=round_)
    table.refresh_from_db()
    assert table.last_game == 2
    assert games_required(round_.tournament, 4, table.last_game) == 2
    entry = AuditEntry.objects.get(action="clock.end")
    assert entry.changes["after"]["last_games"] == {"1": 2}
    play(table)  # the game in play is finished
    with pytest.raises(ServiceError) as refused:
        play(Table.objects.get(pk=table.pk))
    assert refused.value.code == "time-up"
    assert "第 2 局" in str(refused.value.message)
    signed = table_sign_off(actor=table.referee, table=Table.objects.get(pk=table.pk))
    assert signed.is_signed_off  # decided on the two games played


def test_time_that_runs_out_is_settled_at_the_next_save(organiser, round_, table, play, referee):
    round_clock_start(actor=organiser, round_=round_, minutes=30)
    play(table)
    clock = _ran_out(round_)
    table.games.filter(number=1).update(created_at=clock.started_at + timedelta(minutes=20))  # before the end
    play(Table.objects.get(pk=table.pk))  # game 2 was in play when the time ran out: it is saved
    table.refresh_from_db()
    assert table.last_game == 2
    assert AuditEntry.objects.filter(action="table.time_up", table=table).count() == 1
    with pytest.raises(ServiceError) as refused:
        play(table)
    assert refused.value.code == "time-up"


def test_a_game_saved_before_the_end_counts_by_when_it_was_saved(organiser, round_, table, play):
    round_clock_start(actor=organiser, round_=round_, minutes=30)
    play(table)
    play(Table.objects.get(pk=table.pk))
    clock = _ran_out(round_)
    # Game 1 saved before the end, game 2 after it: game 2 was the one in play, and is the last.
    table.games.filter(number=1).update(created_at=clock.started_at + timedelta(minutes=10))
    table.games.filter(number=2).update(created_at=clock.started_at + timedelta(minutes=31))
    with pytest.raises(ServiceError) as refused:
        play(Table.objects.get(pk=table.pk))
    assert refused.value.code == "time-up"
    # The refused save stored nothing; the sign-off records the cut it is decided by.
    signed = table_sign_off(actor=table.referee, table=Table.objects.get(pk=table.pk))
    assert (signed.is_signed_off, signed.last_game) == (True, 2)


def test_extra_time_keeps_a_table_playing_and_is_recorded_with_its_reason(organiser, round_, table, play):
    round_clock_start(actor=organiser, round_=round_, minutes=30)
    table_time_extend(actor=organiser, table=table, minutes=10, reason="遲了開始")
    _ran_out(round_, minutes_ago=2)
    table.refresh_from_db()
    assert not time_is_up(RoundClock.objects.get(round=round_), table.extra_minutes, timezone.now())
    play(table)
    play(Table.objects.get(pk=table.pk))
    assert Table.objects.get(pk=table.pk).last_game is None
    entry = AuditEntry.objects.get(action="table.extra_time")
    assert (entry.reason, entry.changes["after"]["extra_minutes"]) == ("遲了開始", 10)
    with pytest.raises(ServiceError) as no_reason:
        table_time_extend(actor=organiser, table=table, minutes=5, reason="")
    assert no_reason.value.field == "reason"


def test_extra_time_given_after_the_cut_lifts_it(organiser, round_, table, play):
    round_clock_start(actor=organiser, round_=round_)
    round_clock_end(actor=organiser, round_=round_)
    assert Table.objects.get(pk=table.pk).last_game == 1
    table_time_extend(actor=organiser, table=table, minutes=15, reason="計時器壞了")
    assert Table.objects.get(pk=table.pk).last_game is None


def test_the_play_on_rule_cuts_nothing(organiser, tournament, round_, table, play):
    tournament.time_up_rule = "play-on"
    tournament.save(update_fields=["time_up_rule"])
    round_clock_start(actor=organiser, round_=round_)
    round_clock_end(actor=organiser, round_=round_)
    for _game in range(3):
        play(Table.objects.get(pk=table.pk))
    assert Table.objects.get(pk=table.pk).last_game is None
