"""Recording one game's result: the raw facts go in, the engine derives the numbers, the audit remembers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.locks import lock_games, lock_table
from referee.models import Game, HandResult, Incident, Seat, Table, Tournament
from referee.models.results import Ending
from referee.permissions import AnyUser
from referee.play.services.corrections import require_result_write
from referee.play.services.signoff import withdraw_confirmation
from referee.play.services.table_time import table_time_settle
from referee.results.engine import score
from referee.results.hands import (
    DERIVED_FIELDS,
    FACT_FIELDS,
    HandNumbers,
    hand_numbers,
    hand_result,
    normalised,
)
from referee.results.outcome import table_match, table_outcome
from referee.results.ranking import TIE_BREAK
from referee.results.table_rules import games_required, table_ruleset
from referee.wording.seats import seat_label


def playing_seats(seats: Sequence[Seat], game_number: int) -> list[Seat]:
    """The seats that play game `game_number`: a player who left the table takes no part in later games."""
    return [seat for seat in seats if seat.left_after is None or seat.left_after >= game_number]


def _check_left(seats: Sequence[Seat], hands: Sequence[scoring.PlayerInput], game_number: int) -> None:
    """A player who left cannot be recorded in a later game, least of all as the one who went out."""
    given = {hand.seat for hand in hands}
    for seat in seats:
        if seat.letter in given and seat.left_after is not None and seat.left_after < game_number:
            raise ServiceError(
                _("Seat %(seat)s left the table after game %(number)d: later games are played without them.")
                % {"seat": seat_label(seat.letter), "number": seat.left_after},
                field="hands",
                code="left",
            )


def _check_hands(seats: Sequence[Seat], hands: Sequence[scoring.PlayerInput], tournament: Tournament) -> None:
    ruleset = scoring.get_ruleset(tournament.ruleset)
    if len(seats) < ruleset.min_players:
        raise ServiceError(
            _("Seat at least %(count)d players at this table first.") % {"count": ruleset.min_players},
            field="hands",
            code="too-few-seats",
        )
    letters = [hand.seat for hand in hands]
    if sorted(letters) != sorted(seat.letter for seat in seats):
        raise ServiceError(
            _("Give exactly one result for each seat at this table."), field="hands", code="seats"
        )
    for hand in hands:
        if hand.rack_value is not None and (isinstance(hand.rack_value, bool) or hand.rack_value < 0):
            raise ServiceError(
                _("A rack value cannot be negative."), field="hands", code="negative-rack-value"
            )


def _check_game_number(
    table: Table,
    game_number: int,
    existing: Game | None,
    expected_version: int | None,
    seat_count: int,
    played: int,
) -> None:
    if existing is not None:
        if expected_version is None:
            raise ServiceError(
                _("Game %(number)d has already been saved, perhaps from another device.")
                % {"number": game_number},
                field="game_number",
                code="exists",
            )
        if expected_version != existing.version:
            raise ServiceError(
                _("Someone else changed this game meanwhile (it is now version %(version)d).")
                % {"version": existing.version},
                code="stale",
            )
        return
    if expected_version is not None:
        raise ServiceError(_("This game is no longer there. Reload the page."), code="stale")
    if game_number != played + 1:
        raise ServiceError(
            _("The next game at this table is game %(number)d.") % {"number": played + 1},
            field="game_number",
            code="out-of-order",
        )
    next_game_number(table, seat_count, played=played)


def next_game_number(table: Table, seat_count: int, played: int | None = None) -> int:
    """The number of the game the table plays next; refused once it is signed off or has played them all.
    The table row should be locked by the caller; `played` is its count of games, when already counted."""
    if table.signed_off_at is not None:
        raise ServiceError(_("This table has been signed off; no game can be added."), code="signed-off")
    if played is None:
        played = table.games.count()
    table_time_settle(table)
    required = games_required(table.round.tournament, seat_count, table.last_game)
    if required is not None:
        finished = played >= required
    else:
        match = table_match(table, seat_count)
        finished = match is not None and match.finished
    if finished and table.last_game is not None and played >= table.last_game:
        raise ServiceError(
            _("The round's time is up: game %(number)d was the last at this table; no new game starts.")
            % {"number": table.last_game},
            field="game_number",
            code="time-up",
        )
    if finished:
        raise ServiceError(_("This table has played all its games."), field="game_number", code="match-over")
    return played + 1


# The last cards after which the next player draws first (UNO): any colour's Draw Two, a Wild Draw Four.
DRAWING_LAST_CARDS = ("RD", "GD", "BD", "YD", "W4")


def _last_card(typed: str, tournament: Tournament) -> str:
    card = scoring.plain_text(typed or "").strip().upper()
    if not card:
        return ""
    if scoring.get_ruleset(tournament.ruleset).is_rummikub or card not in DRAWING_LAST_CARDS:
        raise ServiceError(
            _("The last card is asked only in UNO: a Draw Two or a Wild Draw Four."),
            field="last_card",
            code="bad-last-card",
        )
    return card


def game_snapshot(game: Game, hands: Sequence[HandResult] | None = None) -> dict[str, Any]:
    """The game as the audit keeps it; `hands` when they were just written, else they are read."""
    rows = game.hands.select_related("seat") if hands is None else hands
    by_letter = {
        hand.seat.letter: {name: getattr(hand, name) for name in FACT_FIELDS + DERIVED_FIELDS}
        for hand in rows
    }
    snapshot = {"number": game.number, "ending": game.ending, "version": game.version, "hands": by_letter}
    if game.last_card:
        snapshot["last_card"] = game.last_card
    return snapshot


def _save_hands(
    game: Game,
    seats: Sequence[Seat],
    hands: Sequence[scoring.PlayerInput],
    numbers: dict[str, HandNumbers],
) -> list[HandResult]:
    by_letter = {seat.letter: seat for seat in seats}
    if game.version > 1:  # a correction replaces the hands; a new game has none yet
        game.hands.all().delete()
    return HandResult.objects.bulk_create(
        [hand_result(game, by_letter[hand.seat], hand, numbers[hand.seat]) for hand in hands]
    )


def _write_game(
    table: Table,
    existing: Game | None,
    number: int,
    ending: str,
    writer: User,
    submission: str,
    last_card: str = "",
) -> Game:
    """A new game at version 1, or the existing one at its next version."""
    if existing is None:
        return Game.objects.create(
            table=table,
            number=number,
            ending=ending,
            last_card=last_card,
            entered_by=writer,
            submission_key=submission,
        )
    existing.ending = ending
    existing.last_card = last_card
    existing.version += 1
    existing.entered_by = writer
    existing.submission_key = submission
    existing.save(
        update_fields=["ending", "last_card", "version", "entered_by", "submission_key", "updated_at"]
    )
    return existing


def _replayed(games: Sequence[Game], submission: str) -> Game | None:
    """A double-clicked save (or a resent form) carries the same key: the game it already saved."""
    if not submission:
        return None
    return next((game for game in games if game.submission_key == submission), None)


def _check_verdict(table: Table, seat_count: int) -> None:
    """After the write the match must still make sense to the engine; a signed-off one must stay finished.

    A correction that changes who leads also drops an organiser's tie-break that no longer applies. A table
    in play with no tie-break has neither to keep, so its match is not read again: that is the hall's usual
    save, made while every other table's referee waits for the database's one writer."""
    if table.signed_off_at is None and not table.tie_winner:
        return
    match = table_match(table, seat_count)
    if table.signed_off_at is not None and (match is None or not match.finished):
        raise ServiceError(
            _("After this correction the match would no longer be finished; it cannot be saved."),
            code="unfinished",
        )
    if table.tie_winner and table_outcome(match, table.tie_winner, table.tie_break).decided_by != TIE_BREAK:
        table.tie_winner, table.tie_break = "", ""
        table.save(update_fields=["tie_winner", "tie_break"])


@transaction.atomic
def game_result_submit(
    *,
    actor: AnyUser,
    table: Table,
    game_number: int,
    ending: str,
    hands: Sequence[scoring.PlayerInput],
    expected_version: int | None = None,
    reason: str = "",
    submission: str = "",
    last_card: str = "",
) -> Game:
    """Record a new game, or (with the version the referee saw) replace one.

    `last_card` (UNO): the Draw Two or Wild Draw Four that ended the hand, when there was one; the next
    player's `drawn` cards then count in their hand (RULES.md).

    The engine derives every number; a result it refuses is not stored at all. After sign-off only an
    organiser corrects, with a reason. The same `submission` key twice stores the game once.
    """
    table = lock_table(table.pk)
    # A table holds a handful of games: one read answers "sent before?", "which game?" and "how many?".
    games = lock_games(table)
    replayed = _replayed(games, submission)
    if replayed is not None:
        permissions.require_result_entry(actor, table)
        return replayed
    writer, reason = require_result_write(actor, table, reason=reason)
    tournament = table.round.tournament
    if ending not in Ending.values:
        raise ServiceError(_("Choose how the game ended."), field="ending", code="bad-ending")
    if isinstance(game_number, bool) or not isinstance(game_number, int) or game_number < 1:
        raise ServiceError(_("Enter a whole number of 1 or more."), field="game_number", code="not-positive")
    hands = [normalised(hand) for hand in hands]
    seats = list(table.seats.order_by("letter"))
    _check_left(seats, hands, game_number)
    playing = playing_seats(seats, game_number)
    _check_hands(playing, hands, tournament)
    existing = next((game for game in games if game.number == game_number), None)
    _check_game_number(table, game_number, existing, expected_version, len(seats), played=len(games))

    last_card = _last_card(last_card, tournament)
    result = score(table_ruleset(tournament, len(seats)), ending, hands, last_card)
    numbers = hand_numbers(result, shared_win_credit=tournament.shared_win_credit)
    before = game_snapshot(existing) if existing is not None else None
    game = _write_game(table, existing, game_number, ending, writer, submission, last_card)
    stored = _save_hands(game, playing, hands, numbers)
    if existing is None:  # the incidents recorded while it was played join it
        Incident.objects.filter(table=table, game_number=game_number, game__isnull=True).update(game=game)
    _check_verdict(table, len(seats))
    audit_record(
        actor=actor,
        tournament=tournament,
        table=table,
        game=game,
        action="game.create" if before is None else "game.correct",
        before=before,
        after=game_snapshot(game, stored),
        reason=reason,
        public=table.signed_off_at is not None,
    )
    if before is not None:
        withdraw_confirmation(table, actor)
    return game
