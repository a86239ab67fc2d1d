"""Who a file is for, said on the file itself: ready to post (names as on the public pages), the
organiser's own (children's full names, not to be posted or passed on), or cards to hand out (each card
carries one child's full name and goes to that child)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from referee.models.tournament import Privacy

POSTING, ORGANISER, CHOSEN, HANDOUT = "posting", "organiser", "chosen", "handout"


def audience_label(for_posting: bool, audience: str = ORGANISER) -> str:
    """Short, for a footer or a list: "For posting" or "Organiser's file, not for posting"."""
    if audience == HANDOUT:
        return _("To hand out, each card to its own player")
    return _("For posting") if for_posting else _("Organiser's file, not for posting")


def audience_note(for_posting: bool, privacy: str, audience: str = ORGANISER) -> str:
    """One sentence at the head of a file."""
    if audience == HANDOUT:
        return _(
            "Cards to hand out: each card carries one child's full name and goes to that child. "
            "Cut the sheet apart; do not post it."
        )
    if for_posting:
        return _("For posting: players are named as on the public pages (%(privacy)s).") % {
            "privacy": Privacy(privacy).label
        }
    return _(
        "Organiser's file: it holds children's full names and classes. Do not post it or pass it on; "
        "for posting, download the files marked for posting."
    )


def exporter_audience(audience: str) -> str:
    """What the export page says of each kind of file."""
    if audience == POSTING:
        return _("For posting: names follow the tournament's privacy setting.")
    if audience == HANDOUT:
        return _(
            "To hand out: cut the cards apart and give each to its own player. They carry full names: "
            "do not post the sheet."
        )
    if audience == CHOSEN:
        return _(
            "For the school's teacher (full names) or for posting and parents (names as on the public pages)."
        )
    return _("Organiser's file: full names, not for posting.")
