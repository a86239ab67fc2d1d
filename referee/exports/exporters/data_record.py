"""`school-data-record-pdf`: a school's record of its children's personal data: what was held, when it was
removed and why, and what remains (the results under pseudonyms). Given to the school when its children's data
is forgotten or one child's is erased on request.

In both languages at once, Chinese then English, whatever the tournament's: a school office may file either.
It names no child: only player numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib import colors
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from referee.exports.exporters.base import SCHOOL
from referee.exports.exporters.fonts import cjk_font, markup
from referee.exports.exporters.pdf import PdfExporter, para, styles
from referee.exports.exporters.registry import register
from referee.models import DataRemoval, Player, RemovalKind, SchoolConsent
from referee.privacy.retention import retention_of
from referee.wording.audiences import POSTING
from referee.wording.sentences import person_name

LANGUAGES = ("zh-hant", "en")
GRID = colors.Color(0.45, 0.45, 0.45)
SHADE = colors.Color(0.9, 0.9, 0.9)
NUMBERS_SHOWN = 60


def in_both(say: Callable[[], str]) -> list[str]:
    """The same words in Chinese, then in English (once when they are the same)."""
    said = []
    for language in LANGUAGES:
        with translation.override(language):
            text = say()
        if text not in said:
            said.append(text)
    return said


def lines(parts: list[str], style: str = "cell") -> Paragraph:
    """Texts one under the other in one cell."""
    return Paragraph("<br/>".join(markup(part) for part in parts), styles()[style])


def _date(moment: object) -> str:
    return formats.date_format(
        timezone.localtime(moment) if hasattr(moment, "tzinfo") else moment, "DATE_FORMAT"
    )


@register
class SchoolDataRecordPdf(PdfExporter):
    identifier = "school-data-record-pdf"
    verbose_name = gettext_lazy("School's record of personal data (PDF)")
    description = gettext_lazy(
        "For one school: what was held about its children, when it was removed, and what remains."
    )
    accepts = frozenset({SCHOOL})
    requires = frozenset({SCHOOL})
    position = 90
    audience = POSTING  # it names no child

    def document_title(self) -> str:
        return " ".join(in_both(lambda: _("Record of personal data")))

    def story(self) -> Iterator[Flowable]:
        school = self.request.school
        assert school is not None
        removals = list(DataRemoval.objects.filter(school=school).order_by("removed_at", "pk"))
        players = Player.objects.filter(school=school)
        count, held = players.count(), players.filter(forgotten_at__isnull=True).count()
        retention = retention_of(self.tournament)
        consent = SchoolConsent.objects.filter(school=school).first()

        yield para(self.document_title(), "title")
        yield para(f"{person_name(school.name_zh, school.name_en)} ({school.code})", "subtitle")
        yield para(self.tournament.name, "subtitle")
        yield Spacer(0, 6)
        yield from self.section(
            lambda: _("What was held"),
            lambda: (
                _(
                    "For each of the school's %(count)d children registered: the name in Chinese and in "
                    "English, class, number within the school (學號), player number, attendance and results."
                )
                % {"count": count}
            ),
        )
        if consent is not None and consent.given and consent.given_on:
            yield from self.section(
                lambda: _("The school's agreement"),
                lambda: (
                    _("Recorded as given on %(date)s: %(note)s")
                    % {"date": _date(consent.given_on), "note": consent.note or "-"}
                ),
            )
        yield from self.section(
            lambda: _("When it was removed"), lambda: self.removed_summary(removals, held)
        )
        if removals:
            yield self.removals_table(removals)
        yield from self.section(
            lambda: _("What remains"),
            lambda: _(
                'Each child\'s player number with their results under a pseudonym ("Player 103" of the '
                "school), the school's name and totals, and the log of the results without names. The "
                "backups in the site's backup folder that held the names are deleted when the period ends. "
                "Copies kept elsewhere are for their keepers to delete."
            ),
        )
        if held:
            yield from self.section(
                lambda: _("Still held"),
                lambda: (
                    _("%(held)d children's data is kept until %(date)s, then removed.")
                    % {"held": held, "date": _date(retention.kept_until)}
                ),
            )
        if self.request.site_url:
            address = self.request.site_url.rstrip("/") + reverse(
                "public:privacy", args=[self.tournament.slug]
            )
            yield from self.section(lambda: _("Privacy notice"), lambda: address)

    def removed_summary(self, removals: list[DataRemoval], held: int) -> str:
        if not removals:
            return _("Nothing has been removed yet.")
        return _("%(count)d removals, listed below.") % {"count": len(removals)}

    def section(self, heading: Callable[[], str], text: Callable[[], str]) -> Iterator[Flowable]:
        yield para(" · ".join(in_both(heading)), "heading")
        for said in in_both(text):
            yield para(said)

    def removals_table(self, removals: list[DataRemoval]) -> Table:
        headers = [
            in_both(lambda: _("Date")),
            in_both(lambda: _("How it was removed")),
            in_both(lambda: _("Player numbers")),
            in_both(lambda: _("Reason")),
        ]
        rows: list[list[Flowable]] = [[lines(header) for header in headers]]
        for removal in removals:
            numbers = [str(number) for number in removal.player_numbers]
            shown = ", ".join(numbers[:NUMBERS_SHOWN])
            if len(numbers) > NUMBERS_SHOWN:
                shown += f" … ({len(numbers)})"
            why = in_both(lambda removal=removal: str(RemovalKind(removal.kind).label))
            rows.append(
                [
                    para(_date(removal.removed_at), "cell"),
                    lines(why),
                    para(shown, "cell"),
                    para(removal.reason or "-", "cell"),
                ]
            )
        width = self.frame_width
        table = Table(rows, colWidths=[width * 0.16, width * 0.3, width * 0.3, width * 0.24], repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), cjk_font(), 9),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("GRID", (0, 0), (-1, -1), 0.3, GRID),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        return table
