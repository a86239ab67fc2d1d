"""The three commands, end to end: import saved payloads, ask for a day's status as known at a time, fetch."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.weather.weather_payloads import MATCH_DAY, cyclone, entry, hk, rain, warning_info, warnsum
from weather.feed import STATEMENT_FEED, SUMMARY_FEED
from weather.hko import FetchError
from weather.management.commands.weather_fetch import Command as FetchCommand
from weather.models import WarningSnapshot

pytestmark = pytest.mark.django_db
DAY = MATCH_DAY.isoformat()


def import_payload(tmp_path: Path, at: str, payload: str, *extra: str) -> str:
    path = tmp_path / f"payload-{at.replace(':', '')}.json"
    path.write_text(payload, encoding="utf-8")
    out = StringIO()
    call_command("weather_import", str(path), "--at", f"{DAY}T{at}:00+08:00", *extra, stdout=out)
    return out.getvalue()


def status(*args: str) -> dict:
    out = StringIO()
    call_command("weather_status", *args, stdout=out)
    lines = out.getvalue().strip().splitlines()
    assert len(lines) == 1, "one JSON object on one line"
    return json.loads(lines[0])


class TestImportThenStatus:
    @pytest.mark.parametrize(("lowered", "expected"), [("07:00", "goes-ahead"), ("07:01", "cancelled")])
    def test_0700_against_0701(self, tmp_path, lowered: str, expected: str) -> None:
        import_payload(tmp_path, "06:55", rain("WRAINR", hk("05:00")))
        import_payload(tmp_path, "07:05", rain("WRAINA", hk(lowered)))
        result = status(DAY, "--at", f"{DAY}T07:30:00+08:00", "--lang", "en")
        assert result["status"] == expected
        assert set(result) == {"status", "reason_code", "reason", "decided_at"}
        assert result["decided_at"] == f"{DAY}T07:30:00+08:00"
        assert "red rainstorm signal" in result["reason"]

    def test_lowering_by_cancel(self, tmp_path) -> None:
        import_payload(tmp_path, "06:50", cyclone("TC8SE", hk("01:00")))
        cancelled = warnsum(
            WTCSGNL=entry("WTCSGNL", "TC8SE", hk("01:00"), "CANCEL", updateTime=hk("06:58").isoformat())
        )
        import_payload(tmp_path, "07:10", cancelled)
        result = status(DAY, "--at", f"{DAY}T07:15", "--lang", "en")
        assert (result["status"], result["reason_code"]) == ("goes-ahead", "severe-lowered")
        assert "06:58" in result["reason"]

    def test_before_the_deadline_it_is_pending_and_the_reason_is_in_chinese_by_default(
        self, tmp_path
    ) -> None:
        import_payload(tmp_path, "06:30", rain("WRAINB", hk("05:00")))
        result = status(DAY, "--at", f"{DAY}T06:40")
        assert (result["status"], result["reason_code"]) == ("pending", "severe-pending")
        assert result["reason"] != ""
        assert "black rainstorm" not in result["reason"]

    def test_empty_feed_goes_ahead(self, tmp_path) -> None:
        import_payload(tmp_path, "06:55", "{}")
        import_payload(tmp_path, "07:05", "[]")
        assert status(DAY, "--at", f"{DAY}T07:30")["reason_code"] == "no-signal"

    def test_warning_info_is_detected_and_pre8_counts(self, tmp_path) -> None:
        import_payload(tmp_path, "06:55", cyclone("TC3", hk("03:00")))
        import_payload(tmp_path, "07:05", cyclone("TC3", hk("03:00")))
        out = import_payload(tmp_path, "07:06", warning_info(hk("07:00")))
        assert STATEMENT_FEED in out
        assert status(DAY, "--at", f"{DAY}T07:30")["reason_code"] == "pre8-undecided"

    def test_no3_with_a_bureau_suspension_of_the_tournament(self, tmp_path, tournament, organiser) -> None:
        from weather.services import bureau_announcement_record

        import_payload(tmp_path, "06:55", cyclone("TC3", hk("03:00")))
        import_payload(tmp_path, "07:05", cyclone("TC3", hk("03:00")))
        assert status(DAY, "--at", f"{DAY}T07:30")["status"] == "goes-ahead"
        bureau_announcement_record(
            actor=organiser,
            tournament=tournament,
            day=MATCH_DAY,
            scope="primary",
            suspended=True,
            announced_at=hk("06:20"),
        )
        assert status(DAY, "--at", f"{DAY}T07:30")["reason_code"] == "bureau-suspended"

    def test_override_wins_and_is_known_only_from_when_it_was_set(
        self, tmp_path, tournament, organiser
    ) -> None:
        from weather.services import override_set

        import_payload(tmp_path, "07:05", rain("WRAINR", hk("05:00")))
        override_set(
            actor=organiser, tournament=tournament, day=MATCH_DAY, status="goes-ahead", reason="Indoor venue"
        )
        now = status(DAY, "--lang", "en")
        assert (now["status"], now["reason_code"]) == ("goes-ahead", "override")
        assert "Indoor venue" in now["reason"]
        assert status(DAY, "--at", f"{DAY}T07:30")["status"] == "cancelled"

    def test_session_option_moves_the_cutoff_for_an_afternoon(self, tmp_path) -> None:
        import_payload(tmp_path, "06:55", rain("WRAINR", hk("05:00")))
        import_payload(tmp_path, "07:05", rain("WRAINR", hk("05:00")))
        import_payload(tmp_path, "11:50", rain("WRAINA", hk("11:00")))
        import_payload(tmp_path, "12:05", rain("WRAINA", hk("11:00")))
        assert status(DAY, "--at", f"{DAY}T12:10")["status"] == "cancelled"
        assert status(DAY, "--session", "14:00", "--at", f"{DAY}T12:10")["status"] == "goes-ahead"


class TestErrors:
    def test_unreadable_payload_is_a_clear_error_and_nothing_is_stored(self, tmp_path) -> None:
        with pytest.raises(CommandError, match="nothing stored: unreadable payload"):
            import_payload(tmp_path, "06:55", "<html>502 Bad Gateway</html>")
        assert not WarningSnapshot.objects.exists()

    def test_missing_file_is_a_clear_error(self, tmp_path) -> None:
        with pytest.raises(CommandError, match="cannot read"):
            call_command("weather_import", str(tmp_path / "nope.json"), "--at", f"{DAY}T07:00")

    def test_bad_times_and_dates_are_clear_errors(self) -> None:
        with pytest.raises(CommandError, match="not a date"):
            status("19/07/2025")
        with pytest.raises(CommandError, match="not a session start"):
            status(DAY, "--session", "9am")
        with pytest.raises(CommandError, match="ISO 8601"):
            status(DAY, "--at", "morning")

    @pytest.mark.parametrize("day", ["0001-01-01", "1999-12-31", "2101-01-01", "9999-12-31"])
    def test_a_day_at_the_ends_of_the_calendar_is_a_clear_error(self, day: str) -> None:
        with pytest.raises(CommandError, match="between the years 2000 and 2100"):
            status(day)

    @pytest.mark.parametrize("moment", ["0001-01-01T00:00", "9999-12-31T23:59", "9999-12-31T23:59-12:00"])
    def test_a_time_at_the_ends_of_the_calendar_is_a_clear_error(self, tmp_path, moment: str) -> None:
        with pytest.raises(CommandError, match="between the years 2000 and 2100"):
            status(DAY, "--at", moment)
        path = tmp_path / "payload.json"
        path.write_text(warnsum(), encoding="utf-8")
        with pytest.raises(CommandError, match="between the years 2000 and 2100"):
            call_command("weather_import", str(path), "--at", moment)
        assert not WarningSnapshot.objects.exists()

    def test_several_tournaments_on_the_day_need_a_choice(self, tournament) -> None:
        from referee.models import Round, Tournament

        other = Tournament.objects.create(name="Other", slug="other", ruleset="hk-school")
        Round.objects.create(tournament=other, name="R1", date=MATCH_DAY, start_time="13:00", order=1)
        with pytest.raises(CommandError, match="--tournament"):
            status(DAY, "--at", f"{DAY}T07:30")
        chosen = status(DAY, "--tournament", "other", "--at", f"{DAY}T07:30")
        assert (chosen["status"], chosen["reason_code"]) == ("pending", "not-checked-yet"), (
            "13:00 session: cutoff 11:00"
        )


class TestFetch:
    def test_fetch_stores_two_snapshots(self, frozen_now) -> None:
        out = StringIO()
        call_command(FetchCommand(fetcher=lambda url: "{}"), stdout=out)
        assert out.getvalue().startswith("stored 2 snapshots read at ")
        assert sorted(WarningSnapshot.objects.values_list("feed", flat=True)) == sorted(
            [SUMMARY_FEED, STATEMENT_FEED]
        )

    def test_network_failure_is_one_line_and_stores_nothing(self) -> None:
        def offline(url: str) -> str:
            raise FetchError(f"cannot reach {url}: timed out")

        with pytest.raises(CommandError) as caught:
            call_command(FetchCommand(fetcher=offline))
        assert "\n" not in str(caught.value)
        assert "nothing stored" in str(caught.value)
        assert not WarningSnapshot.objects.exists()

    def test_unreadable_live_payload_stores_nothing(self) -> None:
        with pytest.raises(CommandError, match="unreadable payload"):
            call_command(FetchCommand(fetcher=lambda url: "Service Unavailable"))
        assert not WarningSnapshot.objects.exists()


@pytest.fixture
def silent_server():
    """A local server that accepts connections and never answers: a feed that hangs."""
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    yield f"http://127.0.0.1:{listener.getsockname()[1]}/weather.php"
    listener.close()


class TestFetchTimeout:
    def test_http_fetch_gives_up_after_its_timeout_with_one_line(self, silent_server) -> None:
        import time as clock

        from weather.hko import http_fetch

        started = clock.monotonic()
        with pytest.raises(FetchError) as caught:
            http_fetch(silent_server, timeout=0.3)
        assert clock.monotonic() - started < 5
        assert "timed out" in str(caught.value)
        assert "\n" not in str(caught.value)

    def test_the_command_takes_a_timeout_and_stores_nothing(self, silent_server, monkeypatch) -> None:
        monkeypatch.setattr("weather.hko.API_URL", silent_server)
        with pytest.raises(CommandError, match=r"^weather_fetch: nothing stored: cannot reach .*timed out"):
            call_command("weather_fetch", "--timeout", "0.3")
        assert not WarningSnapshot.objects.exists()

    @pytest.mark.parametrize("value", ["0", "-1", "soon"])
    def test_a_bad_timeout_is_refused(self, value: str) -> None:
        with pytest.raises(CommandError, match="timeout"):
            call_command("weather_fetch", "--timeout", value)


def test_import_refuses_a_date_without_a_time(tmp_path) -> None:
    path = tmp_path / "empty.json"
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(CommandError, match="time of day"):
        call_command("weather_import", str(path), "--at", DAY)
    assert not WarningSnapshot.objects.exists()
