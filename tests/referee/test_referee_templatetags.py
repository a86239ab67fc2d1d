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
