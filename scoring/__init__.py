"""TableRef's rules engine: every ruleset of RULES.md as plain Python (standard library only, no Django).

The public names are re-exported here; `python -m scoring` is the same engine behind a JSON command line.
The contract, examples and error codes: docs/engine.md.
"""

from scoring.deal import DealDraw, deal_draw
from scoring.errors import (
    GameError,
    GameOverSet,
    InputError,
    InvalidSet,
    MatchError,
    RulesetError,
    ScoringError,
    SearchTooLarge,
    TileError,
)
from scoring.game import score_game
from scoring.game_types import GameInput, GameResult, PlayerInput, PlayerResult
from scoring.incidents import incident_draw
from scoring.match import decide_match
from scoring.match_types import MatchOptions, MatchPlayer, MatchResult
from scoring.meld import Meld, could_meld, max_meld, restore
from scoring.notation import check_copies, format_tiles, parse_tiles, plain_text, rack_value
from scoring.numbers import score_json, score_text
from scoring.rulesets import IncidentKind, Ruleset, RulesetOptions, all_rulesets, get_ruleset
from scoring.set_reading import SetReading
from scoring.sets import read_set

__all__ = [
    "DealDraw",
    "GameError",
    "GameInput",
    "GameOverSet",
    "GameResult",
    "IncidentKind",
    "InputError",
    "InvalidSet",
    "MatchError",
    "MatchOptions",
    "MatchPlayer",
    "MatchResult",
    "Meld",
    "PlayerInput",
    "PlayerResult",
    "Ruleset",
    "RulesetError",
    "RulesetOptions",
    "ScoringError",
    "SearchTooLarge",
    "SetReading",
    "TileError",
    "all_rulesets",
    "check_copies",
    "could_meld",
    "deal_draw",
    "decide_match",
    "format_tiles",
    "get_ruleset",
    "incident_draw",
    "max_meld",
    "parse_tiles",
    "plain_text",
    "rack_value",
    "read_set",
    "restore",
    "score_game",
    "score_json",
    "score_text",
]
