"""Exact scores shown to people and written to JSON: whole numbers as such, shares to 2 decimals.

The one rounding of the project: the site's figures (`referee.wording.figures`) are written with it too.
"""

from __future__ import annotations

import math
from fractions import Fraction


def hundredths(value: Fraction | int) -> int:
    """The value in hundredths, halves away from zero as on paper; exact however many digits it has."""
    value = Fraction(value)
    rounded = math.floor(abs(value) * 100 + Fraction(1, 2))
    return -rounded if value < 0 else rounded


def _decimal_text(value: Fraction) -> str:
    cents = hundredths(value)
    whole, part = divmod(abs(cents), 100)
    return f"{'-' if cents < 0 else ''}{whole}.{part:02d}"


def score_json(value: Fraction | int) -> int | float:
    """A JSON number: an int when whole, else the value rounded to 2 decimals (exact if it has at most 2)."""
    value = Fraction(value)
    if value.denominator == 1:
        return int(value)
    return float(_decimal_text(value))


def score_text(value: Fraction | int, *, signed: bool = False) -> str:
    """For people: `118`, `-9`, `7.50`, `3.33` (with `signed`, `+118`)."""
    value = Fraction(value)
    text = str(value.numerator) if value.denominator == 1 else _decimal_text(value)
    return f"+{text}" if signed and value > 0 else text
