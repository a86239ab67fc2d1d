"""The shared PDF base: the shipped CJK font, A4 pages, and a footer with page numbers and generation time.

reportlab embeds a subset of the TrueType font in every PDF, so Chinese names print as Chinese on a computer
that has no Chinese font at all.
"""
from __future__ import annotations

import functools
from abc import abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate

from referee.exporters.base import Exporter
from referee.exporters.labels import now_text

FONT_NAME = "TableRefCJK"
FONT_FILE = Path(__file__).resolve().parent.parent / "fonts" / "wqy-microhei.ttc"
MARGIN = 15 * mm


@functools.cache
def cjk_font() -> str:
    """Register the shipped font once per process (parsing it takes a few tenths of a second)."""
    pdfmetrics.registerFont(TTFont(FONT_NAME, str(FONT_FILE), subfontIndex=0))
    pdfmetrics.registerFontFamily(
        FONT_NAME, normal=FONT_NAME, bold=FONT_NAME, italic=FONT_NAME, boldItalic=FONT_NAME
    )
    return FONT_NAME


@functools.cache
def styles() -> dict[str, ParagraphStyle]:
    font = cjk_font()
    body = ParagraphStyle("body", fontName=font, fontSize=9.5, leading=12.5, wordWrap="CJK")
    return {
        "body": body,
        "title": ParagraphStyle("title", parent=body, fontSize=17, leading=22, alignment=TA_CENTER),
        "subtitle": ParagraphStyle("subtitle", parent=body, fontSize=10.5, leading=14, alignment=TA_CENTER),
        "heading": ParagraphStyle("heading", parent=body, fontSize=11, leading=15, spaceBefore=6, spaceAfter=3),
        "cell": ParagraphStyle("cell", parent=body, fontSize=9, leading=11),
        "cell_centre": ParagraphStyle("cell_centre", parent=body, fontSize=9, leading=11, alignment=TA_CENTER),
        "small": ParagraphStyle("small", parent=body, fontSize=8, leading=10),
    }


def para(text: str, style: str = "body") -> Paragraph:
    """A paragraph of data (names are escaped: a school called 'A & B' must not break the markup)."""
    return Paragraph(escape(text), styles()[style])


def footer_canvas(left_text: str) -> Callable[..., Canvas]:
    """A canvas that holds its pages until the end, so every footer can say 'page 3 of 12'."""
    generated = _("Generated %(time)s") % {"time": now_text()}
    page_of = _("Page %(page)d of %(pages)d")

    class FooterCanvas(Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("initialFontName", cjk_font())
            super().__init__(*args, **kwargs)
            self._held_pages: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 - reportlab's name
            self._held_pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._held_pages)
            for state in self._held_pages:
                self.__dict__.update(state)
                self._draw_footer(total)
                Canvas.showPage(self)
            Canvas.save(self)

        def _draw_footer(self, total: int) -> None:
            width, _height = self._pagesize
            self.saveState()
            self.setFont(cjk_font(), 7.5)
            self.setFillGray(0.35)
            self.drawString(MARGIN, 9 * mm, left_text)
            right = f"{generated} · {page_of % {'page': self._pageNumber, 'pages': total}}"
            self.drawRightString(width - MARGIN, 9 * mm, right)
            self.restoreState()

    return FooterCanvas


class PdfExporter(Exporter):
    """Subclasses give the flowables (`story`) and a title; the base lays them out on A4."""

    extension = "pdf"
    mimetype = "application/pdf"
    page_landscape = False

    @abstractmethod
    def story(self) -> list[Flowable]:
        """The document's content, in order."""

    @abstractmethod
    def document_title(self) -> str:
        """Shown in the footer and the PDF's properties."""

    def page_size(self) -> tuple[float, float]:
        return landscape(A4) if self.page_landscape else A4

    def write_content(self, stream: BinaryIO) -> None:
        title = self.document_title()
        document = SimpleDocTemplate(
            stream,
            pagesize=self.page_size(),
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=MARGIN + 4 * mm,
            title=f"{self.tournament.name} · {title}",
            author="TableRef",
            creator="TableRef",
        )
        document.build(self.story(), canvasmaker=footer_canvas(f"{self.tournament.name} · {title}"))

    @property
    def frame_width(self) -> float:
        return self.page_size()[0] - 2 * MARGIN
