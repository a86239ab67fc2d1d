"""A school's notice as text to paste into the school's parent app or a message: Chinese, then English.

Short lines, no formatting that a messaging app would show as symbols; the public pages' addresses for
the rest. No parent's contact detail is asked for or printed: the school sends it to its own parents."""

from __future__ import annotations

from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from core.match_day_notes import match_day_lines
from referee.models import Tournament
from referee.people.selectors.school_notices import SchoolNotice
from referee.standings.selectors.standings import StandingRow
from referee.wording.figures import count_text, score_text
from referee.wording.names import school_name
from referee.wording.sentences import labelled, listed, person_name


def _one_language(tournament: Tournament, notice: SchoolNotice, links: dict[str, str]) -> list[str]:
    school = notice.school
    lines = [f"{tournament.name} · {school_name(school.name_zh, school.name_en)}", ""]
    lines.append(_("Rounds:"))
    for round_ in notice.rounds:
        when = f"{date_format(round_.date, 'DATE_FORMAT')} {round_.start_time.strftime('%H:%M')}"
        lines.append("- " + labelled(round_.name, when))
    weather = match_day_lines(tournament)
    if weather:
        lines += ["", *weather]
    lines += ["", _("Our players:")]
    for child in notice.children:
        player = child.player
        tables = listed(
            (
                _("%(round)s table %(number)d") % {"round": round_.name, "number": number}
                for round_, number in child.tables
            ),
            long=True,
        )
        line = f"- #{player.number} {person_name(player.name_zh, player.name_en)}"
        if tables:
            line = labelled(line, tables)
        if child.standing is not None:
            line += " · " + _place(child.standing)
        lines.append(line)
    row = notice.school_row
    if row is not None:
        place = {"rank": row.rank, "count": notice.school_count}
        if row.tied:
            lines += ["", _("Our school: tied for place %(rank)d of %(count)d.") % place]
        else:
            lines += ["", _("Our school: place %(rank)d of %(count)d.") % place]
    lines += ["", _("Find your table: %(url)s") % {"url": links["find"]}]
    lines.append(_("Standings and schedule: %(url)s") % {"url": links["tournament"]})
    return lines


def _place(row: StandingRow) -> str:
    """A child's place in words: 第 3 名, or 並列第 4 名 when shared (never 第 =4 名)."""
    figures = {"rank": row.rank, "won": count_text(row.games_won), "total": score_text(row.total)}
    if row.tied:
        return _("tied for place %(rank)d (games won %(won)s, total %(total)s)") % figures
    return _("place %(rank)d (games won %(won)s, total %(total)s)") % figures


def notice_text(tournament: Tournament, notice: SchoolNotice, links: dict[str, str]) -> str:
    """The notice in Chinese, then in English, ready to paste."""
    parts = []
    for language in ("zh-hant", "en"):
        with translation.override(language):
            parts.append("\n".join(_one_language(tournament, notice, links)))
    return "\n\n————————\n\n".join(parts)
