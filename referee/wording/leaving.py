"""What the table page says when a player leaves during a table (RULES.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from referee.wording.seats import seat_label


def left_message(letter: str, from_game: int, repairs: Sequence[Any]) -> str:
    """ "B is gone from game 3: the table plays on without them." and, when drawn rounds were seated again,
    which ones."""
    message = _(
        "%(seat)s is gone from game %(number)d: the table plays on without them, and the next draws leave "
        "them out until they are marked back."
    ) % {"seat": seat_label(letter), "number": from_game}
    if repairs:
        rounds = ", ".join(str(repair.round.name) for repair in repairs)
        message += " " + _("Seated again without them: %(rounds)s (the draw page lists who moved).") % {
            "rounds": rounds
        }
    return message
