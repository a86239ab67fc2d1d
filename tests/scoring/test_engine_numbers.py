"""Exact scores as JSON numbers and as text: whole, at most 2 decimals, or rounded to 2."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring import score_json, score_text


@pytest.mark.parametrize(
    "value, number",
    [
        (Fraction(265), 265),
        (Fraction(15, 2), 7.5),
        (Fraction(-9, 4), -2.25),
        (Fraction(1, 3), 0.33),
        (Fraction(2, 3), 0.67),
        (Fraction(-2, 3), -0.67),
        (Fraction(1, 8), 0.13),
        (Fraction(-1, 8), -0.13),
    ],
)
def test_json_numbers(value, number):
    assert score_json(value) == number
    assert isinstance(score_json(value), int) == (value.denominator == 1)


@pytest.mark.parametrize(
    "value, text, signed",
    [
        (Fraction(118), "118", "+118"),
        (Fraction(-9), "-9", "-9"),
        (Fraction(15, 2), "7.50", "+7.50"),
        (Fraction(0), "0", "0"),
    ],
)
def test_text(value, text, signed):
    assert score_text(value) == text
    assert score_text(value, signed=True) == signed


@pytest.mark.parametrize(
    "value, text",
    [
        (Fraction(-1, 1000), "0.00"),  # rounds to nothing: no minus sign before a zero
        (Fraction(10**30) + Fraction(1, 3), f"{10**30}.33"),  # exact, however many digits
        (Fraction(10**30) + Fraction(1, 200), f"{10**30}.01"),  # a half rounds away from zero
        (-(Fraction(10**30) + Fraction(1, 200)), f"-{10**30}.01"),
    ],
)
def test_rounding_is_exact_and_never_shows_minus_zero(value, text):
    assert score_text(value) == text


def test_a_json_number_is_never_minus_zero():
    assert str(score_json(Fraction(-1, 1000))) == "0.0"
