"""Row locks that serialise writes per tournament."""

from __future__ import annotations

from referee.models import Tournament


def lock_tournament(tournament: Tournament) -> Tournament:
    """Serialise registrations per tournament, so two organisers cannot take the same code or number."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)
