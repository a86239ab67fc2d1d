"""Exact numbers as people read them: +118, -7, +7.50 (a shared share to 2 decimal places, RULES.md), =3.

The rounding is the engine's (`scoring.score_text`), so a figure on a page, in a printout and in the engine's
JSON is the same figure.
"""

from __future__ import annotations

from fractions import Fraction

import scoring


def decimal_text(value: Fraction | int) -> str:
    """Whole numbers as they are; anything else to 2 decimal places, half away from zero as on paper."""
    return scoring.score_text(value)


def score_text(value: Fraction | int | None) -> str:
    """The sign written out, as on the school scoresheet: +118, -7, 0."""
    return "" if value is None else scoring.score_text(value, signed=True)


def count_text(value: Fraction | int | None) -> str:
    """Games won: 2, or 1.50 when shared wins are split."""
    return "" if value is None else decimal_text(value)


TIE_MARK = "="


def rank_text(rank: int, tied: bool) -> str:
    """A shared rank is written "=3", as results lists print it: the same on the pages and the printouts."""
    return f"{TIE_MARK}{rank}" if tied else str(rank)
