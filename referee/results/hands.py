"""A hand: what the referee saw of one player in one game, and the numbers the engine derives from it.

The facts are the engine's own `scoring.PlayerInput`; the derived numbers are `HandNumbers`, in the units the
database stores. `hand_numbers` is the one place they are worked out from a scored game (the service, the demo
and the benchmark builders all call it), so a split shared win or a game that does not sum to zero is treated
the same everywhere.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from fractions import Fraction

from django.utils.translation import gettext as _

import scoring
from core.errors import ServiceError
from referee.models import Game, HandResult, Seat
from referee.models.results import SIXTIETHS
from referee.models.tournament import SharedWinCredit

FACT_FIELDS = tuple(field.name for field in fields(scoring.PlayerInput) if field.name != "seat")


@dataclass(frozen=True)
class HandNumbers:
    """What the engine derived for one seat, stored beside the facts so standings are one SQL sum."""

    penalty: int
    score_sixtieths: int
    basis: str
    won: bool
    win_credit_sixtieths: int


DERIVED_FIELDS = tuple(field.name for field in fields(HandNumbers))


def to_sixtieths(value: Fraction | int) -> int:
    """Scores are stored exactly as sixtieths; anything finer would be rounding, so refuse it."""
    scaled = Fraction(value) * SIXTIETHS
    if scaled.denominator != 1:
        raise ServiceError(_("This result cannot be stored exactly."), code="inexact")
    return int(scaled)


def win_credit(result: scoring.GameResult, shared_win_credit: str) -> int:
    """A winner's credit towards games won, in sixtieths: 1 each, or 1/k each of k sharers when split."""
    if shared_win_credit == SharedWinCredit.FULL:
        return SIXTIETHS
    return SIXTIETHS // (len(result.winners) or 1)


def hand_numbers(result: scoring.GameResult, *, shared_win_credit: str) -> dict[str, HandNumbers]:
    """The engine's numbers per seat letter, in the units the database stores.

    A Rummikub game must sum to zero (RULES.md); the engine guarantees it, and this is the database's last
    check before the numbers are stored."""
    if scoring.get_ruleset(result.ruleset).is_rummikub and sum(p.score for p in result.players) != 0:
        raise ServiceError(_("The scores of this game do not add up to zero."), code="not-zero-sum")
    credit = win_credit(result, shared_win_credit)
    return {
        player.seat: HandNumbers(
            penalty=player.penalty,
            score_sixtieths=to_sixtieths(player.score),
            basis=player.basis,
            won=player.won,
            win_credit_sixtieths=credit if player.won else 0,
        )
        for player in result.players
    }


def normalised(facts: scoring.PlayerInput) -> scoring.PlayerInput:
    """The facts as stored: an upper-case seat letter, tiles in plain notation (a Chinese keyboard's
    full-width R７ is R7), and booleans that are booleans.

    A player who went out has melded (nobody goes out without laying tiles), whatever a hidden box said:
    stored so, a later correction that moves the win elsewhere starts from the truth (RULES.md)."""
    rack = facts.rack if isinstance(facts.rack, str) else " ".join(facts.rack or ())
    drawn = facts.drawn if isinstance(facts.drawn, str) else " ".join(facts.drawn or ())
    went_out = bool(facts.went_out)
    return replace(
        facts,
        seat=(facts.seat or "").strip().upper(),
        went_out=went_out,
        rack=scoring.plain_text(rack),
        drawn=scoring.plain_text(drawn),
        made_initial_meld=went_out or bool(facts.made_initial_meld),
        could_meld=None if went_out else facts.could_meld,
    )


def stored_facts(hand: HandResult) -> scoring.PlayerInput:
    """A stored hand's facts as the engine reads them; its seat must be loaded."""
    return scoring.PlayerInput(seat=hand.seat.letter, **{name: getattr(hand, name) for name in FACT_FIELDS})


def hand_result(game: Game, seat: Seat, facts: scoring.PlayerInput, numbers: HandNumbers) -> HandResult:
    """The row to store (unsaved): the facts as the referee gave them, and the engine's numbers."""
    stored = normalised(facts)
    return HandResult(
        game=game, seat=seat, **{name: getattr(stored, name) for name in FACT_FIELDS}, **asdict(numbers)
    )
