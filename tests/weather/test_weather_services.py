"""Writes: readings stored only when readable; only organisers write overrides and bureau records."""

from __future__ import annotations

import inspect
from datetime import date, datetime, timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from core.errors import ServiceError
from core.models import AuditEntry
from tests.weather.weather_payloads import MATCH_DAY, hk, rain, warning_info
from weather import services as weather_services
from weather.decision import HONG_KONG
from weather.feed import STATEMENT_FEED, SUMMARY_FEED, FeedError
from weather.hko import FetchError, feed_url
from weather.models import BureauAnnouncement, MatchDayOverride, SnapshotSource, WarningSnapshot
from weather.services import (
    bureau_announcement_delete,
    bureau_announcement_record,
    override_clear,
    override_set,
    snapshot_store,
    weather_fetch,
)

pytestmark = pytest.mark.django_db


def feeds(summary: str, statements: str = "{}"):
    answers = {feed_url(SUMMARY_FEED): summary, feed_url(STATEMENT_FEED): statements}
    return lambda url: answers[url]


class TestReadings:
    def test_a_readable_payload_is_stored_with_its_read_time(self) -> None:
        snapshot = snapshot_store(
            feed=SUMMARY_FEED, payload="{}", read_at=hk("06:55"), source=SnapshotSource.IMPORT
        )
        assert WarningSnapshot.objects.get().read_at == hk("06:55") == snapshot.read_at

    @pytest.mark.parametrize(
        "payload", ["<html>busy</html>", '{"WRAIN": {"code": "WRAINX", "actionCode": "ISSUE"}}']
    )
    def test_an_unreadable_payload_raises_and_stores_nothing(self, payload: str) -> None:
        with pytest.raises(FeedError):
            snapshot_store(
                feed=SUMMARY_FEED, payload=payload, read_at=hk("06:55"), source=SnapshotSource.IMPORT
            )
        assert not WarningSnapshot.objects.exists()

    def test_fetch_stores_both_feeds_read_at_the_same_moment(self) -> None:
        stored = weather_fetch(
            fetcher=feeds(rain("WRAINR", hk("05:00")), warning_info(hk("05:30"))), now=hk("06:00")
        )
        assert {s.feed for s in stored} == {SUMMARY_FEED, STATEMENT_FEED}
        assert {s.read_at for s in WarningSnapshot.objects.all()} == {hk("06:00")}
        assert {s.source for s in stored} == {SnapshotSource.FETCH}

    def test_fetch_stores_nothing_when_one_feed_fails(self) -> None:
        def fetcher(url: str) -> str:
            if "warningInfo" in url:
                raise FetchError("cannot reach the Observatory: timed out")
            return "{}"

        with pytest.raises(FetchError):
            weather_fetch(fetcher=fetcher, now=hk("06:00"))
        assert not WarningSnapshot.objects.exists()

    def test_fetch_stores_nothing_when_one_payload_is_unreadable(self) -> None:
        with pytest.raises(FeedError):
            weather_fetch(fetcher=feeds("{}", "<html>maintenance</html>"), now=hk("06:00"))
        assert not WarningSnapshot.objects.exists()


class TestOverridePermissions:
    def test_organiser_sets_an_override_with_who_when_and_why(self, tournament, organiser) -> None:
        override = override_set(
            actor=organiser, tournament=tournament, day=MATCH_DAY, status="cancelled", reason="Venue closed"
        )
        assert (override.set_by, override.reason, override.is_active) == (organiser, "Venue closed", True)
        assert AuditEntry.objects.filter(action="weather.override.set", actor=organiser).count() == 1

    @pytest.mark.parametrize("who", ["referee_user", "stranger", "anonymous"])
    def test_anyone_else_is_refused_and_nothing_is_saved(self, request, tournament, who: str) -> None:
        actor = AnonymousUser() if who == "anonymous" else request.getfixturevalue(who)
        with pytest.raises(ServiceError) as caught:
            override_set(actor=actor, tournament=tournament, day=MATCH_DAY, status="cancelled", reason="x")
        assert caught.value.code == "forbidden"
        assert not MatchDayOverride.objects.exists()

    @pytest.mark.parametrize("who", ["referee_user", "stranger", "anonymous"])
    def test_only_organisers_clear(self, request, tournament, organiser, who: str) -> None:
        override_set(actor=organiser, tournament=tournament, day=MATCH_DAY, status="cancelled", reason="x")
        actor = AnonymousUser() if who == "anonymous" else request.getfixturevalue(who)
        with pytest.raises(ServiceError):
            override_clear(actor=actor, tournament=tournament, day=MATCH_DAY)
        assert MatchDayOverride.objects.get().is_active

    def test_a_reason_is_required(self, tournament, organiser) -> None:
        with pytest.raises(ServiceError) as caught:
            override_set(
                actor=organiser, tournament=tournament, day=MATCH_DAY, status="goes-ahead", reason="  "
            )
        assert caught.value.field == "reason"

    def test_only_a_match_day_of_the_tournament_takes_an_override(self, tournament, organiser) -> None:
        with pytest.raises(ServiceError) as caught:
            override_set(
                actor=organiser,
                tournament=tournament,
                day=MATCH_DAY + timedelta(days=1),
                status="cancelled",
                reason="Flooded",
            )
        assert caught.value.code == "not-a-match-day"
        assert not MatchDayOverride.objects.exists()

    @pytest.mark.parametrize("status", ["pending", "unknown", "maybe"])
    def test_an_override_only_goes_ahead_or_cancels(self, tournament, organiser, status: str) -> None:
        with pytest.raises(ServiceError):
            override_set(actor=organiser, tournament=tournament, day=MATCH_DAY, status=status, reason="x")

    def test_a_new_override_replaces_the_old_which_stays_in_the_history(self, tournament, organiser) -> None:
        first = override_set(
            actor=organiser, tournament=tournament, day=MATCH_DAY, status="cancelled", reason="a"
        )
        second = override_set(
            actor=organiser, tournament=tournament, day=MATCH_DAY, status="goes-ahead", reason="b"
        )
        first.refresh_from_db()
        assert first.cleared_at is not None
        assert first.cleared_by == organiser
        assert list(MatchDayOverride.objects.filter(cleared_at__isnull=True)) == [second]

    def test_clearing_keeps_the_row_and_a_second_clear_is_refused(self, tournament, organiser) -> None:
        override_set(actor=organiser, tournament=tournament, day=MATCH_DAY, status="cancelled", reason="a")
        override_clear(actor=organiser, tournament=tournament, day=MATCH_DAY)
        assert MatchDayOverride.objects.get().cleared_by == organiser
        with pytest.raises(ServiceError) as caught:
            override_clear(actor=organiser, tournament=tournament, day=MATCH_DAY)
        assert caught.value.code == "not-found"

    def test_organiser_of_another_tournament_is_refused(self, tournament, stranger) -> None:
        from referee.models import Tournament

        other = Tournament.objects.create(name="Other", slug="other", ruleset="hk-school")
        other.organisers.add(stranger)
        with pytest.raises(ServiceError):
            override_set(actor=stranger, tournament=tournament, day=MATCH_DAY, status="cancelled", reason="x")


