"""UNO: who deals. Every player draws a card; the highest card deals and the player on the dealer's left
starts (seed 001). For this draw action cards and wilds count 0, so a draw is a whole number from 0 to 9,
and two players may draw equal cards; players tied on the highest card draw again (RULES.md), as often as
they stay tied.

`deal_draw` reads the draws seat by seat, each seat's first card and then its cards drawn again, and says
who deals, or who must draw (again) before anyone does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.errors import GameError, InputError, RulesetError
from scoring.rulesets import Ruleset, get_ruleset

HIGHEST_DRAW = 9


@dataclass(frozen=True)
class DealDraw:
    """`dealer`: the seat that deals, None until the draw decides. `starts`: the seat after the dealer in the
    order given (the dealer's left), None with it. `to_draw`: the seats that must draw next, in the order
    given: those without a card yet, or those tied on the highest card. `rounds`: the rounds of draws read."""

    dealer: str | None
    starts: str | None
    to_draw: tuple[str, ...]
    rounds: int


def _uno(ruleset: str | Ruleset) -> Ruleset:
    rules = get_ruleset(ruleset)
    if rules.is_rummikub:
        raise RulesetError("unsupported-ruleset", "the draw for the deal is UNO's; Rummikub's highest starts")
    return rules


def _checked(draws: Mapping[str, Sequence[int]]) -> dict[str, tuple[int, ...]]:
    if not isinstance(draws, Mapping) or not draws:
        raise InputError("bad-input", "draws must name each seat with the cards it drew", "draws")
    checked = {}
    for seat, cards in draws.items():
        field = f"draws.{seat}"
        if not isinstance(seat, str) or not seat.strip():
            raise InputError("bad-seat", "a seat is a non-empty name such as A", "draws")
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
            raise InputError("bad-input", "a seat's draws are a list of whole numbers", field)
        for index, value in enumerate(cards):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= HIGHEST_DRAW:
                raise GameError(
                    "bad-deal-draw",
                    f"a card drawn for the deal counts 0 to {HIGHEST_DRAW} (action cards and wilds 0)",
                    f"{field}[{index}]",
                )
        checked[seat] = tuple(cards)
    return checked


def deal_draw(ruleset: str | Ruleset, draws: Mapping[str, Sequence[int]]) -> DealDraw:
    """Who deals, from each seat's draws in seat order (first card, then any drawn again after a tie).

    A seat that draws again without being tied on the highest card is `deal-draw-unexpected`."""
    _uno(ruleset)
    cards = _checked(draws)
    seats = list(cards)
    contenders = seats
    played = 0
    while True:
        waiting = tuple(seat for seat in contenders if len(cards[seat]) <= played)
        if waiting:
            _no_draw_after(cards, [seat for seat in seats if seat not in contenders], played)
            return DealDraw(None, None, waiting, played)
        best = max(cards[seat][played] for seat in contenders)
        leaders = [seat for seat in contenders if cards[seat][played] == best]
        _no_draw_after(cards, [seat for seat in seats if seat not in leaders], played + 1)
        played += 1
        if len(leaders) == 1:
            dealer = leaders[0]
            _no_draw_after(cards, leaders, played)
            return DealDraw(dealer, seats[(seats.index(dealer) + 1) % len(seats)], (), played)
        contenders = leaders


def _no_draw_after(cards: Mapping[str, tuple[int, ...]], seats: Sequence[str], rounds: int) -> None:
    for seat in seats:
        if len(cards[seat]) > rounds:
            raise GameError(
                "deal-draw-unexpected",
                "only the players tied on the highest card draw again",
                f"draws.{seat}[{rounds}]",
            )
