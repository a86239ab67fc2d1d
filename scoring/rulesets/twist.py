"""`twist`: Rummikub with a Twist, 112 tiles with double, colour-change and mirror jokers (seed 000)."""

from __future__ import annotations

from scoring.rulesets.base import ROUNDS, IncidentKind, Ruleset
from scoring.rulesets.rummikub_incidents import INCOMPLETE_MOVE, OVERTIME_DRAW_ONE
from scoring.tiles import COLOUR_CHANGE, DOUBLE, JOKER, MIRROR, RummikubTiles

RULESET = Ruleset(
    key="twist",
    name="Rummikub with a Twist",
    min_players=2,
    max_players=4,
    is_rummikub=True,
    match_format=ROUNDS,
    default_games_per_table=None,
    default_target=None,
    incidents=(
        OVERTIME_DRAW_ONE,
        INCOMPLETE_MOVE,
        IncidentKind(
            "incomplete-move-forgotten",
            "Incomplete move, places of tiles forgotten (strict tournament rule)",
            needs_tiles_left_over=True,
            base_draw=0,
        ),
    ),
    deck=RummikubTiles(colours="KRBY", jokers=((JOKER, 2), (DOUBLE, 2), (COLOUR_CHANGE, 2), (MIRROR, 2))),
    meld_threshold=30,
    runs_either_way=False,
)