class TestBureauRecords:
    def record(self, actor, tournament, **changes):
        values = {"day": MATCH_DAY, "scope": "primary", "suspended": True, "announced_at": hk("06:15")}
        values.update(changes)
        return bureau_announcement_record(actor=actor, tournament=tournament, **values)

    def test_organiser_records_an_announcement(self, tournament, organiser) -> None:
        notice = self.record(organiser, tournament, source_url="https://www.edb.gov.hk/")
        assert (notice.recorded_by, notice.suspended, notice.scope) == (organiser, True, "primary")
        assert AuditEntry.objects.filter(action="weather.bureau.record").exists()

    @pytest.mark.parametrize("who", ["referee_user", "stranger", "anonymous"])
    def test_anyone_else_is_refused(self, request, tournament, who: str) -> None:
        actor = AnonymousUser() if who == "anonymous" else request.getfixturevalue(who)
        with pytest.raises(ServiceError):
            self.record(actor, tournament)
        assert not BureauAnnouncement.objects.exists()

    def test_unknown_scope_is_refused(self, tournament, organiser) -> None:
        with pytest.raises(ServiceError) as caught:
            self.record(organiser, tournament, scope="secondary")
        assert caught.value.field == "scope"

    @pytest.mark.parametrize(
        ("changes", "field"),
        [
            ({"announced_at": datetime(1, 1, 1, 0, 0, tzinfo=HONG_KONG)}, "announced_at"),
            ({"announced_at": datetime(9999, 12, 31, 23, 59, tzinfo=HONG_KONG)}, "announced_at"),
            ({"day": date(1, 1, 1)}, "day"),
            ({"day": date.max}, "day"),
        ],
    )
    def test_a_date_at_the_ends_of_the_calendar_is_refused(
        self, tournament, organiser, changes, field
    ) -> None:
        with translation.override("zh-hant"), pytest.raises(ServiceError) as caught:
            self.record(organiser, tournament, **changes)
        assert caught.value.field == field
        assert str(caught.value) == "請輸入 2000 年至 2100 年之間的日期。"
        assert not BureauAnnouncement.objects.exists()

    @pytest.mark.parametrize("who", ["referee_user", "stranger"])
    def test_only_organisers_delete(self, request, tournament, organiser, who: str) -> None:
        notice = self.record(organiser, tournament)
        with pytest.raises(ServiceError):
            bureau_announcement_delete(actor=request.getfixturevalue(who), announcement=notice)
        bureau_announcement_delete(actor=organiser, announcement=notice)
        assert not BureauAnnouncement.objects.exists()
        assert AuditEntry.objects.filter(action="weather.bureau.delete").exists()


# Each weather write and the test class that tries it as every role.
ROLE_TESTED = {
    "override_set": TestOverridePermissions,
    "override_clear": TestOverridePermissions,
    "bureau_announcement_record": TestBureauRecords,
    "bureau_announcement_delete": TestBureauRecords,
}


def test_every_weather_write_is_tried_by_role():
    """A new write in `weather.services` (keyword-only `actor`) joins ROLE_TESTED with its role tests."""
    writes = {
        name
        for name, function in vars(weather_services).items()
        if inspect.isfunction(function)
        and function.__module__ == weather_services.__name__
        and getattr(inspect.signature(function).parameters.get("actor"), "kind", None)
        is inspect.Parameter.KEYWORD_ONLY
    }
    assert writes == set(ROLE_TESTED)
