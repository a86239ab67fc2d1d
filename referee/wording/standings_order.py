"""The standings' keys as words: the settings form's choices and the line that says how ties are broken."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.ranking import GAMES_WON, HEAD_TO_HEAD, ORGANISERS_DECISION, TABLES_WON, TOTAL_SCORE

KEY_LABELS = {
    GAMES_WON: gettext_lazy("games won"),
    TABLES_WON: gettext_lazy("tables won"),
    TOTAL_SCORE: gettext_lazy("total score"),
    HEAD_TO_HEAD: gettext_lazy("head-to-head (when exactly two are tied)"),
    ORGANISERS_DECISION: gettext_lazy("the organisers' recorded decision"),
}


def order_text(order: Sequence[str]) -> str:
    """ "Ranked by tables won, then total score, then the organisers' recorded decision." """
    labels = [str(KEY_LABELS[key]) for key in order if key in KEY_LABELS]
    return _("Ranked by %(keys)s.") % {"keys": _(", then ").join(labels)}
