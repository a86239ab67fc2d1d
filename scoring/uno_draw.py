"""UNO: a hand that ends on a draw two or a wild draw four makes the next player draw before the count.

Seed 001 and RULES.md: the next player draws first and those cards count. Hands are given as counted, after
that draw, so nothing here changes a score: it checks that the referee's facts agree (`GameInput.last_card`,
`PlayerInput.drawn`): exactly one player other than the winner drew 2 (or 4) cards, nobody else drew, the
drawn cards are in that hand, and the last card counts against the deck with the hands. The error codes
(`drawn-missing`, `drawn-count`, `drawn-unexpected`, `drawn-not-in-hand`) are in docs/engine.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scoring.cards import WILD_DRAW_FOUR
from scoring.errors import GameError, InputError
from scoring.game_facts import Facts
from scoring.game_types import GameInput, PlayerInput
from scoring.notation import parse_tiles
from scoring.rulesets import Ruleset

DRAW_TWO = "D"


def cards_to_draw(last_card: str | None) -> int:
    """How many cards the next player draws before the count: 2 after a draw two, 4 after a wild draw four."""
    if last_card == WILD_DRAW_FOUR:
        return 4
    if last_card is not None and len(last_card) == 2 and last_card[1] == DRAW_TWO:
        return 2
    return 0


def last_card(rules: Ruleset, game: GameInput) -> str | None:
    """The hand's last card (checked), None when not given; refused outside UNO."""
    if game.last_card is None:
        return None
    if rules.is_rummikub:
        raise InputError("bad-input", "last_card is a fact of an UNO hand", "last_card")
    if not isinstance(game.last_card, str):
        raise InputError("bad-input", "last_card must be one card such as RD or W4", "last_card")
    cards = parse_tiles(rules, game.last_card, field="last_card")
    if len(cards) != 1:
        raise InputError("bad-input", "last_card must be one card such as RD or W4", "last_card")
    return cards[0]


def _drawn(rules: Ruleset, player: PlayerInput, field: str) -> tuple[str, ...]:
    if player.drawn is None or (isinstance(player.drawn, str) and not player.drawn.strip()):
        return ()
    if rules.is_rummikub:
        raise InputError("bad-input", "drawn is a fact of an UNO hand", f"{field}.drawn")
    return parse_tiles(rules, player.drawn, field=f"{field}.drawn")


def check_draw(rules: Ruleset, game: GameInput, card: str | None, facts: Sequence[Facts]) -> None:
    """The next player's draw agrees with the last card and with that player's hand."""
    drawn = [_drawn(rules, player, f"players[{i}]") for i, player in enumerate(game.players)]
    due = cards_to_draw(card)
    drawers = [i for i, cards in enumerate(drawn) if cards]
    if drawers and not due:
        raise GameError(
            "drawn-unexpected",
            "cards are drawn before the count only after a draw two or a wild draw four",
            f"players[{drawers[0]}].drawn",
        )
    if not due:
        return
    if not drawers:
        raise GameError("drawn-missing", f"after {card} the next player draws {due} cards first", "players")
    if len(drawers) > 1 or game.players[drawers[0]].went_out:
        where = drawers[1] if len(drawers) > 1 else drawers[0]
        raise GameError("drawn-unexpected", "only the next player draws, once", f"players[{where}].drawn")
    index = drawers[0]
    _check_drawer(rules, drawn[index], due, card, facts[index], f"players[{index}]")


def _check_drawer(
    rules: Ruleset, cards: tuple[str, ...], due: int, card: str | None, fact: Facts, field: str
) -> None:
    if len(cards) != due:
        raise GameError(
            "drawn-count",
            f"after {card} the next player draws {due} cards, not {len(cards)}",
            f"{field}.drawn",
        )
    points = sum(rules.deck.points(token) for token in cards)
    missing = Counter(cards) - Counter(fact.tiles)
    if (fact.tiles and missing) or fact.rack_value < points:
        raise GameError(
            "drawn-not-in-hand",
            "the cards drawn are part of the hand counted; they are missing from it",
            f"{field}.drawn",
        )
