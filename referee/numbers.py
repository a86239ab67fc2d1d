"""Exact numbers as people read them: +118, -7, +7.50 (a shared share to 2 decimal places, RULES.md), =3."""

from __future__ import annotations

import math
from fractions import Fraction


def decimal_text(value: Fraction | int) -> str:
    """Whole numbers as they are; anything else to 2 decimal places, half away from zero as on paper."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    hundredths = math.floor(abs(value) * 100 + Fraction(1, 2))
    sign = "-" if value < 0 and hundredths else ""
    whole, cents = divmod(hundredths, 100)
    return f"{sign}{whole}.{cents:02d}"


def score_text(value: Fraction | int | None) -> str:
    """The sign written out, as on the school scoresheet: +118, -7, 0."""
    if value is None:
        return ""
    value = Fraction(value)
    text = decimal_text(value)
    return f"+{text}" if value > 0 else text


def count_text(value: Fraction | int | None) -> str:
    """Games won: 2, or 1.50 when shared wins are split."""
    return "" if value is None else decimal_text(value)


TIE_MARK = "="


def rank_text(rank: int, tied: bool) -> str:
    """A shared rank is written "=3", as results lists print it: the same on the pages and the printouts."""
    return f"{TIE_MARK}{rank}" if tied else str(rank)
