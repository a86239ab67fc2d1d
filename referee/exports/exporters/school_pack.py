"""`school-pack`: for one school's teacher, a ZIP with a PDF and a workbook of its players' results."""

from __future__ import annotations

import io
import zipfile
from typing import BinaryIO

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl import Workbook
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from referee.exports.exporters.base import CHOSEN, SCHOOL, Exporter
from referee.exports.exporters.fonts import cjk_font, plain
from referee.exports.exporters.links import privacy_notice_url
from referee.exports.exporters.pdf import PdfExporter, para
from referee.exports.exporters.reads import tournament_hands
from referee.exports.exporters.registry import register
from referee.exports.exporters.results_xlsx import ResultsSheets
from referee.exports.exporters.xlsx import XlsxExporter
from referee.standings.selectors.schools import school_standings
from referee.standings.selectors.standings import standings
from referee.wording.figures import count_text, rank_text, score_text
from referee.wording.names import school_name
from referee.wording.school_ranking import school_ranking_text
from referee.wording.seats import seat_label

GRID = colors.Color(0.45, 0.45, 0.45)
HEADER_SHADE = colors.Color(0.88, 0.88, 0.88)


def _table_style() -> TableStyle:
    return TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), cjk_font(), 9),
            ("BACKGROUND", (0, 0), (-1, 0), HEADER_SHADE),
            ("LINEBELOW", (0, 0), (-1, -1), 0.3, GRID),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ]
    )


class SchoolResultsPdf(PdfExporter):
    """The school's players: their rank and totals, then every game they played."""

    identifier = "school-results-pdf"
    audience = CHOSEN
    verbose_name = gettext_lazy("School results (PDF)")
    accepts = requires = frozenset({SCHOOL})

    @property
    def own_school(self) -> str:
        return str(self.request.school.code)

    def document_title(self) -> str:
        school = self.request.school
        return _("Results of %(school)s") % {"school": school_name(school.name_zh, school.name_en)}

    def story(self) -> list[Flowable]:
        scope = (
            _("Provisional: includes tables not yet signed off.")
            if self.request.include_unsigned
            else _("Final results: signed-off tables only.")
        )
        story: list[Flowable] = [para(self.tournament.name, "title"), para(self.document_title(), "subtitle")]
        story += [para(scope, "small"), para(self.audience_note(), "small")]
        notice = privacy_notice_url(self.request.site_url, self.tournament)
        story.append(para(_("Privacy notice: %(address)s") % {"address": notice}, "small"))
        story += [Spacer(1, 4 * mm), para(_("Standings"), "heading"), self.summary(), Spacer(1, 4 * mm)]
        story += [para(_("School ranking"), "heading"), *self.school_place(), Spacer(1, 4 * mm)]
        story += [para(_("Games"), "heading"), self.games()]
        return story

    def summary(self) -> Flowable:
        rows = standings(self.tournament, final_only=not self.request.include_unsigned)
        header = [
            _("Rank"),
            _("No."),
            _("Player"),
            "" if self.for_posting else _("Class"),  # a file for posting prints no classes
            _("Games played"),
            _("Games won"),
            _("Total score"),
        ]
        body = [
            [
                rank_text(row.rank, row.tied),
                str(row.player.number),
                para(self.player_name(row.number, row.name_zh, row.name_en), "cell"),
                plain("" if self.for_posting else row.player.class_name),
                str(row.games_played),
                count_text(row.games_won),
                score_text(row.total),
            ]
            for row in rows
            if row.school_code == self.request.school.code
        ]
        if not body:
            return para(_("No results yet."))
        shares = (0.08, 0.07, 0.37, 0.08, 0.13, 0.13, 0.14)
        table = Table([header, *body], colWidths=[self.frame_width * s for s in shares], repeatRows=1)
        table.setStyle(_table_style())
        return table

    def school_place(self) -> list[Flowable]:
        """The school's place among the schools, by the tournament's rule (said beside it)."""
        rows = school_standings(self.tournament, final_only=not self.request.include_unsigned)
        own = next((row for row in rows if row.code == self.request.school.code), None)
        rule = para(school_ranking_text(self.tournament), "small")
        if own is None or not own.games_played:
            return [para(_("No results yet.")), rule]
        place = _("Place %(rank)s of %(count)d schools: games won %(won)s, total score %(total)s.") % {
            "rank": rank_text(own.rank, own.tied),
            "count": len(rows),
            "won": count_text(own.games_won),
            "total": score_text(own.total),
        }
        return [para(place), rule]

    def games(self) -> Flowable:
        header = [_("Round"), _("Table"), _("Game"), _("Seat"), _("Player"), _("Score"), _("Won")]
        body = [
            [
                str(hand["game__table__round__order"]),
                str(hand["game__table__number"]),
                str(hand["game__number"]),
                seat_label(hand["seat__letter"]),
                para(
                    self.player_name(
                        hand["seat__player__number"],
                        hand["seat__player__name_zh"],
                        hand["seat__player__name_en"],
                    ),
                    "cell",
                ),
                score_text(hand["score"]),
                "1" if hand["won"] else "",
            ]
            for hand in tournament_hands(
                self.tournament,
                school_code=self.request.school.code,
                final_only=not self.request.include_unsigned,
            )
        ]
        if not body:
            return para(_("No games recorded yet."))
        shares = (0.08, 0.08, 0.08, 0.08, 0.44, 0.12, 0.12)
        table = Table([header, *body], colWidths=[self.frame_width * s for s in shares], repeatRows=1)
        table.setStyle(_table_style())
        return table


class SchoolResultsXlsx(XlsxExporter):
    """The results workbook narrowed to one school (its standings, games, players and incidents)."""

    identifier = "school-results-xlsx"
    audience = CHOSEN
    verbose_name = gettext_lazy("School results (Excel)")
    accepts = requires = frozenset({SCHOOL})

    @property
    def own_school(self) -> str:
        return str(self.request.school.code)

    def fill(self, workbook: Workbook) -> None:
        sheets = ResultsSheets(self, school_code=self.request.school.code)
        sheets.standings_sheet(workbook)
        sheets.schools_sheet(workbook)
        sheets.games_sheet(workbook)
        sheets.players_sheet(workbook)
        sheets.incidents_sheet(workbook)


@register
class SchoolPack(Exporter):
    identifier = "school-pack"
    audience = CHOSEN
    position = 50
    offers_provisional = True
    verbose_name = gettext_lazy("School pack (PDF and Excel in a ZIP)")
    description = gettext_lazy(
        "One school's players: their ranks, totals and every game, as PDF and Excel; for its teacher (full "
        "names), or for posting and parents (names as on the public pages)."
    )
    extension = "zip"
    mimetype = "application/zip"
    accepts = requires = frozenset({SCHOOL})

    def write_content(self, stream: BinaryIO) -> None:
        with zipfile.ZipFile(stream, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for part in (SchoolResultsPdf(self.request), SchoolResultsXlsx(self.request)):
                buffer = io.BytesIO()
                part.write_content(buffer)
                archive.writestr(part.filename(), buffer.getvalue())
