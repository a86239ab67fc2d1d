"""Where a player sits now, for the public "find my table" page their card's QR code opens.

It tells a child their table and nothing more: only for a round whose tables are seated (by a committed draw,
whose public page lists the tables by number, or by hand), and nothing for a number that has no seat there,
whether the number is unknown, not drawn in that round, withdrawn or absent, so the page cannot be used to
list the children of a tournament or who is missing today.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.models import Player, Round, Seat, Tournament


@dataclass(frozen=True)
class FoundSeat:
    seat: Seat

    @property
    def player(self) -> Player:
        return self.seat.player


def current_round(tournament: Tournament) -> Round | None:
    """The first round (in order) with a seated table not yet signed off, else the last round with seats."""
    seated = Round.objects.filter(tournament=tournament, tables__seats__isnull=False)
    playing = seated.filter(tables__signed_off_at__isnull=True).order_by("order").first()
    return playing or seated.order_by("-order").first()


def player_seat(tournament: Tournament, number: int) -> FoundSeat | None:
    """The seat of the player with this number in the current round, or None. Two queries."""
    round_ = current_round(tournament)
    if round_ is None:
        return None
    seat = (
        Seat.objects.filter(round=round_, player__tournament=tournament, player__number=number)
        .select_related("player__school", "table__round")
        .first()
    )
    return None if seat is None else FoundSeat(seat)
