"""A table's rules: how long it plays and who starts (the tournament's settings read through its ruleset), and
where it stands."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

import scoring
from referee.models import Tournament
from referee.models.tournament import SharedWinCredit
from scoring.rulesets.base import FIXED_GAMES, ROUNDS, TARGET


class TableStatus(models.TextChoices):
    NOT_STARTED = "not-started", _("Not started")
    IN_PLAY = "in-play", _("In play")
    FINISHED = "finished", _("Finished, awaiting sign-off")
    SIGNED_OFF = "signed-off", _("Signed off")
    CONFIRMED = "confirmed", _("Confirmed")


def effective_games_per_table(tournament: Tournament) -> int | None:
    """The tournament's own setting, else the ruleset's default (None: one round, or play to a target)."""
    if tournament.games_per_table:
        return tournament.games_per_table
    return scoring.get_ruleset(tournament.ruleset).default_games_per_table


def effective_target(tournament: Tournament) -> int | None:
    if tournament.target_score:
        return tournament.target_score
    return scoring.get_ruleset(tournament.ruleset).default_target


def turn_seconds(tournament: Tournament) -> int | None:
    """The referee's turn timer: the tournament's setting, else the ruleset's (None: no turn is timed)."""
    default = scoring.get_ruleset(tournament.ruleset).turn_seconds
    if default is None:
        return None
    return tournament.turn_seconds or default


def effective_rounds(tournament: Tournament) -> int | None:
    """Rounds at each table for the round-based rulesets (blank: one round); None for the others."""
    if scoring.get_ruleset(tournament.ruleset).match_format != ROUNDS:
        return None
    return tournament.rounds_per_table or 1


def games_required(tournament: Tournament, seat_count: int, last_game: int | None = None) -> int | None:
    """Games a table must play, or None when the match runs until someone reaches the target score.

    The school rules fix a number of games per table; the round-based rulesets play a number of rounds, each
    of as many games as the table has players (RULES.md), so a table of 3 and a table of 4 in one tournament
    play 3 and 4 games a round. `last_game`: the round's time ran out while that game was in play
    (`Table.last_game`), so the table plays no game after it."""
    ruleset = scoring.get_ruleset(tournament.ruleset)
    if ruleset.match_format == TARGET:
        return None
    if ruleset.match_format == ROUNDS:
        required = (tournament.rounds_per_table or 1) * seat_count
    else:
        per_table = effective_games_per_table(tournament)
        required = per_table if per_table is not None else seat_count
    return required if last_game is None else min(required, last_game)


# The settings that only some rulesets read, and the value they keep where they do not apply.
RULESET_SETTINGS: dict[str, object] = {
    "games_per_table": None,
    "rounds_per_table": None,
    "target_score": None,
    "shared_win_credit": SharedWinCredit.FULL,
    "turn_seconds": None,
    "strict_rule": False,
    "small_set": False,
}


def settings_that_apply(ruleset_key: str) -> frozenset[str]:
    """The tournament settings that change anything under this ruleset (the forms show only these)."""
    ruleset = scoring.get_ruleset(ruleset_key)
    applies = {
        FIXED_GAMES: {"games_per_table"},
        ROUNDS: {"rounds_per_table"},
        TARGET: {"target_score"},
    }[ruleset.match_format]
    if ruleset.is_rummikub:
        applies |= {"shared_win_credit", "turn_seconds"}
    offered = ruleset.offered_options()
    if "strict" in offered:
        applies.add("strict_rule")
    if "small_set" in offered:
        applies.add("small_set")
    return frozenset(applies)


def match_options(
    tournament: Tournament, seat_count: int, last_game: int | None = None
) -> scoring.MatchOptions:
    """The engine's options for one table; a round-based match without a setting plays one round, and a
    table whose time ran out plays up to its `last_game`."""
    return scoring.MatchOptions(
        shared_win_credit=tournament.shared_win_credit,
        games_per_table=games_required(tournament, seat_count, last_game),
        target=effective_target(tournament),
    )


def table_status(*, games_played: int, finished: bool, signed_off: bool, confirmed: bool) -> TableStatus:
    if confirmed:
        return TableStatus.CONFIRMED
    if signed_off:
        return TableStatus.SIGNED_OFF
    if finished:
        return TableStatus.FINISHED
    if games_played:
        return TableStatus.IN_PLAY
    return TableStatus.NOT_STARTED


def play_order(drawn: dict[str, int | None]) -> list[str]:
    """Seat letters in playing order (Rummikub): the highest drawn number starts, then clockwise (seat
    order). Without drawn numbers (or with a draw missing) the order is the seats' order."""
    letters = sorted(drawn)
    if not letters or any(drawn[letter] is None for letter in letters):
        return letters
    start = letters.index(max(letters, key=lambda letter: drawn[letter] or 0))
    return letters[start:] + letters[:start]


def deal_order(
    ruleset_key: str, drawn: dict[str, int | None], again: dict[str, list[int]]
) -> tuple[list[str], scoring.DealDraw]:
    """UNO (seed 001): the seats in playing order and the engine's reading of the draw for the deal. The
    highest card deals and the player on the dealer's left starts, so the dealer plays last; until the draw
    decides (a card missing, or a tie on the highest card to draw again) the order is the seats' order."""
    letters = sorted(drawn)
    draws: dict[str, list[int]] = {}
    for letter in letters:
        first = drawn[letter]
        draws[letter] = ([] if first is None else [first]) + list(again.get(letter, ()))
    try:
        deal = scoring.deal_draw(ruleset_key, draws)
    except scoring.ScoringError:  # stored before the draw was checked: draw again
        deal = scoring.DealDraw(None, None, tuple(letters), 0)
    if deal.starts is None:
        return letters, deal
    start = letters.index(deal.starts)
    return letters[start:] + letters[:start], deal


def ruleset_options(tournament: Tournament, seat_count: int | None = None) -> scoring.RulesetOptions:
    """The tournament's options as the engine takes them: twist's strict rule, and six-player's 104-tile set
    at a table of `seat_count` when the tournament turns it on (never at tables of 5 or 6; without a seat
    count, as for an incident's label, only the strict rule counts)."""
    rules = scoring.get_ruleset(tournament.ruleset)
    small = rules.small_deck
    return scoring.RulesetOptions(
        small_set=bool(
            tournament.small_set and small is not None and seat_count and seat_count <= small.max_players
        ),
        strict=bool(tournament.strict_rule and rules.strict_incidents is not None),
    )


def table_ruleset(tournament: Tournament, seat_count: int | None = None) -> scoring.Ruleset:
    """The ruleset as this tournament plays it at a table of `seat_count` (its options, RULES.md)."""
    return scoring.get_ruleset(tournament.ruleset, ruleset_options(tournament, seat_count))
