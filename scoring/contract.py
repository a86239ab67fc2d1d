"""The JSON contract of `python -m scoring`: documents in, frozen inputs; results out, documents."""

from __future__ import annotations

from typing import Any

from scoring.errors import GameOverSet, MatchError, ScoringError
from scoring.game_types import GameInput, GameResult, PlayerInput
from scoring.json_fields import get_bool, get_int, get_list, get_string, get_tiles, only_keys, require_object
from scoring.match_types import MatchOptions, MatchResult
from scoring.numbers import score_json
from scoring.rulesets import Ruleset, RulesetOptions, get_ruleset

PLAYER_KEYS = ("seat", "went_out", "rack", "rack_value", "made_initial_meld", "could_meld", "drawn")
GAME_KEYS = ("ruleset", "options", "ending", "players", "last_card")
RULESET_OPTION_KEYS = ("small_set", "strict")
OPTION_KEYS = ("shared_win_credit", "games_per_table", "target", *RULESET_OPTION_KEYS)


def ruleset_options(document: Any, field: str = "options") -> RulesetOptions | None:
    """The tournament options of a document (`{"small_set": true}`), None when it gives none."""
    if document is None:
        return None
    options = require_object(document, field)
    only_keys(options, RULESET_OPTION_KEYS, field)
    return RulesetOptions(
        small_set=bool(get_bool(options, "small_set", field, False)),
        strict=bool(get_bool(options, "strict", field, False)),
    )


def played_ruleset(key: str, options: RulesetOptions | None) -> str | Ruleset:
    """The key alone without options (as before options existed), else the ruleset as played."""
    return key if options is None else get_ruleset(key, options)


def player_input(document: Any, field: str) -> PlayerInput:
    player = require_object(document, field)
    only_keys(player, PLAYER_KEYS, field)
    return PlayerInput(
        seat=get_string(player, "seat", field),  # type: ignore[arg-type]
        went_out=bool(get_bool(player, "went_out", field, False)),
        rack=get_tiles(player, "rack", field, required=False),
        rack_value=get_int(player, "rack_value", field),
        made_initial_meld=bool(get_bool(player, "made_initial_meld", field, True)),
        could_meld=get_bool(player, "could_meld", field, None),
        drawn=get_tiles(player, "drawn", field, required=False),
    )


def game_input(
    document: Any,
    field: str | None = None,
    *,
    ruleset: str | None = None,
    options: RulesetOptions | None = None,
) -> GameInput:
    """A score-game document; inside a match the ruleset and its options may be left out (the match's
    apply) but must not differ."""
    game = require_object(document, field)
    only_keys(game, GAME_KEYS, field)
    own = get_string(game, "ruleset", field, required=ruleset is None)
    prefix = f"{field}." if field else ""
    if ruleset is not None and own is not None and own != ruleset:
        raise MatchError("ruleset-mismatch", f"a {own} game in a {ruleset} match", f"{prefix}ruleset")
    own_options = ruleset_options(game.get("options"), f"{prefix}options")
    if ruleset is not None and own_options is not None and own_options != (options or RulesetOptions()):
        raise MatchError(
            "ruleset-mismatch", "a game played with other options than its match", f"{prefix}options"
        )
    key: str = own or ruleset  # type: ignore[assignment]
    players = get_list(game, "players", field)
    return GameInput(
        ruleset=played_ruleset(key, own_options or options),
        ending=get_string(game, "ending", field),  # type: ignore[arg-type]
        players=tuple(player_input(p, f"{prefix}players[{i}]") for i, p in enumerate(players)),
        last_card=get_string(game, "last_card", field, required=False),
    )


def match_options(document: Any) -> MatchOptions:
    """The match's own options; its tournament options (`small_set`, `strict`) go to `ruleset_options`."""
    options = require_object({} if document is None else document, "options")
    only_keys(options, OPTION_KEYS, "options")
    credit = get_string(options, "shared_win_credit", "options", required=False)
    return MatchOptions(
        shared_win_credit=credit or "full",
        games_per_table=get_int(options, "games_per_table", "options"),
        target=get_int(options, "target", "options"),
    )


def game_result(result: GameResult) -> dict[str, Any]:
    return {
        "ruleset": result.ruleset,
        "ending": result.ending,
        "winners": list(result.winners),
        "players": [
            {
                "seat": player.seat,
                "rack_value": player.rack_value,
                "penalty": player.penalty,
                "score": score_json(player.score),
                "basis": player.basis,
            }
            for player in result.players
        ],
    }


def match_result(result: MatchResult) -> dict[str, Any]:
    return {
        "players": [
            {
                "seat": player.seat,
                "games_won": score_json(player.games_won),
                "total": score_json(player.total),
                "rank": player.rank,
            }
            for player in result.players
        ],
        "winner": result.winner,
        "decided_by": result.decided_by,
        "finished": result.finished,
    }


def error_document(error: ScoringError) -> dict[str, Any]:
    body: dict[str, Any] = {"code": error.code, "message": error.message}
    if error.field:
        body["field"] = error.field
    token = getattr(error, "token", None)
    if token is not None:
        body["token"] = token
    if isinstance(error, GameOverSet):
        body.update(measure=error.measure, total=error.total, limit=error.limit)
    return {"error": body}
