"""The commands of `python -m scoring`: each takes one decoded JSON object and returns one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scoring import contract
from scoring.deal import deal_draw
from scoring.errors import InvalidSet, ScoringError
from scoring.game import score_game
from scoring.game_types import GameInput, GameResult
from scoring.incidents import incident_draw
from scoring.json_fields import get_int, get_list, get_string, get_tiles, only_keys, require_object
from scoring.match import decide_match
from scoring.meld import max_meld, restore
from scoring.notation import format_tiles, rack_value
from scoring.rulesets import Ruleset, RulesetOptions, all_rulesets, get_ruleset, rummikub_ruleset
from scoring.sets import read_set

Command = Callable[[dict[str, Any]], dict[str, Any]]


def _ruleset_key(document: dict[str, Any]) -> str:
    key = get_string(document, "ruleset", None)
    return get_ruleset(key).key  # type: ignore[arg-type]


def _played(document: dict[str, Any]) -> Ruleset:
    """The document's ruleset as the tournament plays it (its `options`, if any)."""
    return get_ruleset(_ruleset_key(document), contract.ruleset_options(document.get("options")))


def score_game_command(document: dict[str, Any]) -> dict[str, Any]:
    return contract.game_result(score_game(contract.game_input(document)))


def decide_match_command(document: dict[str, Any]) -> dict[str, Any]:
    only_keys(document, ("ruleset", "options", "games"), None)
    key = _ruleset_key(document)
    options = contract.match_options(document.get("options"))
    played = _match_ruleset_options(document.get("options"))
    games = [
        _scored(contract.game_input(game, f"games[{index}]", ruleset=key, options=played), index)
        for index, game in enumerate(get_list(document, "games", None))
    ]
    return contract.match_result(decide_match(key, games, options))


def _scored(game: GameInput, index: int) -> GameResult:
    """One game of a match, its refusals located in it (`games[1].players[0].rack`)."""
    try:
        return score_game(game)
    except ScoringError as error:
        raise error.at(f"games[{index}]") from None


def _match_ruleset_options(document: Any) -> RulesetOptions | None:
    """The tournament options among a match's options, None when it names none of them."""
    if not isinstance(document, dict) or not any(key in document for key in contract.RULESET_OPTION_KEYS):
        return None
    picked = {key: document[key] for key in contract.RULESET_OPTION_KEYS if key in document}
    return contract.ruleset_options(picked)


def meld_value_command(document: dict[str, Any]) -> dict[str, Any]:
    only_keys(document, ("ruleset", "options", "rack"), None)
    rules = rummikub_ruleset(_played(document))
    meld = max_meld(rules, get_tiles(document, "rack", None, required=True))  # type: ignore[arg-type]
    threshold = rules.meld_threshold or 0
    return {
        "value": meld.value,
        "sufficient": meld.value >= threshold,
        "threshold": threshold,
        "sets": [format_tiles(rules, laid) for laid in meld.sets],
    }


def check_set_command(document: dict[str, Any]) -> dict[str, Any]:
    only_keys(document, ("ruleset", "options", "set"), None)
    rules = _played(document)
    try:
        reading = read_set(rules, get_tiles(document, "set", None, required=True))  # type: ignore[arg-type]
    except InvalidSet as refusal:
        return {"valid": False, "code": refusal.code, "message": refusal.message}
    return {"valid": True, "kind": reading.kind, "value": reading.value, "reads": " ".join(reading.reads)}


def restore_command(document: dict[str, Any]) -> dict[str, Any]:
    only_keys(document, ("ruleset", "options", "tiles"), None)
    rules = rummikub_ruleset(_played(document))
    meld = restore(rules, get_tiles(document, "tiles", None, required=True))  # type: ignore[arg-type]
    return {
        "sets": [format_tiles(rules, laid) for laid in meld.sets],
        "unplaced": format_tiles(rules, meld.unplaced),
        "unplaced_count": len(meld.unplaced),
    }


def incident_draw_command(document: dict[str, Any]) -> dict[str, Any]:
    only_keys(document, ("ruleset", "options", "incident", "tiles_left_over"), None)
    rules = _played(document)
    incident = get_string(document, "incident", None)
    return {"draw": incident_draw(rules, incident, get_int(document, "tiles_left_over", None))}  # type: ignore[arg-type]


def rack_value_command(document: dict[str, Any]) -> dict[str, Any]:
    only_keys(document, ("ruleset", "options", "rack"), None)
    rules = _played(document)
    return {"rack_value": rack_value(rules, get_tiles(document, "rack", None, required=True))}  # type: ignore[arg-type]


def deal_draw_command(document: dict[str, Any]) -> dict[str, Any]:
    only_keys(document, ("ruleset", "draws"), None)
    draws = require_object(document.get("draws"), "draws")
    drawn = deal_draw(_ruleset_key(document), draws)
    return {
        "dealer": drawn.dealer,
        "starts": drawn.starts,
        "to_draw": list(drawn.to_draw),
        "rounds": drawn.rounds,
    }


def rulesets_command(document: dict[str, Any]) -> dict[str, Any]:
    only_keys(document, (), None)
    return {
        "rulesets": [
            {
                "key": rules.key,
                "name": rules.name,
                "min_players": rules.min_players,
                "max_players": rules.max_players,
                "is_rummikub": rules.is_rummikub,
                "match_format": rules.match_format,
                "default_games_per_table": rules.default_games_per_table,
                "default_target": rules.default_target,
                "tiles": rules.deck.size(),
                "options": list(rules.offered_options()),
                "incidents": [
                    {
                        "code": k.code,
                        "name": k.name,
                        "needs_tiles_left_over": k.needs_tiles_left_over,
                        "counted_by_restore": k.counted_by_restore,
                    }
                    for k in rules.incidents
                ],
            }
            for rules in all_rulesets()
        ]
    }


COMMANDS: dict[str, Command] = {
    "score-game": score_game_command,
    "decide-match": decide_match_command,
    "meld-value": meld_value_command,
    "check-set": check_set_command,
    "restore": restore_command,
    "incident-draw": incident_draw_command,
    "rack-value": rack_value_command,
    "deal-draw": deal_draw_command,
    "rulesets": rulesets_command,
}


def run_command(name: str, document: Any) -> dict[str, Any]:
    """One input through one command; ScoringError for bad input."""
    if name not in COMMANDS:
        raise ScoringError("unknown-command", f"unknown command {name!r}; known: {', '.join(COMMANDS)}")
    return COMMANDS[name](require_object(document, None))
