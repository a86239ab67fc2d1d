"""Seating players at tables: once per round, one letter per seat, within the ruleset's table size."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.checks import require_positive
from referee.models import Player, Seat, Table, Tournament
from referee.models.schedule import SEAT_LETTERS
from referee.permissions import AnyUser


def seat_letters_for(tournament: Tournament) -> str:
    """The letters its tables may use: A.. up to the table size fixed at creation, as the database keeps."""
    return SEAT_LETTERS[: tournament.table_size]


def _lock_open_table(table: Table) -> Table:
    """Seating is fixed once the first game is recorded: the scoresheet's columns must not move.

    The lock takes the round's and tournament's rows too (FOR UPDATE over the join), so two organisers seating
    one player at two tables of a round wait for each other and the second is told why."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    if table.signed_off_at is not None:
        raise ServiceError(_("This table has been signed off."), code="signed-off")
    if table.games.exists():
        raise ServiceError(
            _("Games have been recorded at this table; its seats cannot change."), code="in-play"
        )
    return table


def _clean_letter(table: Table, letter: str | None, allowed: str) -> str:
    taken = set(table.seats.values_list("letter", flat=True))
    if not letter:
        free = [candidate for candidate in allowed if candidate not in taken]
        if not free:
            raise ServiceError(_("This table is full."), field="letter", code="table-full")
        return free[0]
    letter = letter.strip().upper()
    if len(letter) != 1 or letter not in allowed:
        raise ServiceError(
            _("Choose a seat from %(first)s to %(last)s.") % {"first": allowed[0], "last": allowed[-1]},
            field="letter",
            code="bad-letter",
        )
    if letter in taken:
        raise ServiceError(_("This seat is already taken."), field="letter", code="seat-taken")
    return letter


@transaction.atomic
def seat_assign(
    *,
    actor: AnyUser,
    table: Table,
    player: Player | None,
    letter: str | None = None,
    drawn_number: int | None = None,
) -> Seat:
    """A blank letter takes the first free seat."""
    tournament = table.round.tournament
    permissions.require_organiser(actor, tournament)
    table = _lock_open_table(table)
    if player is None or player.tournament_id != tournament.pk:
        raise ServiceError(_("Choose a player of this tournament."), field="player", code="wrong-player")
    letter = _clean_letter(table, letter, seat_letters_for(tournament))
    other_seat = Seat.objects.filter(round_id=table.round_id, player=player).select_related("table").first()
    if other_seat is not None:
        raise ServiceError(
            _("This player already sits at table %(number)d in this round.")
            % {"number": other_seat.table.number},
            field="player",
            code="already-seated",
        )
    rules = scoring.get_ruleset(tournament.ruleset)
    drawn_number = _clean_draw(rules, drawn_number, field="drawn_number")
    if rules.is_rummikub and drawn_number is not None:
        if table.seats.filter(drawn_number=drawn_number).exists():
            raise ServiceError(
                _("Another seat already drew this number."), field="drawn_number", code="duplicate"
            )
    seat = Seat.objects.create(
        table=table, round_id=table.round_id, letter=letter, player=player, drawn_number=drawn_number
    )
    audit_record(
        actor=actor,
        tournament=tournament,
        table=table,
        action="seat.assign",
        after={"letter": letter, "player": player.pk, "drawn_number": drawn_number},
    )
    return seat


@transaction.atomic
def seat_remove(*, actor: AnyUser, seat: Seat) -> None:
    tournament = seat.table.round.tournament
    permissions.require_organiser(actor, tournament)
    table = _lock_open_table(seat.table)
    before = {"letter": seat.letter, "player": seat.player_id, "drawn_number": seat.drawn_number}
    seat.delete()
    audit_record(actor=actor, tournament=tournament, table=table, action="seat.remove", before=before)


def _clean_draw(rules: scoring.Ruleset, number: int | None, *, field: str) -> int | None:
    """A number drawn for the order of play: Rummikub's 1 or more; UNO's card, 0 to 9 (action cards and
    wilds count 0, seed 001)."""
    if rules.is_rummikub:
        return require_positive(number, field=field, allow_none=True)
    highest = scoring.deal.HIGHEST_DRAW
    if number is not None and (
        isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= highest
    ):
        raise ServiceError(
            _("A card drawn for the deal counts 0 to %(highest)d: action cards and wilds count 0.")
            % {"highest": highest},
            field=field,
            code="bad-deal-draw",
        )
    return number


