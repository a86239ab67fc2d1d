"""`standings-pdf`: the ranking on A4 landscape, header row repeated on every page, ties marked.

Rows come from `selectors.standings`, the same aggregate as the standings page.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from referee.exports.exporters.base import POSTING, ROUND
from referee.exports.exporters.fonts import cjk_font
from referee.exports.exporters.pdf import PdfExporter, StreamedTable, para
from referee.exports.exporters.registry import register
from referee.models import School
from referee.results.ranking import standings_order
from referee.standings.selectors.standings import StandingRow, standings
from referee.wording.figures import count_text, rank_text, score_text
from referee.wording.names import school_name
from referee.wording.standings_order import order_text
from scoring.ranking import TABLES_WON

COLUMN_SHARES = (0.05, 0.05, 0.30, 0.31, 0.10, 0.09, 0.10)
GRID = colors.Color(0.45, 0.45, 0.45)
HEADER_SHADE = colors.Color(0.88, 0.88, 0.88)
STRIPE = colors.Color(0.96, 0.96, 0.96)


@register
class StandingsPdf(PdfExporter):
    identifier = "standings-pdf"
    background = True
    audience = POSTING
    position = 30
    offers_provisional = True
    accepts = frozenset({ROUND})
    verbose_name = gettext_lazy("Standings (PDF)")
    description = gettext_lazy(
        "Every ranked player with games won and total score, ties shown, on A4 landscape pages ready to "
        "post, players named as on the public pages; for the whole tournament or one round."
    )
    page_landscape = True

    def document_title(self) -> str:
        if self.request.round_ is not None:
            return _("Standings · %(round)s") % {"round": self.request.round_.name}
        return _("Standings")

    def header(self) -> list[str]:
        return [
            _("Rank"),
            _("No."),
            _("Player"),
            _("School"),
            _("Games played"),
            _("Tables won") if self.by_tables else _("Games won"),
            _("Total score"),
        ]

    @property
    def by_tables(self) -> bool:
        """UNO (or an order led by tables won): the column that ranks shows tables won, not hands won."""
        return TABLES_WON in standings_order(self.tournament)

    def story(self) -> Iterator[Flowable]:
        """The title, then one table whose rows are laid out only as platypus reaches each page."""
        rows = standings(
            self.tournament, final_only=not self.request.include_unsigned, round_=self.request.round_
        )
        scope = (
            _("Provisional: includes tables not yet signed off.")
            if self.request.include_unsigned
            else _("Final results: signed-off tables only.")
        )
        yield para(self.tournament.name, "title")
        yield para(self.document_title(), "subtitle")
        yield para(scope, "small")
        yield para(order_text(standings_order(self.tournament)), "small")
        yield para(self.audience_note(), "small")
        yield Spacer(1, 3 * mm)
        if not rows:
            yield para(_("No results yet."), "heading")
            return
        schools = {
            school.code: school_name(school.name_zh, school.name_en)
            for school in School.objects.filter(tournament=self.tournament)
        }
        yield StreamedTable(self.header(), (self.row(row, schools) for row in rows), self.table)
        if any(row.tied for row in rows):
            yield Spacer(1, 2 * mm)
            yield para(_("= : tied on every key of the standings order."), "small")
        if any(row.by_final for row in rows):
            yield Spacer(1, 2 * mm)
            yield para(
                _(
                    "F : place decided by the final, by its tables' finishing order; everyone else follows "
                    "by the standings."
                ),
                "small",
            )
        if any(row.withdrawn for row in rows):
            yield Spacer(1, 2 * mm)
            yield para(_("W : left the tournament; ranked as the tournament's setting says."), "small")

    def row(self, row: StandingRow, schools: dict[str, str]) -> list[object]:
        player = row.player
        school = f"{row.school_code} {schools.get(row.school_code, '')}".strip()
        marks = ("F" if row.by_final else "") + ("W" if row.withdrawn else "")
        return [
            f"{rank_text(row.rank, row.tied)} {marks}".strip(),
            str(player.number),
            para(self.player_name(player.number, player.name_zh, player.name_en), "cell"),
            para(school, "cell"),
            str(row.games_played),
            str(row.tables_won) if self.by_tables else count_text(row.games_won),
            score_text(row.total),
        ]

    def table(self, rows: list[list[object]]) -> Table:
        """The header row and the body rows laid out on the current page (and those that follow it)."""
        widths = [self.frame_width * share for share in COLUMN_SHARES]
        body = rows[1:]
        table = Table(rows, colWidths=widths, repeatRows=1)
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
