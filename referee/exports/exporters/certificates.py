"""`certificates-pdf`: a certificate for every child who played, one A4 landscape page each, Chinese and
English on the same page: the child's full name, the school, the tournament, and the prizes they were given
(filled on the prizes page) or their participation; the host school's logo and a signature when uploaded.

Drawn straight onto the canvas with the shared CJK font (`fonts.py`), a page in a few milliseconds, so the
whole tournament at once is a background export and one school's is quick. Each certificate goes to its
own child: full names, never posted (the HANDOUT audience).
"""

from __future__ import annotations

import io
from collections import defaultdict
from typing import BinaryIO

from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from referee.exports.exporters.base import SCHOOL, Exporter
from referee.exports.exporters.fonts import draw_runs, runs_width
from referee.exports.exporters.registry import register
from referee.models import CertificateImage, CertificateImageKind, Player, Prize
from referee.wording.audiences import HANDOUT
from referee.wording.prizes import prize_titles

PAGE = landscape(A4)
GOLD = colors.Color(0.62, 0.48, 0.12)
INK = colors.Color(0.1, 0.12, 0.16)
GREY = colors.Color(0.38, 0.4, 0.44)
LOGO_BOX = (34 * mm, 34 * mm)
SIGNATURE_BOX = (55 * mm, 20 * mm)
# Printed in both languages on every certificate, whatever the tournament's language.
ACHIEVEMENT = gettext_noop("Certificate of Achievement")
PARTICIPATION = gettext_noop("Certificate of Participation")
CERTIFY = gettext_noop("This is to certify that")
AWARDED = gettext_noop("was awarded at %(tournament)s")
TOOK_PART = gettext_noop("took part in %(tournament)s.")


def in_language(language: str, message: str, **values: object) -> str:
    with translation.override(language):
        text = _(message)
        return text % values if values else text


