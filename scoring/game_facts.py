"""One player's end-of-game facts checked and resolved into a rack value, a penalty p(i) and its basis."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from scoring.errors import GameError, InputError
from scoring.game_types import (
    BASIS_CARDS,
    BASIS_NO_MELD_INSUFFICIENT,
    BASIS_NO_MELD_SUFFICIENT,
    BASIS_TILES,
    BASIS_WENT_OUT,
    PlayerInput,
)
from scoring.meld import max_meld
from scoring.notation import parse_tiles
from scoring.rulesets import Ruleset


@dataclass(frozen=True)
class Facts:
    rack_value: int
    penalty: int
    basis: str
    could_meld: bool | None
    tiles: tuple[str, ...]


def check_types(player: PlayerInput, field: str) -> None:
    """Types first, so that a wrong type is reported as such and never crashes a later rule."""
    for name in ("went_out", "made_initial_meld"):
        if not isinstance(getattr(player, name), bool):
            raise InputError("bad-input", f"{name} must be true or false", f"{field}.{name}")
    if player.could_meld is not None and not isinstance(player.could_meld, bool):
        raise InputError("bad-input", "could_meld must be true, false or null", f"{field}.could_meld")
    value = player.rack_value
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise GameError(
            "bad-rack-value", "rack_value must be a whole number of 0 or more", f"{field}.rack_value"
        )


@cache
def whole_set_value(rules: Ruleset) -> int:
    """What every tile or card of the set together is worth: no rack can be worth more."""
    deck = rules.deck
    return sum(deck.points(token) * deck.copies(token) for token in deck.all_tokens())


def _check_rack_value(rules: Ruleset, player: PlayerInput, field: str) -> None:
    most = whole_set_value(rules)
    if player.rack_value is not None and player.rack_value > most:
        raise GameError(
            "rack-value-too-high",
            f"rack_value {player.rack_value} is more than the whole set is worth ({most})",
            f"{field}.rack_value",
        )


def _given_tiles(rules: Ruleset, player: PlayerInput, field: str) -> tuple[str, ...] | None:
    """The rack's tokens, or None when no tiles were given (None or blank text)."""
    if player.rack is None or (isinstance(player.rack, str) and not player.rack.strip()):
        return None
    tiles = parse_tiles(rules, player.rack, field=f"{field}.rack")
    return tiles or None


def resolve_facts(rules: Ruleset, player: PlayerInput, field: str) -> Facts:
    """Check one player's facts against each other and the rules, and derive p(i)."""
    check_types(player, field)
    _check_rack_value(rules, player, field)
    tiles = _given_tiles(rules, player, field)
    if player.went_out:
        if tiles or player.rack_value:
            raise GameError("went-out-with-tiles", "a player who went out has no tiles left", field)
        return Facts(0, 0, BASIS_WENT_OUT, None, ())
    if tiles is None and player.rack_value is None:
        raise GameError("missing-rack", "give the rack's tiles or its value", field)
    rack_value = player.rack_value
    if tiles is not None:
        counted = sum(rules.deck.points(token) for token in tiles)
        if rack_value is not None and rack_value != counted:
            raise GameError(
                "rack-value-mismatch",
                f"rack_value {rack_value} but the tiles count {counted}",
                f"{field}.rack_value",
            )
        rack_value = counted
    assert rack_value is not None
    if not rules.is_rummikub:
        return Facts(rack_value, rack_value, BASIS_CARDS, None, tiles or ())
    if rack_value == 0:
        raise GameError("bad-rack-value", "a player who did not go out holds tiles worth 1 or more", field)
    if rules.no_meld_penalty is None or player.made_initial_meld:
        return Facts(rack_value, rack_value, BASIS_TILES, None, tiles or ())
    could = _could_meld(rules, player, tiles, field)
    penalty = rules.no_meld_penalty.could if could else rules.no_meld_penalty.could_not
    basis = BASIS_NO_MELD_SUFFICIENT if could else BASIS_NO_MELD_INSUFFICIENT
    return Facts(rack_value, penalty, basis, could, tiles or ())


def _could_meld(rules: Ruleset, player: PlayerInput, tiles: tuple[str, ...] | None, field: str) -> bool:
    """Decided from the tiles when given (a disagreeing `could_meld` is an error), else taken as given."""
    if tiles is None:
        if player.could_meld is None:
            raise GameError(
                "could-meld-required",
                "without the rack's tiles, say whether the player could have made the initial meld",
                f"{field}.could_meld",
            )
        return player.could_meld
    could = max_meld(rules, tiles).value >= (rules.meld_threshold or 0)
    if player.could_meld is not None and player.could_meld != could:
        said = "could" if player.could_meld else "could not"
        found = "can" if could else "cannot"
        raise GameError(
            "could-meld-mismatch",
            f"could_meld says the player {said} meld, but the rack {found}",
            f"{field}.could_meld",
        )
    return could
