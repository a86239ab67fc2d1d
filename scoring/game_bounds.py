"""A whole game cannot hold more than the set (RULES.md): the racks together, in tiles and in value.

Each rack is checked against the set on its own (`rack-value-too-high`, `too-many-copies`); a typo of 500
for 50 in two racks passes those checks and still describes a game no set could deal. So the racks of one
game (and, in UNO, the hand's last card on the discard pile) are summed: more tiles than the set holds, or a
value above what the whole set is worth (jokers included), is `game-over-set`, naming both totals.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.errors import GameOverSet
from scoring.game_facts import Facts, whole_set_value
from scoring.rulesets import Ruleset


def check_game_bounds(rules: Ruleset, facts: Sequence[Facts], on_table: Sequence[str] = ()) -> None:
    """GameOverSet (`game-over-set`) when the racks together (with `on_table`, cards known to lie outside the
    hands) hold more tiles than the set or are worth more than it."""
    noun = rules.deck.kind
    tiles = len(on_table) + sum(len(fact.tiles) for fact in facts)
    size = rules.deck.size()
    if tiles > size:
        raise GameOverSet(
            f"the racks of this game hold {tiles} {noun}s together; the whole set has {size}",
            "players",
            measure="tiles",
            total=tiles,
            limit=size,
        )
    value = sum(rules.deck.points(token) for token in on_table) + sum(fact.rack_value for fact in facts)
    most = whole_set_value(rules)
    if value > most:
        raise GameOverSet(
            f"the racks of this game are worth {value} together; the whole set is worth {most}",
            "players",
            measure="value",
            total=value,
            limit=most,
        )
