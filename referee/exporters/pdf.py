"""The shared PDF base: the shipped CJK font, A4 pages, and a footer with page numbers and generation time.

Pages are laid out as the story is generated and written out at once, never held: the footer's total page
count is a form that is filled in at the end.

reportlab embeds a subset of the TrueType font in every PDF, so Chinese names print as Chinese on a computer
that has no Chinese font at all.
"""

from __future__ import annotations

import functools
from abc import abstractmethod
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab import rl_config
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
FOOTER_SIZE = 7.5
FOOTER_Y = 9 * mm
FOOTER_GREY = 0.35
PAGE_COUNT_FORM = "TableRefPageCount"


@functools.cache
def cjk_font() -> str:
    """Register the shipped font once per process (parsing it takes a few tenths of a second).

    Streams are also written as plain binary: ASCII85 only made every download a quarter larger and slower.
    """
    rl_config.useA85 = 0
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
        "heading": ParagraphStyle(
            "heading", parent=body, fontSize=11, leading=15, spaceBefore=6, spaceAfter=3
        ),
        "cell": ParagraphStyle("cell", parent=body, fontSize=9, leading=11),
        "cell_centre": ParagraphStyle(
            "cell_centre", parent=body, fontSize=9, leading=11, alignment=TA_CENTER
        ),
        "small": ParagraphStyle("small", parent=body, fontSize=8, leading=10),
    }


def para(text: str, style: str = "body") -> Paragraph:
    """A paragraph of data (names are escaped: a school called 'A & B' must not break the markup)."""
    return Paragraph(escape(text), styles()[style])


class LazyStory(list):
    """A story that platypus consumes from the front while it is refilled from a generator.

    Only a few pages' flowables exist at any time, so 1,250 scoresheets take no more memory than ten.
    """

    def __init__(self, source: Iterable[Flowable], ahead: int = 16) -> None:
        super().__init__()
        self._source: Iterator[Flowable] | None = iter(source)
        self._ahead = ahead

    def __len__(self) -> int:
        if self._source is not None and list.__len__(self) < self._ahead:
            for flowable in self._source:
                self.append(flowable)
                if list.__len__(self) >= self._ahead:
                    break
            else:
                self._source = None
        return list.__len__(self)


class FooterCanvas(Canvas):
    """Writes the page count, known only at the end, into a form that every footer already refers to."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initialFontName", cjk_font())
        super().__init__(*args, **kwargs)

    count_at_line_end = True

    def save(self) -> None:
        pages = str(self.getPageNumber() - 1)
        self.beginForm(PAGE_COUNT_FORM, 0, -FOOTER_SIZE, page_count_width(), FOOTER_SIZE * 2)
        self.setFont(cjk_font(), FOOTER_SIZE)
        self.setFillGray(FOOTER_GREY)
        if self.count_at_line_end:  # "Page 3 of 12": the room left for more digits falls after the line
            self.drawString(0, 0, pages)
        else:  # "第 3 頁，共 12 頁": keep the number centred between its words
            self.drawCentredString(page_count_width() / 2, 0, pages)
        self.endForm()
        super().save()


def page_count_width() -> float:
    return pdfmetrics.stringWidth("0000", cjk_font(), FOOTER_SIZE)


def footer_painter(left_text: str) -> Callable[[Canvas, Any], None]:
    """Draws 'Tournament · title' on the left and 'Generated … · Page 3 of 12' on the right of each page."""
    generated = _("Generated %(time)s") % {"time": now_text()}
    before_count, _middle, after_count = _("Page %(page)d of %(pages)d").partition("%(pages)d")

    def paint(canvas: Canvas, document: Any) -> None:
        number = {"page": canvas.getPageNumber()}
        prefix = f"{generated} · {before_count % number}"
        suffix = after_count % number
        font = cjk_font()
        prefix_width = pdfmetrics.stringWidth(prefix, font, FOOTER_SIZE)
        suffix_width = pdfmetrics.stringWidth(suffix, font, FOOTER_SIZE)
        right = canvas._pagesize[0] - MARGIN
        start = right - prefix_width - page_count_width() - suffix_width
        canvas.saveState()
        canvas.setFont(font, FOOTER_SIZE)
        canvas.setFillGray(FOOTER_GREY)
        canvas.drawString(MARGIN, FOOTER_Y, left_text)
        canvas.drawString(start, FOOTER_Y, prefix)
        canvas.drawString(right - suffix_width, FOOTER_Y, suffix)
        canvas.translate(start + prefix_width, FOOTER_Y)
        canvas.doForm(PAGE_COUNT_FORM)
        canvas.restoreState()
        canvas.count_at_line_end = not suffix.strip()

    return paint


class PdfExporter(Exporter):
    """Subclasses give the flowables (`story`) and a title; the base lays them out on A4."""

    extension = "pdf"
    mimetype = "application/pdf"
    page_landscape = False

    @abstractmethod
    def story(self) -> Iterable[Flowable]:
        """The document's content, in order (a generator keeps memory flat on long documents)."""

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
        paint = footer_painter(f"{self.tournament.name} · {title}")
        document.build(
            LazyStory(self.story()), onFirstPage=paint, onLaterPages=paint, canvasmaker=FooterCanvas
        )

    @property
    def frame_width(self) -> float:
        return self.page_size()[0] - 2 * MARGIN
