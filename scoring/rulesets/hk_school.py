"""`hk-school`: the Hong Kong primary-school invitational (seed 002)."""

from __future__ import annotations

from scoring.rulesets.base import FIXED_GAMES, IncidentKind, NoMeldPenalty, Ruleset
from scoring.tiles import JOKER, RummikubTiles

RULESET = Ruleset(
    key="hk-school",
    name="Hong Kong primary-school Rummikub",
    min_players=2,
    max_players=4,
    is_rummikub=True,
    match_format=FIXED_GAMES,
    default_games_per_table=3,
    default_target=None,
    incidents=(
        IncidentKind("overtime", "Turn over one minute: table restored", base_draw=3),
        IncidentKind(
            "overtime-unrestorable",
            "Turn over one minute, table cannot be restored",
            needs_tiles_left_over=True,
            base_draw=3,
            counted_by_restore=True,
        ),
        IncidentKind("redeal-request", "Three identical pairs dealt: redeal asked", base_draw=0),
        IncidentKind("exposed-tile", "Another player's tile exposed while dealing", base_draw=1),
    ),
    deck=RummikubTiles(colours="KRBY", jokers=((JOKER, 2),)),
    meld_threshold=30,
    no_meld_penalty=NoMeldPenalty(could_not=100, could=200),
)
