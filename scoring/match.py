"""Deciding a match: games won, total score, ranks with ties as ties, and which rule decided the top."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from scoring.errors import MatchError
from scoring.game_types import GameResult
from scoring.match_types import (
    BY_GAMES_WON,
    BY_TARGET,
    BY_TOTAL_SCORE,
    FULL,
    GAMES_WON_ORDER,
    SHARED_WIN_CREDITS,
    UNRESOLVED,
    MatchOptions,
    MatchPlayer,
    MatchResult,
)
from scoring.ranking import Higher, TieBreak, first_difference, rank
from scoring.rulesets import Ruleset, get_ruleset
from scoring.rulesets.base import TARGET


def decide_match(
    ruleset: str | Ruleset, games: Sequence[GameResult], options: MatchOptions | None = None
) -> MatchResult:
    """The standing of one table after `games` (in the order played)."""
    rules = get_ruleset(ruleset)
    options = options or MatchOptions()
    _check_options(options)
    seats = _common_seats(rules, games)
    if rules.match_format == TARGET:
        return _decide_by_target(rules, games, seats, options)
    return _decide_by_games_won(games, seats, options)


def _positive_or_none(value: object, field: str) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise MatchError(
            "bad-option", f"{field} must be a whole number of 1 or more, or null", f"options.{field}"
        )


def _check_options(options: MatchOptions) -> None:
    if options.shared_win_credit not in SHARED_WIN_CREDITS:
        raise MatchError(
            "bad-option", "shared_win_credit must be 'full' or 'split'", "options.shared_win_credit"
        )
    _positive_or_none(options.games_per_table, "games_per_table")
    _positive_or_none(options.target, "target")


def _common_seats(rules: Ruleset, games: Sequence[GameResult]) -> tuple[str, ...]:
    """Seats in the order of the first game; every game must be of this ruleset and of these seats, or of
    fewer: a player who leaves during a table takes no part in later games and never comes back (RULES.md,
    "A player who leaves during a table"), so each game's seats are among the game's before."""
    if not games:
        return ()
    seats = tuple(player.seat for player in games[0].players)
    playing = set(seats)
    for index, game in enumerate(games):
        if game.ruleset != rules.key:
            raise MatchError(
                "ruleset-mismatch", f"game {index + 1} is scored as {game.ruleset}", f"games[{index}]"
            )
        present = {player.seat for player in game.players}
        if not present <= playing:
            raise MatchError(
                "seat-mismatch",
                f"game {index + 1} has seats that game 1 or a game after it did not have",
                f"games[{index}]",
            )
        playing = present
    return seats


def _ranks(seats: tuple[str, ...], order: Sequence[TieBreak[str]]) -> dict[str, int]:
    """Competition ranks (1, 1, 3) of the seats, by `scoring.ranking`, as the site ranks its standings."""
    return {placed.row: placed.rank for placed in rank(seats, order)}


def _decide_by_games_won(
    games: Sequence[GameResult], seats: tuple[str, ...], options: MatchOptions
) -> MatchResult:
    expected = options.games_per_table
    if expected is not None and len(games) > expected:
        raise MatchError(
            "too-many-games", f"the match has {expected} games; {len(games)} were given", "games"
        )
    won = {seat: Fraction(0) for seat in seats}
    total = {seat: Fraction(0) for seat in seats}
    for game in games:
        credit = Fraction(1) if options.shared_win_credit == FULL else Fraction(1, len(game.winners))
        for player in game.players:
            total[player.seat] += player.score
            if player.won:
                won[player.seat] += credit
    values = {BY_GAMES_WON: won, BY_TOTAL_SCORE: total}
    order = tuple(Higher(name, values[name].__getitem__) for name in GAMES_WON_ORDER)
    ranks = _ranks(seats, order)
    players = tuple(MatchPlayer(seat, won[seat], total[seat], ranks[seat]) for seat in seats)
    finished = bool(games) and (expected is None or len(games) == expected)
    if not finished:
        return MatchResult(players, None, UNRESOLVED, False)
    leaders = [seat for seat in seats if ranks[seat] == 1]
    if len(leaders) > 1:
        return MatchResult(players, None, UNRESOLVED, True)
    leader = leaders[0]
    others = sorted((seat for seat in seats if seat != leader), key=ranks.__getitem__)
    decided_by = first_difference(order, leader, others[0]) if others else None
    return MatchResult(players, leader, decided_by or BY_GAMES_WON, True)


def _decide_by_target(
    rules: Ruleset, games: Sequence[GameResult], seats: tuple[str, ...], options: MatchOptions
) -> MatchResult:
    """UNO: the first player whose running total reaches the target wins; later hands are refused."""
    target = options.target or rules.default_target or 0
    won = {seat: Fraction(0) for seat in seats}
    total = {seat: Fraction(0) for seat in seats}
    winner = None
    for index, game in enumerate(games):
        if winner is not None:
            raise MatchError(
                "match-over", f"{winner} reached {target} before game {index + 1}", f"games[{index}]"
            )
        for player in game.players:
            total[player.seat] += player.score
            won[player.seat] += 1 if player.won else 0
        reached = [seat for seat in seats if total[seat] >= target]
        if reached:
            winner = max(reached, key=lambda seat: total[seat])
    ranks = _ranks(seats, (Higher(BY_TOTAL_SCORE, total.__getitem__),))
    players = tuple(MatchPlayer(seat, won[seat], total[seat], ranks[seat]) for seat in seats)
    if winner is None:
        return MatchResult(players, None, UNRESOLVED, False)
    return MatchResult(players, winner, BY_TARGET, True)