class CertificateCanvas:
    """One page's drawing: centred lines in the CJK font (with its fallback), shrunk to fit the page."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.width, self.height = PAGE

    def centred(self, y: float, text: str, size: float, colour: colors.Color = INK) -> None:
        room = self.width - 60 * mm
        while size > 8 and runs_width(text, size) > room:
            size -= 1
        self.canvas.setFillColor(colour)
        draw_runs(self.canvas, (self.width - runs_width(text, size)) / 2, y, text, size)

    def frame(self) -> None:
        canvas = self.canvas
        canvas.setStrokeColor(GOLD)
        canvas.setLineWidth(3)
        canvas.rect(12 * mm, 12 * mm, self.width - 24 * mm, self.height - 24 * mm)
        canvas.setLineWidth(0.8)
        canvas.rect(16 * mm, 16 * mm, self.width - 32 * mm, self.height - 32 * mm)

    def picture(self, image: ImageReader, x: float, y: float, box: tuple[float, float]) -> None:
        """The picture scaled into the box (aspect kept), its bottom centre at (x, y)."""
        width, height = image.getSize()
        scale = min(box[0] / width, box[1] / height)
        drawn = (width * scale, height * scale)
        self.canvas.drawImage(image, x - drawn[0] / 2, y, *drawn, mask="auto")


@register
class CertificatesPdf(Exporter):
    identifier = "certificates-pdf"
    verbose_name = gettext_lazy("Certificates (PDF)")
    description = gettext_lazy(
        "One A4 landscape page per child who played, in Chinese and English: their prize or their "
        "participation. All at once, or one school at a time."
    )
    extension = "pdf"
    mimetype = "application/pdf"
    accepts = frozenset({SCHOOL})
    position = 65
    background = True
    audience = HANDOUT

    def children(self) -> list[Player]:
        """Every child seated in a round (they took part), by school and number."""
        players = Player.objects.filter(tournament=self.tournament, seats__isnull=False).distinct()
        if self.request.school is not None:
            players = players.filter(school=self.request.school)
        return list(players.select_related("school").order_by("school__code", "number"))

    def prizes_by_child(self) -> dict[int, list[dict[str, str]]]:
        found: dict[int, list[dict[str, str]]] = defaultdict(list)
        prizes = Prize.objects.filter(tournament=self.tournament, filled_at__isnull=False)
        for prize in prizes.select_related("school").prefetch_related("players").order_by("position"):
            titles = prize_titles(prize)
            for player in prize.players.all():
                found[player.pk].append(titles)
        return found

    def pictures(self) -> dict[str, ImageReader]:
        images = CertificateImage.objects.filter(tournament=self.tournament)
        return {image.kind: ImageReader(io.BytesIO(bytes(image.content))) for image in images}

    def event_date(self) -> str:
        last = self.tournament.rounds.order_by("-date").values_list("date", flat=True).first()
        return date_format(last, "DATE_FORMAT") if last else ""

    def write_content(self, stream: BinaryIO) -> None:
        canvas = Canvas(stream, pagesize=PAGE, pageCompression=1)
        canvas.setTitle(f"{self.tournament.name} · {_('Certificates')}")
        canvas.setAuthor("TableRef")
        canvas.setCreator("TableRef")
        children = self.children()
        prizes = self.prizes_by_child()
        pictures = self.pictures()
        with translation.override("zh-hant"):
            date_zh = self.event_date()
        with translation.override("en"):
            date_en = self.event_date()
        for done, child in enumerate(children, start=1):
            self.page(
                CertificateCanvas(canvas), child, prizes.get(child.pk, []), pictures, (date_zh, date_en)
            )
            canvas.showPage()
            if done % 20 == 0:
                self.progress(done, len(children))
        if not children:
            CertificateCanvas(canvas).centred(PAGE[1] / 2, _("Nobody has played yet."), 20)
            canvas.showPage()
        canvas.save()

    def page(
        self,
        page: CertificateCanvas,
        child: Player,
        awards: list[dict[str, str]],
        pictures: dict[str, ImageReader],
        dates: tuple[str, str],
    ) -> None:
        page.frame()
        top = page.height - 30 * mm
        logo = pictures.get(CertificateImageKind.LOGO)
        if logo is not None:
            page.picture(logo, page.width / 2, top - LOGO_BOX[1] + 6 * mm, LOGO_BOX)
            top -= LOGO_BOX[1]
        heading = ACHIEVEMENT if awards else PARTICIPATION
        page.centred(top - 8 * mm, in_language("zh-hant", heading), 30, GOLD)
        page.centred(top - 17 * mm, in_language("en", heading), 16, GOLD)
        certify = f"{in_language('zh-hant', CERTIFY)} · {in_language('en', CERTIFY)}"
        page.centred(top - 29 * mm, certify, 11, GREY)
        y = top - 44 * mm
        if child.name_zh:
            page.centred(y, child.name_zh, 34)
            y -= 12 * mm
        if child.name_en:
            page.centred(y, child.name_en, 20 if child.name_zh else 30)
            y -= 9 * mm
        school = child.school
        page.centred(y, " · ".join(name for name in (school.name_zh, school.name_en) if name), 12, GREY)
        y -= 13 * mm
        event = {"tournament": self.tournament.name}
        sentence = AWARDED if awards else TOOK_PART
        page.centred(y, in_language("zh-hant", sentence, **event), 15)
        page.centred(y - 7 * mm, in_language("en", sentence, **event), 12, GREY)
        y -= 19 * mm
        for titles in awards[:3]:
            page.centred(y, titles["zh"], 22, GOLD)
            page.centred(y - 7 * mm, titles["en"], 13, GOLD)
            y -= 17 * mm
        self.footer(page, pictures.get(CertificateImageKind.SIGNATURE), dates)

    def footer(self, page: CertificateCanvas, signature: ImageReader | None, dates: tuple[str, str]) -> None:
        canvas = page.canvas
        line_y = 38 * mm
        right = page.width - 75 * mm
        if signature is not None:
            page.picture(signature, right, line_y + 1 * mm, SIGNATURE_BOX)
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.6)
        canvas.line(right - 35 * mm, line_y, right + 35 * mm, line_y)
        signer = self.tournament.certificate_signer
        if signer:
            canvas.setFillColor(INK)
            draw_runs(canvas, right - runs_width(signer, 11) / 2, line_y - 6 * mm, signer, 11)
        left = 75 * mm
        canvas.line(left - 35 * mm, line_y, left + 35 * mm, line_y)
        canvas.setFillColor(INK)
        for offset, text in ((-6 * mm, dates[0]), (-11 * mm, dates[1])):
            draw_runs(canvas, left - runs_width(text, 10) / 2, line_y + offset, text, 10)
