"""The school ranking's rule in words, shown above every school table (pages, screen, exports)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from referee.models import Tournament
from referee.models.tournament import SchoolRanking
from referee.standings.selectors.school_ranking import school_keys
from referee.wording.standings_order import KEY_LABELS


def school_ranking_text(tournament: Tournament) -> str:
    """ "Schools rank by their best 3 children who played: games won, then total score, added up. ..." """
    keys = _(", then ").join(str(KEY_LABELS[key]) for key in school_keys(tournament))
    if tournament.school_ranking == SchoolRanking.BEST:
        return _(
            "Schools rank by their best %(count)d children who played: %(keys)s, added up; schools still "
            "equal share the place."
        ) % {"count": tournament.school_best_count, "keys": keys}
    if tournament.school_ranking == SchoolRanking.AVERAGE:
        return _(
            "Schools rank by the average per child who played: %(keys)s; schools still equal share the place."
        ) % {"keys": keys}
    return _(
        "Schools rank by all their children: %(keys)s, added up; schools still equal share the place."
    ) % {"keys": keys}
