"""Exact scores shown to people and written to JSON: whole numbers as such, shares to 2 decimals."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

_CENT = Decimal("0.01")


def _hundredths(value: Fraction) -> Decimal:
    """Rounded to 2 decimals, halves away from zero (exact when the value already has 2 decimals or fewer)."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(_CENT, rounding=ROUND_HALF_UP)


def score_json(value: Fraction | int) -> int | float:
    """A JSON number: an int when whole, else the value rounded to 2 decimals (exact if it has at most 2)."""
    value = Fraction(value)
    if value.denominator == 1:
        return int(value)
    return float(_hundredths(value))


def score_text(value: Fraction | int, *, signed: bool = False) -> str:
    """For people: `118`, `-9`, `7.50`, `3.33` (with `signed`, `+118`)."""
    value = Fraction(value)
    text = str(int(value)) if value.denominator == 1 else f"{_hundredths(value):.2f}"
    return f"+{text}" if signed and value > 0 else text
