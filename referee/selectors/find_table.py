"""Where a player sits now, for the public "find my table" page their card's QR code opens."""

from __future__ import annotations

from dataclasses import dataclass

from referee.models import Player, Seat, Tournament


@dataclass(frozen=True)
class FoundSeat:
    player: Player
    seat: Seat | None  # None: not seated in any round yet


def player_seat(tournament: Tournament, number: int) -> FoundSeat | None:
    """The player with this number and their seat in the current round: the first round (in order) where
    their table is not yet signed off, else the last round they played. Two queries."""
    player = Player.objects.filter(tournament=tournament, number=number).select_related("school").first()
    if player is None:
        return None
    seats = list(Seat.objects.filter(player=player).select_related("table__round").order_by("round__order"))
    current = next((seat for seat in seats if seat.table.signed_off_at is None), None)
    return FoundSeat(player=player, seat=current or (seats[-1] if seats else None))
