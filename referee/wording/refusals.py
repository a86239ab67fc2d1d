"""The engine's refusals in the site's words: one message per stable error code (docs/engine.md).

The engine speaks English for developers; a referee reads these, in the page's language, next to the input
that caused them (`referee.results.engine.translate_scoring_error` finds the input).
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

import scoring

ENGINE_MESSAGES = {
    "unknown-ruleset": gettext_lazy("This ruleset is not known."),
    "seat-count": gettext_lazy("This ruleset does not allow this number of players at a table."),
    "bad-tile": gettext_lazy("A tile is not written correctly (for example R7, K13, J)."),
    "bad-card": gettext_lazy("A card is not written correctly (for example R7, GS, W4)."),
    "too-many-copies": gettext_lazy("The rack holds more copies of a tile than the game has."),
    "went-out-count": gettext_lazy(
        "When someone went out, mark exactly one player; when the pool ran out, mark nobody."
    ),
    "went-out-with-tiles": gettext_lazy("The player who went out cannot have tiles left."),
    "missing-rack": gettext_lazy("Give the tiles left on the rack, or their value."),
    "bad-rack-value": gettext_lazy("A player who did not go out holds tiles worth 1 or more."),
    "rack-value-mismatch": gettext_lazy("The rack value does not match the tiles given."),
    "rack-value-too-high": gettext_lazy(
        "This rack value is more than all the tiles of the game together are worth; check the number."
    ),
    "could-meld-required": gettext_lazy(
        "Without the tiles, say whether the player could have made the initial meld."
    ),
    "could-meld-mismatch": gettext_lazy(
        "The tiles given do not agree with whether the player could have made the initial meld."
    ),
    "bad-ending": gettext_lazy("Choose how the game ended."),
    "duplicate-seat": gettext_lazy("Each seat appears once."),
    "unknown-incident": gettext_lazy("This incident is not part of this ruleset."),
    "missing-tiles-left-over": gettext_lazy("Give the number of tiles left over."),
    "bad-tiles-left-over": gettext_lazy("The number of tiles left over is not possible."),
    "too-many-games": gettext_lazy("This table has played all its games."),
    "match-over": gettext_lazy("This table has played all its games."),
}

# UNO is played with cards: where the words above speak of tiles and racks, its refusals speak of hands.
CARD_MESSAGES = {
    "too-many-copies": gettext_lazy("The hands hold more copies of a card than the deck has."),
    "went-out-with-tiles": gettext_lazy("The player who went out cannot have cards left."),
    "missing-rack": gettext_lazy("Give the cards left in the hand, or their value."),
    "bad-rack-value": gettext_lazy("A hand's value is a whole number of 0 or more."),
    "rack-value-mismatch": gettext_lazy("The hand's value does not match the cards given."),
    "rack-value-too-high": gettext_lazy(
        "This hand's value is more than all the cards of the deck together are worth; check the number."
    ),
}


def engine_message(code: str, *, cards: bool = False) -> str | None:
    """The site's words for an engine refusal code; `cards`: the ruleset is played with cards (UNO)."""
    message = (CARD_MESSAGES.get(code) if cards else None) or ENGINE_MESSAGES.get(code)
    return None if message is None else str(message)


def over_set_message(error: scoring.GameOverSet, *, cards: bool = False) -> str:
    """A whole game over the set, naming the game's total and the set's (a typo of 500 for 50)."""
    numbers = {"total": error.total, "limit": error.limit}
    if error.measure == "tiles" and cards:
        return (
            gettext("The hands of this game hold %(total)d cards together, but the whole deck has %(limit)d.")
            % numbers
        )
    if error.measure == "tiles":
        return (
            gettext("The racks of this game hold %(total)d tiles together, but the whole set has %(limit)d.")
            % numbers
        )
    if cards:
        return (
            gettext(
                "The hands of this game are worth %(total)d together, but the whole deck is worth only "
                "%(limit)d: check each value for a typo (500 for 50)."
            )
            % numbers
        )
    return (
        gettext(
            "The racks of this game are worth %(total)d together, but the whole set is worth only %(limit)d "
            "(jokers included): check each value for a typo (500 for 50)."
        )
        % numbers
    )


# Why the engine refuses a laid set (`scoring.read_set`), for the set checker.
SET_MESSAGES = {
    "too-few-tiles": gettext_lazy("A set needs at least 3 tiles."),
    "not-a-set": gettext_lazy("The tiles of a set share one number (a group) or one colour (a run)."),
    "group-mixed-numbers": gettext_lazy("All tiles of a group show one number."),
    "group-repeated-colour": gettext_lazy("A group has two tiles of the same colour."),
    "group-too-large": gettext_lazy("A group holds at most one tile of each colour."),
    "run-mixed-colours": gettext_lazy("All tiles of a run have one colour."),
    "run-not-consecutive": gettext_lazy(
        "The numbers of a run follow each other one by one, rising or falling from each tile to the next."
    ),
    "run-not-rising": gettext_lazy(
        "The numbers of a run rise by one from left to right (in this ruleset runs are laid rising)."
    ),
    "run-out-of-range": gettext_lazy("A joker cannot stand for a number below 1 or above 13."),
    "run-too-long": gettext_lazy("A run holds at most 13 numbers."),
    "run-wraps": gettext_lazy("1 cannot follow 13."),
    "segment-mixed-colours": gettext_lazy("The tiles between two colour changes have one colour."),
    "colour-change-in-group": gettext_lazy("A colour-change joker can only be used in a run."),
    "colour-change-same-colour": gettext_lazy("A colour-change joker must change the colour."),
    "mirror-not-symmetric": gettext_lazy("The two sides of the mirror joker do not mirror each other."),
    "mirror-side-invalid": gettext_lazy("Each side of a mirror set must read as a run or a group."),
    "mirror-not-centred": gettext_lazy(
        "The mirror joker stands in the middle, with as many tiles on each side (a double joker counts two)."
    ),
    "several-mirrors": gettext_lazy("A set holds at most one mirror joker."),
}
