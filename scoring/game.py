"""Scoring one game: who won, each player's p(i) and exact score. Every Rummikub game sums to zero."""

from __future__ import annotations

from fractions import Fraction

from scoring.errors import GameError, InputError
from scoring.game_bounds import check_game_bounds
from scoring.game_facts import Facts, check_types, resolve_facts
from scoring.game_types import ENDINGS, POOL_EXHAUSTED, WENT_OUT, GameInput, GameResult, PlayerResult
from scoring.notation import check_copies
from scoring.rulesets import Ruleset, get_ruleset
from scoring.uno_draw import check_draw, last_card


def score_game(game: GameInput) -> GameResult:
    """The result of one game from the referee's facts; ScoringError for facts the rules refuse."""
    rules = get_ruleset(game.ruleset)
    _check_table(rules, game)
    facts = [resolve_facts(rules, player, f"players[{i}]") for i, player in enumerate(game.players)]
    card = last_card(rules, game)
    on_table = (card,) if card else ()
    check_game_bounds(rules, facts, on_table)
    check_copies(rules, (*on_table, *(token for fact in facts for token in fact.tiles)), field="players")
    check_draw(rules, game, card, facts)
    went_out = [player.went_out for player in game.players]
    scores, winners = _scores(rules, game.ending, facts, went_out)
    if rules.is_rummikub and sum(scores) != 0:
        raise AssertionError("a Rummikub game must sum to zero")
    players = tuple(
        PlayerResult(p.seat, f.rack_value, f.penalty, s, f.basis, i in winners, f.could_meld)
        for i, (p, f, s) in enumerate(zip(game.players, facts, scores, strict=True))
    )
    return GameResult(rules.key, game.ending, players, tuple(game.players[i].seat for i in sorted(winners)))


def _check_table(rules: Ruleset, game: GameInput) -> None:
    if game.ending not in ENDINGS:
        raise GameError("bad-ending", f"ending must be one of {', '.join(ENDINGS)}", "ending")
    if not rules.is_rummikub and game.ending != WENT_OUT:
        raise GameError("bad-ending", "a UNO hand ends when a player goes out", "ending")
    players = game.players
    if rules.options.small_set and len(players) > rules.max_players:
        raise GameError(
            "small-set-too-many-players",
            f"the smaller set is for tables of {rules.max_players} or fewer; this table has {len(players)}",
            "players",
        )
    if not rules.min_players <= len(players) <= rules.max_players:
        raise GameError(
            "seat-count",
            f"{rules.key} is played by {rules.min_players} to {rules.max_players} players",
            "players",
        )
    seats = [player.seat for player in players]
    for index, player in enumerate(players):
        if not isinstance(player.seat, str) or not player.seat.strip():
            raise InputError("bad-seat", "a seat is a non-empty name such as A", f"players[{index}].seat")
        check_types(player, f"players[{index}]")
    if len(set(seats)) != len(seats):
        raise GameError("duplicate-seat", "each seat appears once", "players")
    out = sum(1 for player in players if player.went_out)
    if game.ending == WENT_OUT and out != 1:
        raise GameError(
            "went-out-count", f"exactly one player goes out when the game ends so; {out} did", "players"
        )
    if game.ending == POOL_EXHAUSTED and out:
        raise GameError("went-out-count", "nobody went out when the pool ran out", "players")


def _scores(
    rules: Ruleset, ending: str, facts: list[Facts], went_out: list[bool]
) -> tuple[list[Fraction], set[int]]:
    penalties = [fact.penalty for fact in facts]
    if ending == WENT_OUT:
        winner = went_out.index(True)
        pot = sum(penalties)
        if not rules.is_rummikub:
            return [Fraction(pot if i == winner else 0) for i in range(len(facts))], {winner}
        return [Fraction(pot if i == winner else -p) for i, p in enumerate(penalties)], {winner}
    lowest = min(penalties)
    winners = {i for i, p in enumerate(penalties) if p == lowest}
    share = Fraction(sum(p - lowest for p in penalties), len(winners))
    return [share if i in winners else Fraction(lowest - p) for i, p in enumerate(penalties)], winners
