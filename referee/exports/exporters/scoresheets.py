"""`scoresheets-pdf` and `blank-scoresheets-pdf`: one A4 page per table, the school form of seed 002.

The completed sheets are filled from `selectors.table_sheet`, the same read as the table's web page, so paper
and screen never disagree. The blank sheets carry everything but the results, and a QR code that opens the
table's page for when the network comes back.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.platypus import Flowable, PageBreak

from referee.exports.exporters.base import ROUND, TABLE
from referee.exports.exporters.pdf import PdfExporter, para
from referee.exports.exporters.registry import register
from referee.exports.exporters.scoresheet_page import SheetPage, page_flowables
from referee.models import School, Table
from referee.play.selectors.late_corrections import late_corrections
from referee.play.selectors.sheets import TableSheet, sheet_outcome, table_sheets
from referee.results.table_rules import effective_target, table_ruleset
from referee.wording.names import school_name, user_name
from referee.wording.times import local_date

SHEETS_PER_READ = 1000


class ScoresheetsBase(PdfExporter):
    accepts = frozenset({ROUND, TABLE})
    background = True
    blank = False

    def tables(self) -> QuerySet[Table]:
        """The requested table, the round's tables, or every table of the tournament, in order."""
        tables = Table.objects.select_related("round__tournament", "referee").order_by(
            "round__order", "number"
        )
        if self.request.table is not None:
            return tables.filter(pk=self.request.table.pk)
        if self.request.round_ is not None:
            return tables.filter(round=self.request.round_)
        return tables.filter(round__tournament=self.tournament)

    def school_names(self) -> dict[str, str]:
        rows = School.objects.filter(tournament=self.tournament).values_list("code", "name_zh", "name_en")
        return {code: school_name(name_zh, name_en) for code, name_zh, name_en in rows}

    def story(self) -> Iterator[Flowable]:
        """Page by page as platypus asks for them, the sheets read in bulk (five queries per thousand tables,
        never one per table; six with the changes made after sign-off), so neither memory nor the number of
        queries grows with the round."""
        schools = self.school_names()
        tables = list(self.tables())
        self.progress(0, len(tables))
        for start in range(0, len(tables), SHEETS_PER_READ):
            chunk = tables[start : start + SHEETS_PER_READ]
            late = {} if self.blank else late_corrections(chunk)
            for done, (table, sheet) in enumerate(zip(chunk, table_sheets(chunk), strict=True), start=start):
                if done:
                    yield PageBreak()
                page = self.page(table, sheet, schools)
                if late.get(table.pk):
                    page = replace(page, late_corrections=late[table.pk])
                yield from page_flowables(page, self.frame_width, self.frame_height)
                self.progress(done + 1, len(tables))
        if not tables:
            yield para(_("This round has no tables yet."), "heading")

    def page(self, table: Table, sheet: TableSheet, schools: dict[str, str]) -> SheetPage:
        round_ = table.round
        referee = user_name(table.referee)
        base = SheetPage(
            tournament_name=self.tournament.name,
            ruleset=table_ruleset(self.tournament, len(sheet.seats)),
            round_name=round_.name,
            date_text=f"{local_date(round_.date)} {round_.start_time:%H:%M}",
            table_number=table.number,
            referee_name=referee,
            games_required=sheet.games_required,
            target=effective_target(self.tournament),
            seats=sheet.seats,
            school_names=schools,
            blank=self.blank,
        )
        if self.blank:
            entry_url = self.request.entry_url(table) if self.request.entry_url else None
            return replace(base, entry_url=entry_url)
        return replace(
            base,
            games=sheet.games,
            totals=sheet.totals,
            incidents=sheet.incidents,
            outcome=sheet_outcome(self.tournament, sheet),
        )


@register
class ScoresheetsPdf(ScoresheetsBase):
    identifier = "scoresheets-pdf"
    position = 10
    verbose_name = gettext_lazy("Scoresheets (PDF)")
    description = gettext_lazy(
        "One A4 page per table, filled from the results entered: games, totals, winner, incidents, "
        "signature lines and a box for the organiser's stamp."
    )

    def document_title(self) -> str:
        return _("Scoresheets")


@register
class BlankScoresheetsPdf(ScoresheetsBase):
    identifier = "blank-scoresheets-pdf"
    position = 20
    verbose_name = gettext_lazy("Blank scoresheets (PDF)")
    description = gettext_lazy(
        "The same pages with players, referee, table and date filled in but no results: the paper fallback "
        "when the network fails. A QR code on each page opens that table's page."
    )
    blank = True

    def document_title(self) -> str:
        return _("Blank scoresheets")
