"""`standard`: the standard Rummikub rule book, 106 tiles (seed 004)."""

from __future__ import annotations

from scoring.rulesets.base import ROUNDS, Ruleset
from scoring.rulesets.rummikub_incidents import INCOMPLETE_MOVE, OVERTIME_DRAW_ONE
from scoring.tiles import JOKER, RummikubTiles

RULESET = Ruleset(
    key="standard",
    name="Rummikub (standard rules)",
    min_players=2,
    max_players=4,
    is_rummikub=True,
    match_format=ROUNDS,
    default_games_per_table=None,
    default_target=None,
    incidents=(OVERTIME_DRAW_ONE, INCOMPLETE_MOVE),
    deck=RummikubTiles(colours="KRBY", jokers=((JOKER, 2),)),
    meld_threshold=30,
)
