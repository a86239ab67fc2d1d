"""`twist`: Rummikub with a Twist, 112 tiles with double, colour-change and mirror jokers (seed 000).

An incomplete move whose tiles' places are forgotten: seed 000 puts those tiles back in the pool (the move
costs the 3 of an incomplete move); under its strict tournament rule (比賽加嚴規則) the player also draws one
per tile left over, 3 + N (`strict`).
"""

from __future__ import annotations

from scoring.rulesets.base import ROUNDS, IncidentKind, Ruleset
from scoring.rulesets.rummikub_incidents import INCOMPLETE_MOVE, OVERTIME_DRAW_ONE
from scoring.tiles import COLOUR_CHANGE, DOUBLE, JOKER, MIRROR, RummikubTiles

FORGOTTEN = "incomplete-move-forgotten"
FORGOTTEN_TO_POOL = IncidentKind(
    FORGOTTEN, "Incomplete move, places of tiles forgotten: tiles back to the pool", base_draw=3
)
FORGOTTEN_STRICT = IncidentKind(
    FORGOTTEN,
    "Incomplete move, places of tiles forgotten (strict tournament rule)",
    needs_tiles_left_over=True,
    base_draw=3,
    counted_by_restore=True,
)

RULESET = Ruleset(
    key="twist",
    name="Rummikub with a Twist",
    min_players=2,
    max_players=4,
    is_rummikub=True,
    match_format=ROUNDS,
    default_games_per_table=None,
    default_target=None,
    incidents=(OVERTIME_DRAW_ONE, INCOMPLETE_MOVE, FORGOTTEN_TO_POOL),
    deck=RummikubTiles(colours="KRBY", jokers=((JOKER, 2), (DOUBLE, 2), (COLOUR_CHANGE, 2), (MIRROR, 2))),
    meld_threshold=30,
    runs_either_way=False,
    strict_incidents=(OVERTIME_DRAW_ONE, INCOMPLETE_MOVE, FORGOTTEN_STRICT),
)