def _check_rummikub_draws(cleaned: Mapping[str, int | None], again: Mapping[str, Sequence[int]]) -> None:
    """Rummikub: each player draws a different number once; the highest starts."""
    seen: set[int] = set()
    for letter, number in cleaned.items():
        if number is not None and number in seen:
            raise ServiceError(
                _("Another seat already drew this number."), field=f"drawn_{letter}", code="duplicate"
            )
        if number is not None:
            seen.add(number)
    for letter, cards in again.items():
        if cards:
            raise ServiceError(
                _("Only UNO's draw for the deal is drawn again."), field=f"again_{letter}", code="no-redraw"
            )


def _check_deal_draws(
    rules: scoring.Ruleset, cleaned: Mapping[str, int | None], again: Mapping[str, Sequence[int]]
) -> None:
    """UNO: the engine reads the draw for the deal (equal cards allowed; the tied on the highest card draw
    again)."""
    for letter, cards in again.items():
        if cards and cleaned[letter] is None:
            raise ServiceError(
                _("Record this player's first card before the cards drawn again."),
                field=f"again_{letter}",
                code="deal-draw-unexpected",
            )
        for card in cards:
            _clean_draw(rules, card, field=f"again_{letter}")
    draws = {
        letter: ([] if number is None else [number]) + list(again.get(letter, ()))
        for letter, number in cleaned.items()
    }
    try:
        scoring.deal_draw(rules, draws)
    except scoring.ScoringError as error:
        letter = (error.field or "").removeprefix("draws.")[:1]
        raise ServiceError(
            _("Only the players tied on the highest card draw again."),
            field=f"again_{letter}",
            code=error.code,
        ) from None


@transaction.atomic
def seat_draws_record(
    *,
    actor: AnyUser,
    table: Table,
    numbers: Mapping[str, int | None],
    again: Mapping[str, Sequence[int]] | None = None,
) -> Table:
    """The numbers the players drew from the referee before the first game: the highest starts (RULES.md).

    UNO (seed 001): each player draws a card (action cards and wilds count 0, so equal cards happen); the
    highest card deals, and players tied on it draw again (`again`: each seat's later cards, in order).
    The table's referee records them at the table; like the seats, they are fixed once a game is recorded.
    A seat missing from `numbers` has its number cleared."""
    permissions.require_result_entry(actor, table)
    table = _lock_open_table(table)
    rules = scoring.get_ruleset(table.round.tournament.ruleset)
    seats = {seat.letter: seat for seat in table.seats.order_by("letter")}
    cleaned: dict[str, int | None] = dict.fromkeys(seats)
    for letter in {*numbers, *(again or {})}:
        if letter not in seats:
            raise ServiceError(_("Choose a player at this table."), field="numbers", code="wrong-seat")
    for letter, number in numbers.items():
        cleaned[letter] = _clean_draw(rules, number, field=f"drawn_{letter}")
    later = {letter: list((again or {}).get(letter, ())) for letter in seats}
    if rules.is_rummikub:
        _check_rummikub_draws(cleaned, later)
    else:
        _check_deal_draws(rules, cleaned, later)
    before = {letter: _draw_snapshot(seat) for letter, seat in seats.items()}
    for letter, number in cleaned.items():
        seats[letter].drawn_number = number
        seats[letter].drawn_again = later[letter]
    Seat.objects.bulk_update(list(seats.values()), ["drawn_number", "drawn_again"])
    audit_record(
        actor=actor,
        tournament=table.round.tournament,
        table=table,
        action="seat.draws",
        before=before,
        after={letter: _draw_snapshot(seat) for letter, seat in seats.items()},
    )
    return table


def _draw_snapshot(seat: Seat) -> int | list[int] | None:
    """A seat's draw as the audit keeps it: the number alone, or every card when some were drawn again."""
    if seat.drawn_again:
        return [seat.drawn_number or 0, *seat.drawn_again]
    return seat.drawn_number
