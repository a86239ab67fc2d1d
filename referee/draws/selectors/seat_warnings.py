"""What an organiser should know before seating a player by hand: classmates already at the table (the draw
keeps schools apart), and a child marked absent or withdrawn."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from referee.models import Player, Table
from referee.wording.sentences import listed


def seat_warnings(table: Table, player: Player) -> list[str]:
    """One query: the table's players of the same school."""
    warnings = []
    classmates = [
        seat.player
        for seat in table.seats.filter(player__school_id=player.school_id).select_related("player")
        if seat.player_id != player.pk
    ]
    if classmates:
        names = listed(f"#{mate.number} {mate.display_name}" for mate in classmates)
        warnings.append(
            ngettext(
                "Classmates at one table: %(names)s of the same school already sits here.",
                "Classmates at one table: %(names)s of the same school already sit here.",
                len(classmates),
            )
            % {"names": names}
        )
    if not player.is_drawn:
        warnings.append(
            _("#%(number)d %(name)s is marked %(state)s.")
            % {"number": player.number, "name": player.display_name, "state": player.get_attendance_display()}
        )
    return warnings
