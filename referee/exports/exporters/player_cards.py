"""`player-cards-pdf`: a card per player to hand out on the morning, ten to an A4 sheet, cut with scissors.

Each card has the player's name (both names, as registered: the card is the child's own), the school's two
names, the player number, and a QR code of the public "find my table" page with the number filled in. Its
words are in both languages, whatever the tournament's: a parent may read either.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from referee.exports.exporters.base import SCHOOL
from referee.exports.exporters.fonts import markup
from referee.exports.exporters.links import privacy_notice_url
from referee.exports.exporters.pdf import PdfExporter, para, styles
from referee.exports.exporters.qr import QrCode
from referee.exports.exporters.registry import register
from referee.models import Player
from referee.wording.audiences import HANDOUT
from referee.wording.sentences import person_name

COLUMNS, ROWS = 2, 5
QR_SIZE = 27 * mm
CUT_LINE = colors.Color(0.55, 0.55, 0.55)


def both_languages(text: str) -> str:
    """'選手編號 Player number': the same words in Chinese, then English."""
    with translation.override("zh-hant"):
        chinese = _(text)
    with translation.override("en"):
        english = _(text)
    return chinese if chinese == english else f"{chinese} {english}"


def find_table_url(site_url: str, player: Player) -> str:
    path = reverse("public:find_table", args=[player.tournament.slug])
    return f"{site_url.rstrip('/')}{path}?{urlencode({'number': player.number})}"


@register
class PlayerCardsPdf(PdfExporter):
    identifier = "player-cards-pdf"
    verbose_name = gettext_lazy("Player cards (PDF)")
    description = gettext_lazy(
        "Ten cards to an A4 sheet: name, school, player number and a QR code to find their table."
    )
    accepts = frozenset({SCHOOL})
    position = 60
    audience = HANDOUT  # each card goes to its own child: full names, but the sheet is never posted

    def document_title(self) -> str:
        return _("Player cards")

    def players(self) -> list[Player]:
        players = Player.objects.filter(tournament=self.tournament).select_related("school", "tournament")
        if self.request.school is not None:
            players = players.filter(school=self.request.school)
        return list(players.order_by("school__code", "number"))

    def story(self) -> Iterator[Flowable]:
        players = self.players()
        if not players:
            yield para(_("No players yet."))
            return
        width = self.frame_width / COLUMNS
        height = (self.frame_height - 2) / ROWS
        labels = {
            "number": both_languages(gettext_noop("Player number")),
            "scan": both_languages(gettext_noop("Scan to find your table")),
            "privacy": both_languages(gettext_noop("Privacy notice"))
            + ": "
            + privacy_notice_url(self.request.site_url, self.tournament),
        }
        cells = [self.card(player, width, labels) for player in players]
        rows = [cells[i : i + COLUMNS] for i in range(0, len(cells), COLUMNS)]
        rows[-1] += [""] * (COLUMNS - len(rows[-1]))
        for start in range(0, len(rows), ROWS):
            sheet = Table(rows[start : start + ROWS], colWidths=[width] * COLUMNS, rowHeights=height)
            sheet.setStyle(
                TableStyle(
                    [
                        ("GRID", (0, 0), (-1, -1), 0.4, CUT_LINE, None, (3, 3)),
                        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                        ("LEFTPADDING", (0, 0), (-1, -1), 3 * mm),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 2 * mm),
                    ]
                )
            )
            yield sheet

    def card(self, player: Player, width: float, labels: dict[str, str]) -> Table:
        base = styles()["body"]
        name = ParagraphStyle("card-name", parent=base, fontSize=15, leading=19)
        number = ParagraphStyle("card-number", parent=base, fontSize=22, leading=26)
        text = [
            para(self.tournament.name, "small"),
            Paragraph(markup(player.display_name), name),
            para(person_name(player.school.name_zh, player.school.name_en), "cell"),
            para(labels["number"], "small"),
            Paragraph(markup(f"#{player.number}"), number),
            para(labels["privacy"], "small"),
        ]
        code: list[Flowable] = []
        if self.request.site_url:
            code = [
                QrCode(find_table_url(self.request.site_url, player), QR_SIZE),
                para(labels["scan"], "small"),
            ]
        inner = Table(
            [[text, code]], colWidths=[width - QR_SIZE - 8 * mm, QR_SIZE + 2 * mm], style=_inner_style()
        )
        return inner


def _inner_style() -> TableStyle:
    return TableStyle(
        [
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (0, 0), 3 * mm),  # a long name wraps before the QR code
        ]
    )
