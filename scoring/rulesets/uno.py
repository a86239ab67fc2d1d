"""`uno`: the Mattel UNO rules (seed 001); hands are played until someone reaches the target."""

from __future__ import annotations

from scoring.cards import UnoCards
from scoring.rulesets.base import TARGET, IncidentKind, Ruleset

RULESET = Ruleset(
    key="uno",
    name="UNO",
    min_players=2,
    max_players=10,
    is_rummikub=False,
    match_format=TARGET,
    default_games_per_table=None,
    default_target=500,
    incidents=(
        IncidentKind("uno-not-called", "Forgot to call UNO and was caught", base_draw=2),
        IncidentKind("advised-player", "Advised another player", base_draw=2),
        IncidentKind("wrong-card", "Played a wrong card", base_draw=2),
        IncidentKind("illegal-wild-draw-four", "Illegal Wild Draw Four, challenged", base_draw=4),
        IncidentKind("failed-challenge", "Failed challenge of a Wild Draw Four", base_draw=6),
    ),
    deck=UnoCards(),
)
