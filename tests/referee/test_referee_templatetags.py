"""Scores as people read them: the sign written out, shares to 2 decimal places."""

from __future__ import annotations

from fractions import Fraction

from django.utils import translation

from referee.templatetags.referee_tags import count, score, seat_label


def test_score_shows_the_sign_and_two_decimals_for_shares():
    assert score(Fraction(118)) == "+118"
    assert score(Fraction(-7)) == "-7"
    assert score(Fraction(0)) == "0"
    assert score(Fraction(15, 2)) == "+7.50"
    assert score(Fraction(-10, 3)) == "-3.33"
    assert score(Fraction(-1, 200)) == "-0.01"
    assert score(None) == ""


def test_games_won_count():
    assert count(Fraction(2)) == "2"
    assert count(Fraction(3, 2)) == "1.50"
    assert count(Fraction(1, 3)) == "0.33"


def test_seat_labels_follow_the_language():
    with translation.override("en"):
        assert seat_label("A") == "A"
    with translation.override("zh-hant"):
        assert [seat_label(letter) for letter in "ABCD"] == ["甲", "乙", "丙", "丁"]


def test_a_moment_reads_as_date_and_24_hour_time_with_no_trailing_full_stop():
    import datetime
    from zoneinfo import ZoneInfo

    from referee.templatetags.referee_tags import moment

    morning = datetime.datetime(2026, 11, 22, 23, 43, tzinfo=datetime.UTC)  # 07:43 in Hong Kong
    with translation.override("en"):
        assert moment(morning) == "23 Nov 2026 07:43"
    with translation.override("zh-hant"):
        assert moment(morning) == "2026年11月23日 07:43"
    assert moment(morning.astimezone(ZoneInfo("Asia/Hong_Kong"))) == moment(morning)
    assert moment(None) == ""
