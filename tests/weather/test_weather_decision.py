"""The weather rule to the minute, from stored readings, without a database."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.weather.weather_payloads import MATCH_DAY, cyclone, entry, hk, rain, warning_info, warnsum
from weather.decision import (
    BureauNotice,
    BureauScope,
    Facts,
    MatchDay,
    Override,
    Reason,
    Status,
    decide,
)
from weather.feed import parse_statements, parse_summary
from weather.timeline import StatementReading, SummaryReading

MORNING = MatchDay(MATCH_DAY, time(9, 0))
AFTERNOON = MatchDay(MATCH_DAY, time(14, 0))


def readings(*pairs: tuple[str, str]) -> tuple[SummaryReading, ...]:
    """("06:55", payload), ... -> readings taken at those times on the match day."""
    return tuple(SummaryReading(hk(at), parse_summary(payload)) for at, payload in pairs)


def decide_at(as_of: str, *pairs: tuple[str, str], day: MatchDay = MORNING, **facts: object) -> object:
    return decide(day, Facts(summaries=readings(*pairs), **facts), hk(as_of))


RED_SINCE_5 = rain("WRAINR", hk("05:00"))
EMPTY = warnsum()


def notice(suspended: bool, scope: BureauScope = BureauScope.PRIMARY, at: str = "06:00") -> BureauNotice:
    return BureauNotice(scope=scope, suspended=suspended, announced_at=hk(at))


NO3 = cyclone("TC3", hk("04:00"))


class TestCutoffToTheMinute:
    def test_red_replaced_by_amber_at_0700_goes_ahead(self) -> None:
        decision = decide_at("07:30", ("06:55", RED_SINCE_5), ("07:05", rain("WRAINA", hk("07:00"))))
        assert decision.status == Status.GOES_AHEAD
        assert decision.reason == Reason.SEVERE_LOWERED
        assert decision.details["lowered_at"] == "07:00"
        assert decision.details["signal"] == "WRAINR"

    def test_red_replaced_by_amber_at_0701_is_cancelled(self) -> None:
        decision = decide_at("07:30", ("06:55", RED_SINCE_5), ("07:05", rain("WRAINA", hk("07:01"))))
        assert decision.status == Status.CANCELLED
        assert decision.reason == Reason.SEVERE_AT_CUTOFF
        assert decision.details == {"cutoff": "07:00", "deadline": "07:01", "signal": "WRAINR"}

    def test_seconds_do_not_count_a_change_stamped_0700_59_is_at_0700(self) -> None:
        lowered = rain("WRAINA", hk("07:00", seconds=59))
        decision = decide_at("07:30", ("06:55", RED_SINCE_5), ("07:05", lowered))
        assert decision.status == Status.GOES_AHEAD

    def test_no8_cancelled_at_0700_goes_ahead(self) -> None:
        cancelled = warnsum(
            WTCSGNL=entry("WTCSGNL", "TC8NE", hk("02:00"), "CANCEL", updateTime=hk("07:00").isoformat())
        )
        decision = decide_at("07:30", ("06:55", cyclone("TC8NE", hk("02:00"))), ("07:10", cancelled))
        assert (decision.status, decision.reason) == (Status.GOES_AHEAD, Reason.SEVERE_LOWERED)
        assert decision.details["lowered_at"] == "07:00"

    def test_no8_cancelled_at_0701_is_cancelled(self) -> None:
        cancelled = warnsum(
            WTCSGNL=entry("WTCSGNL", "TC8NE", hk("02:00"), "CANCEL", updateTime=hk("07:01").isoformat())
        )
        decision = decide_at("07:30", ("06:55", cyclone("TC8NE", hk("02:00"))), ("07:10", cancelled))
        assert (decision.status, decision.reason) == (Status.CANCELLED, Reason.SEVERE_AT_CUTOFF)
        assert decision.details["signal"] == "TC8NE"

    def test_no8_lowered_to_no3_at_0645_goes_ahead(self) -> None:
        decision = decide_at(
            "07:30",
            ("06:30", cyclone("TC8SE", hk("01:00"))),
            ("06:50", cyclone("TC3", hk("06:45"))),
            ("07:05", cyclone("TC3", hk("06:45"))),
        )
        assert (decision.status, decision.reason) == (Status.GOES_AHEAD, Reason.SEVERE_LOWERED)
        assert decision.details["lowered_at"] == "06:45"

    def test_signal_still_up_well_after_0701_is_cancelled(self) -> None:
        black = rain("WRAINB", hk("04:00"))
        assert decide_at("08:00", ("06:55", black), ("07:20", black)).status == Status.CANCELLED

    def test_one_reading_after_the_deadline_suffices_when_it_dates_the_signal(self) -> None:
        decision = decide_at("07:10", ("07:05", RED_SINCE_5))
        assert decision.status == Status.CANCELLED

    def test_upgrade_after_the_deadline_still_cancels(self) -> None:
        decision = decide_at("07:40", ("06:55", RED_SINCE_5), ("07:25", rain("WRAINB", hk("07:20"))))
        assert (decision.status, decision.details["signal"]) == (Status.CANCELLED, "WRAINR")

    @given(st.integers(min_value=-60, max_value=60))
    def test_any_lowering_minute_decides_by_0700(self, offset: int) -> None:
        lowered = hk("07:00") + timedelta(minutes=offset)
        history = [("06:00", RED_SINCE_5)]
        for minutes in range(5, 125, 5):
            at = hk("06:00") + timedelta(minutes=minutes)
            payload = RED_SINCE_5 if at < lowered else rain("WRAINA", lowered)
            history.append((f"{at:%H:%M}", payload))
        decision = decide_at("08:30", *history)
        expected = Status.GOES_AHEAD if offset <= 0 else Status.CANCELLED
        assert decision.status == expected


class TestGapsInTheReadings:
    def test_a_signal_gone_without_a_time_between_readings_that_straddle_0701_is_unknown(self) -> None:
        decision = decide_at("07:30", ("06:55", RED_SINCE_5), ("07:05", EMPTY))
        assert (decision.status, decision.reason) == (Status.UNKNOWN, Reason.NO_READING_AT_CUTOFF)

    def test_empty_feed_on_both_sides_of_the_deadline_goes_ahead(self) -> None:
        decision = decide_at("07:30", ("06:55", EMPTY), ("07:05", "[]"))
        assert (decision.status, decision.reason) == (Status.GOES_AHEAD, Reason.NO_SIGNAL)

    @pytest.mark.parametrize("read_at", ["07:02", "07:05", "07:11"])
    def test_an_empty_summary_shortly_after_the_deadline_shows_nothing_was_in_force(
        self, read_at: str
    ) -> None:
        # A signal lowered after 07:01 would still show as a CANCEL entry: {} alone says none was up.
        for payload in (EMPTY, "[]"):
            decision = decide_at("07:30", (read_at, payload))
            assert (decision.status, decision.reason) == (Status.GOES_AHEAD, Reason.NO_SIGNAL), read_at

    def test_the_0702_morning_goes_ahead_as_soon_as_it_is_read(self) -> None:
        assert decide_at("07:02", ("07:02", EMPTY)).status == Status.GOES_AHEAD

    def test_a_single_empty_reading_long_after_the_deadline_cannot_tell(self) -> None:
        assert decide_at("07:30", ("07:12", EMPTY)).status == Status.UNKNOWN

    def test_an_empty_summary_after_a_severe_reading_without_a_cancel_entry_cannot_tell(self) -> None:
        decision = decide_at("07:30", ("06:50", RED_SINCE_5), ("07:02", EMPTY))
        assert (decision.status, decision.reason) == (Status.UNKNOWN, Reason.NO_READING_AT_CUTOFF)

    def test_a_cancel_entry_after_the_deadline_still_cancels(self) -> None:
        cancelled = rain("WRAINR", hk("07:01"), action="CANCEL")
        decision = decide_at("07:30", ("07:03", cancelled))
        assert decision.status != Status.GOES_AHEAD

    def test_readings_too_far_apart_cannot_tell(self) -> None:
        assert decide_at("08:00", ("06:20", EMPTY), ("07:31", EMPTY)).status == Status.UNKNOWN

    def test_no_reading_at_all_after_the_deadline_is_unknown(self) -> None:
        assert decide_at("08:00").reason == Reason.NO_READING_AT_CUTOFF

    @pytest.mark.parametrize("payload", [EMPTY, RED_SINCE_5])
    def test_between_the_deadline_and_the_first_reading_after_it_the_day_is_still_pending(
        self, payload: str
    ) -> None:
        history = (("06:55", payload), ("07:00", payload))
        for asked in ("07:01", "07:04", "07:31"):
            decision = decide_at(asked, *history)
            assert (decision.status, decision.reason) == (Status.PENDING, Reason.AWAITING_READING), asked
        assert "07:01" in decision.details.values()

    def test_no_reading_long_after_the_deadline_is_for_the_organiser(self) -> None:
        decision = decide_at("07:32", ("06:55", EMPTY), ("07:00", EMPTY))
        assert (decision.status, decision.reason) == (Status.UNKNOWN, Reason.NO_READING_AT_CUTOFF)

    def test_readings_that_stopped_long_before_the_deadline_are_not_waited_for(self) -> None:
        decision = decide_at("07:02", ("05:00", EMPTY))
        assert (decision.status, decision.reason) == (Status.UNKNOWN, Reason.NO_READING_AT_CUTOFF)

    def test_a_suspension_cancels_while_waiting_for_the_reading(self) -> None:
        decision = decide_at("07:03", ("07:00", EMPTY), bureau=(notice(True),))
        assert decision.reason == Reason.BUREAU_SUSPENDED

    def test_a_cancel_that_does_not_date_itself_after_the_last_red_reading_is_not_trusted(self) -> None:
        undated = warnsum(
            WRAIN={"code": "CANCEL", "actionCode": "CANCEL", "issueTime": hk("05:00").isoformat()}
        )
        decision = decide_at("07:30", ("06:55", RED_SINCE_5), ("07:05", undated))
        assert decision.status == Status.UNKNOWN

    def test_readings_of_the_previous_evening_alone_do_not_decide(self) -> None:
        evening = SummaryReading(hk("22:00", MATCH_DAY - timedelta(days=1)), parse_summary(EMPTY))
        decision = decide(MORNING, Facts(summaries=(evening,)), hk("08:00"))
        assert decision.status == Status.UNKNOWN


class TestBeforeTheDeadline:
    def test_red_up_at_0630_is_pending(self) -> None:
        decision = decide_at("06:30", ("06:25", RED_SINCE_5))
        assert (decision.status, decision.reason) == (Status.PENDING, Reason.SEVERE_PENDING)
        assert decision.details["signal"] == "WRAINR"

    def test_0700_59_is_still_pending_and_0701_decides(self) -> None:
        history = (("06:55", RED_SINCE_5), ("07:00", RED_SINCE_5), ("07:01", RED_SINCE_5))
        assert decide(MORNING, Facts(readings(*history)), hk("07:00", seconds=59)).status == Status.PENDING
        assert decide_at("07:01", *history).status == Status.CANCELLED

    def test_later_readings_are_ignored_as_known_at_that_time(self) -> None:
        history = (("06:55", RED_SINCE_5), ("07:05", rain("WRAINA", hk("06:58"))))
        assert decide_at("06:57", *history).status == Status.PENDING
        assert decide_at("07:06", *history).status == Status.GOES_AHEAD

    def test_nothing_read_yet_is_pending_not_checked(self) -> None:
        assert decide_at("05:00").reason == Reason.NOT_CHECKED_YET

    def test_the_night_before_a_no8_already_shows(self) -> None:
        night = SummaryReading(
            hk("21:00", MATCH_DAY - timedelta(days=1)),
            parse_summary(cyclone("TC8NW", hk("20:40", MATCH_DAY - timedelta(days=1)))),
        )
        decision = decide(MORNING, Facts(summaries=(night,)), hk("21:05", MATCH_DAY - timedelta(days=1)))
        assert (decision.status, decision.reason) == (Status.PENDING, Reason.SEVERE_PENDING)

    @pytest.mark.parametrize("payload", [EMPTY, rain("WRAINA", hk("04:00")), NO3])
    def test_an_old_reading_does_not_tell_what_is_in_force_now(self, payload: str) -> None:
        decision = decide_at("06:30", ("05:00", payload))
        assert (decision.status, decision.reason) == (Status.PENDING, Reason.NOT_CHECKED_RECENTLY)
        assert decision.details["last_read"] == "05:00"
        assert decide_at("05:30", ("05:00", payload)).reason != Reason.NOT_CHECKED_RECENTLY

    def test_an_old_reading_of_a_severe_signal_still_says_what_would_cancel(self) -> None:
        assert decide_at("06:30", ("05:00", RED_SINCE_5)).reason == Reason.SEVERE_PENDING

    def test_a_reading_of_the_day_before_is_not_a_check_of_the_match_morning(self) -> None:
        evening = SummaryReading(hk("20:00", MATCH_DAY - timedelta(days=1)), parse_summary(EMPTY))
        decision = decide(MORNING, Facts(summaries=(evening,)), hk("06:30"))
        assert (decision.status, decision.reason) == (Status.PENDING, Reason.NOT_CHECKED_YET)

    def test_amber_before_the_deadline_is_clear_so_far(self) -> None:
        decision = decide_at("06:00", ("05:55", rain("WRAINA", hk("05:00"))))
        assert (decision.status, decision.reason) == (Status.PENDING, Reason.CLEAR_SO_FAR)


NO3_MORNING = (("06:55", NO3), ("07:05", NO3))


class TestNumberThreeAndTheBureau:
    def test_no3_without_any_announcement_goes_ahead(self) -> None:
        decision = decide_at("07:30", *NO3_MORNING)
        assert (decision.status, decision.reason) == (Status.GOES_AHEAD, Reason.TC3_NO_ANNOUNCEMENT)

    def test_no3_with_the_bureau_saying_no_suspension_goes_ahead(self) -> None:
        decision = decide_at("07:30", *NO3_MORNING, bureau=(notice(False),))
        assert (decision.status, decision.reason) == (Status.GOES_AHEAD, Reason.TC3_NO_SUSPENSION)

    @pytest.mark.parametrize("scope", [BureauScope.PRIMARY, BureauScope.ALL_SCHOOLS])
    def test_no3_with_a_primary_suspension_is_cancelled(self, scope: BureauScope) -> None:
        decision = decide_at("07:30", *NO3_MORNING, bureau=(notice(True, scope),))
        assert (decision.status, decision.reason) == (Status.CANCELLED, Reason.BUREAU_SUSPENDED)

    def test_a_kindergarten_suspension_does_not_stop_a_primary_match(self) -> None:
        decision = decide_at("07:30", *NO3_MORNING, bureau=(notice(True, BureauScope.KINDERGARTEN),))
        assert decision.status == Status.GOES_AHEAD

    def test_an_afternoon_suspension_stops_only_an_afternoon_session(self) -> None:
        afternoon_notice = (notice(True, BureauScope.AFTERNOON),)
        assert decide_at("07:30", *NO3_MORNING, bureau=afternoon_notice).status == Status.GOES_AHEAD
        history = (*NO3_MORNING, ("11:55", NO3), ("12:05", NO3))
        late = decide_at("12:30", *history, day=AFTERNOON, bureau=afternoon_notice)
        assert late.status == Status.CANCELLED

    def test_the_latest_announcement_wins(self) -> None:
        notices = (notice(False, at="06:00"), notice(True, BureauScope.ALL_SCHOOLS, at="06:30"))
        assert decide_at("07:30", *NO3_MORNING, bureau=notices).status == Status.CANCELLED

    def test_an_announcement_made_later_is_not_yet_known(self) -> None:
        late = (notice(True, at="08:00"),)
        assert decide_at("07:30", *NO3_MORNING, bureau=late).status == Status.GOES_AHEAD
        assert decide_at("08:05", *NO3_MORNING, bureau=late).status == Status.CANCELLED

    def test_no3_before_the_deadline_waits_for_the_bureau(self) -> None:
        decision = decide_at("06:00", ("05:55", NO3))
        assert (decision.status, decision.reason) == (Status.PENDING, Reason.TC3_PENDING)

    def test_a_suspension_announced_the_evening_before_cancels_at_once(self) -> None:
        evening = BureauNotice(BureauScope.ALL_SCHOOLS, True, hk("20:00", MATCH_DAY - timedelta(days=1)))
        decision = decide(MORNING, Facts(bureau=(evening,)), hk("21:00", MATCH_DAY - timedelta(days=1)))
        assert decision.status == Status.CANCELLED

    def test_a_suspension_stands_even_when_no8_was_lowered_in_time(self) -> None:
        history = (("06:30", cyclone("TC8NE", hk("01:00"))), ("06:55", NO3), ("07:05", NO3))
        assert decide_at("07:30", *history).status == Status.GOES_AHEAD
        assert decide_at("07:30", *history, bureau=(notice(True),)).status == Status.CANCELLED


class TestOpenCases:
    def test_red_first_issued_after_0701_before_the_session_is_for_the_organiser(self) -> None:
        history = (("06:55", EMPTY), ("07:05", EMPTY), ("08:00", rain("WRAINR", hk("07:50"))))
        decision = decide_at("08:05", *history)
        assert (decision.status, decision.reason) == (Status.UNKNOWN, Reason.SEVERE_AFTER_CUTOFF)
        assert decision.details["signal"] == "WRAINR"

    def test_red_issued_after_the_session_started_does_not_change_it(self) -> None:
        history = (("06:55", EMPTY), ("07:05", EMPTY), ("09:40", rain("WRAINR", hk("09:30"))))
        assert decide_at("10:00", *history).status == Status.GOES_AHEAD

    def test_pre8_in_force_after_the_deadline_is_for_the_organiser(self) -> None:
        statements = (StatementReading(hk("07:05"), parse_statements(warning_info(pre8_at=hk("06:40")))),)
        decision = decide_at("07:30", *NO3_MORNING, statements=statements)
        assert (decision.status, decision.reason) == (Status.UNKNOWN, Reason.PRE8_UNDECIDED)

    def test_pre8_before_the_deadline_is_pending(self) -> None:
        statements = (StatementReading(hk("06:05"), parse_statements(warning_info(pre8_at=hk("06:00")))),)
        decision = decide_at("06:10", ("06:05", NO3), statements=statements)
        assert (decision.status, decision.reason) == (Status.PENDING, Reason.PRE8_PENDING)

    def test_pre8_withdrawn_before_the_session_no_longer_counts(self) -> None:
        statements = (
            StatementReading(hk("06:05"), parse_statements(warning_info(pre8_at=hk("06:00")))),
            StatementReading(hk("07:05"), parse_statements("{}")),
        )
        assert decide_at("07:30", *NO3_MORNING, statements=statements).status == Status.GOES_AHEAD

    def test_afternoon_session_uses_a_cutoff_two_hours_before_it_starts(self) -> None:
        red_until_1130 = (
            ("06:55", RED_SINCE_5),
            ("07:05", RED_SINCE_5),
            ("11:40", rain("WRAINA", hk("11:30"))),
            ("12:05", rain("WRAINA", hk("11:30"))),
        )
        decision = decide_at("12:10", *red_until_1130, day=AFTERNOON)
        assert decision.status == Status.GOES_AHEAD
        assert decision.details["cutoff"] == "12:00"
        red_until_1201 = (("11:55", RED_SINCE_5), ("12:10", rain("WRAINA", hk("12:01"))))
        assert decide_at("12:30", *red_until_1201, day=AFTERNOON).status == Status.CANCELLED

    def test_afternoon_session_is_pending_until_its_own_deadline(self) -> None:
        assert decide_at("09:00", ("08:55", RED_SINCE_5), day=AFTERNOON).status == Status.PENDING


class TestPlainReasons:
    @pytest.mark.parametrize(
        ("payload", "reason"),
        [
            (rain("WRAINA", hk("05:00")), Reason.AMBER),
            (cyclone("TC1", hk("05:00")), Reason.TC1),
            (warnsum(WTS=entry("WTS", "WTS", hk("05:00"))), Reason.NO_SIGNAL),
        ],
    )
    def test_signals_that_do_not_stop_the_match(self, payload: str, reason: Reason) -> None:
        decision = decide_at("07:30", ("06:55", payload), ("07:05", payload))
        assert (decision.status, decision.reason) == (Status.GOES_AHEAD, reason)

    def test_override_wins_over_a_cancelling_signal_and_says_so(self) -> None:
        override = Override(Status.GOES_AHEAD, "Venue indoors; schools informed")
        decision = decide_at("07:30", ("07:05", RED_SINCE_5), override=override)
        assert (decision.status, decision.reason) == (Status.GOES_AHEAD, Reason.OVERRIDE)
        assert decision.details["override_reason"] == "Venue indoors; schools informed"

    def test_override_can_cancel_a_clear_day(self) -> None:
        override = Override(Status.CANCELLED, "Venue flooded")
        assert decide_at("07:30", *NO3_MORNING, override=override).status == Status.CANCELLED

    def test_decided_at_is_the_moment_asked_and_any_time_zone_works(self) -> None:
        as_of_utc = hk("07:30").astimezone(UTC)
        decision = decide(MORNING, Facts(summaries=readings(("07:05", RED_SINCE_5))), as_of_utc)
        assert decision.decided_at == as_of_utc
        assert decision.details["cutoff"] == "07:00"
        assert decision.status == Status.CANCELLED
        assert isinstance(decision.decided_at, datetime)


def test_a_bureau_suspension_cancels_even_without_readings() -> None:
    suspended = (BureauNotice(BureauScope.PRIMARY, True, hk("06:00")),)
    decision = decide(MORNING, Facts(bureau=suspended), hk("07:30"))
    assert (decision.status, decision.reason) == (Status.CANCELLED, Reason.BUREAU_SUSPENDED)
