"""Where a player sits now, for the public "find my table" page their card's QR code opens."""

from __future__ import annotations

from dataclasses import dataclass

from referee.models import Player, Round, Seat, Tournament


@dataclass(frozen=True)
class FoundSeat:
    player: Player
    seat: Seat | None  # None: not seated in any round yet
    # The latest round with anyone seated, when this player has no seat in it and their own seat (if any) is
    # in an earlier round that is over: that round was drawn without them.
    drawn_without: Round | None = None


def player_seat(tournament: Tournament, number: int) -> FoundSeat | None:
    """The player with this number and their seat in the current round: the first round (in order) where
    their table is not yet signed off, else the last round they played; and the latest round drawn without
    them, if their play is over. Three queries."""
    player = Player.objects.filter(tournament=tournament, number=number).select_related("school").first()
    if player is None:
        return None
    seats = list(Seat.objects.filter(player=player).select_related("table__round").order_by("round__order"))
    current = next((seat for seat in seats if seat.table.signed_off_at is None), None)
    drawn_without = None
    if current is None:
        latest = (
            Round.objects.filter(tournament=tournament, tables__seats__isnull=False)
            .order_by("-order")
            .first()
        )
        if latest is not None and all(seat.round_id != latest.pk for seat in seats):
            if not seats or seats[-1].table.round.order < latest.order:
                drawn_without = latest
    return FoundSeat(
        player=player, seat=current or (seats[-1] if seats else None), drawn_without=drawn_without
    )
