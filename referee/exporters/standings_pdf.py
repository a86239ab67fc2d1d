"""`standings-pdf`: the ranking on A4 landscape, header row repeated on every page, ties marked.

Rows come from `selectors.standings`, the same aggregate as the standings page.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from referee.exporters.labels import plain_number, signed_score
from referee.exporters.pdf import PdfExporter, cjk_font, para
from referee.exporters.registry import register
from referee.models import School
from referee.selectors import StandingRow, standings

ROWS_PER_TABLE = 200
COLUMN_SHARES = (0.05, 0.05, 0.27, 0.27, 0.07, 0.10, 0.09, 0.10)
GRID = colors.Color(0.45, 0.45, 0.45)
HEADER_SHADE = colors.Color(0.88, 0.88, 0.88)
STRIPE = colors.Color(0.96, 0.96, 0.96)
TIE_MARK = "="


def tied_ranks(rows: Sequence[StandingRow]) -> set[int]:
    """The ranks that more than one player shares."""
    seen: dict[int, int] = {}
    for row in rows:
        seen[row.rank] = seen.get(row.rank, 0) + 1
    return {rank for rank, count in seen.items() if count > 1}


def rank_text(rank: int, tied: set[int]) -> str:
    """3= for a shared third place, as results lists print it."""
    return f"{rank}{TIE_MARK}" if rank in tied else str(rank)


@register
class StandingsPdf(PdfExporter):
    identifier = "standings-pdf"
    position = 30
    offers_provisional = True
    verbose_name = gettext_lazy("Standings (PDF)")
    description = gettext_lazy(
        "Every ranked player with games won and total score, ties shown, on A4 landscape pages ready to post."
    )
    page_landscape = True

    def document_title(self) -> str:
        return _("Standings")

    def header(self) -> list[str]:
        return [
            _("Rank"),
            _("No."),
            _("Player"),
            _("School"),
            _("Class"),
            _("Games played"),
            _("Games won"),
            _("Total score"),
        ]

    def story(self) -> list[Flowable]:
        rows = standings(self.tournament, final_only=not self.request.include_unsigned)
        schools = {
            school.code: school.name_zh or school.name_en
            for school in School.objects.filter(tournament=self.tournament)
        }
        scope = (
            _("Provisional: includes tables not yet signed off.")
            if self.request.include_unsigned
            else _("Final results: signed-off tables only.")
        )
        story: list[Flowable] = [para(self.tournament.name, "title"), para(_("Standings"), "subtitle")]
        story += [para(scope, "small"), Spacer(1, 3 * mm)]
        if not rows:
            return story + [para(_("No results yet."), "heading")]
        tied = tied_ranks(rows)
        body = [self.row(row, tied, schools) for row in rows]
        for start in range(0, len(body), ROWS_PER_TABLE):
            story.append(self.table(body[start : start + ROWS_PER_TABLE]))
        if tied:
            story += [Spacer(1, 2 * mm), para(_("= : tied on games won and total score."), "small")]
        return story

    def row(self, row: StandingRow, tied: set[int], schools: dict[str, str]) -> list[object]:
        player = row.player
        school = f"{row.school_code} {schools.get(row.school_code, '')}".strip()
        return [
            rank_text(row.rank, tied),
            str(player.number),
            para(player.display_name, "cell"),
            para(school, "cell"),
            player.class_name,
            str(row.games_played),
            plain_number(row.games_won),
            signed_score(row.total),
        ]

    def table(self, body: list[list[object]]) -> Table:
        widths = [self.frame_width * share for share in COLUMN_SHARES]
        table = Table([self.header(), *body], colWidths=widths, repeatRows=1)
        commands = [
            ("FONT", (0, 0), (-1, -1), cjk_font(), 9.5),
            ("BACKGROUND", (0, 0), (-1, 0), HEADER_SHADE),
            ("LINEBELOW", (0, 0), (-1, 0), 1, GRID),
            ("LINEBELOW", (0, 1), (-1, -1), 0.3, GRID),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("ALIGN", (0, 0), (1, -1), "RIGHT"),
            ("ALIGN", (5, 0), (-1, -1), "RIGHT"),
        ]
        commands += [("BACKGROUND", (0, index), (-1, index), STRIPE) for index in range(2, len(body) + 1, 2)]
        table.setStyle(TableStyle(commands))
        return table
