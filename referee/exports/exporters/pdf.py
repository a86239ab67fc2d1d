"""The shared PDF base: the shipped CJK font, A4 pages, and a footer with page numbers and generation time.

Pages are laid out as the story is generated and written out at once, never held: the footer's total page
count is a form that is filled in at the end.

reportlab embeds a subset of the TrueType font in every PDF, so Chinese names print as Chinese on a computer
that has no Chinese font at all. Rare characters fall back to a second font (`fonts.py`).
"""

from __future__ import annotations

import functools
from abc import abstractmethod
from collections.abc import Callable, Iterable, Iterator
from typing import Any, BinaryIO

from django.utils.translation import gettext as _
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepInFrame, Paragraph, SimpleDocTemplate, Table
from reportlab.platypus.flowables import _listWrapOn  # reportlab's own measure of a list; pinned at 5.1.0

from referee.exports.exporters.base import Exporter
from referee.exports.exporters.fonts import cjk_font, draw_runs, font_runs, markup, runs_width
from referee.wording.times import now_text

MARGIN = 15 * mm
FOOTER_SIZE = 7.5
FOOTER_Y = 9 * mm
FOOTER_GREY = 0.35
PAGE_COUNT_FORM = "TableRefPageCount"
FOOTER_ROOM = 4 * mm  # kept free above the bottom margin for the footer
FRAME_PADDING = 6  # platypus's default padding inside a page's frame
CELL_SIDE_PADDING = 6  # reportlab's default left and right padding inside a table's cell


@functools.cache
def styles() -> dict[str, ParagraphStyle]:
    font = cjk_font()
    # Lines break at spaces, and a run without spaces (Chinese) is split where it meets the edge: English
    # names are never cut in half, as reportlab's "CJK" wrapping would do.
    body = ParagraphStyle("body", fontName=font, fontSize=9.5, leading=12.5, splitLongWords=True)
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
    """A paragraph of data: names escaped, rare characters from the fallback font (`markup`)."""
    return Paragraph(markup(text), styles()[style])


def cell_text(text: str, style: str, width: float) -> str | Paragraph:
    """A table cell `width` wide: the text itself when it fits on one line in the main font, else a paragraph
    that wraps it and sets rare characters in the fallback font. The table's own style must set `style`'s
    font and size for the cell. A plain cell is drawn in one call; a paragraph is parsed, measured and
    drawn word by word, and a round's scoresheets hold thousands of such cells."""
    chosen = styles()[style]
    room = width - 2 * CELL_SIDE_PADDING
    if "\n" not in text and font_runs(text) == [(chosen.fontName, text)]:
        if pdfmetrics.stringWidth(text, chosen.fontName, chosen.fontSize) <= room:
            return text
    return para(text, style)


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


class FitToPage(KeepInFrame):
    """Content that must stay on one page, scaled down as little as possible when it does not fit.

    reportlab's shrink would scale fixed-width tables along with the text and leave them narrow and centred;
    here the content is built again for a wider virtual page, the narrowest on which it fits once scaled, so
    a shrunk page still fills the page's width.
    """

    SEARCH_STEPS = 6

    def __init__(self, build: Callable[[float], list[Flowable]], width: float, height: float) -> None:
        self._build = build
        self._fitted = False
        super().__init__(width, height, build(width), mode="shrink", fakeWidth=False)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        size = super().wrap(available_width, available_height)
        if self._fitted or getattr(self, "_scale", 1.0) <= 1.001:
            return size
        self._fitted = True
        width = min(self.maxWidth, available_width)
        height = min(self.maxHeight, available_height)
        low, high = 1.0, self._height_at(width, 1.0) / height
        for _step in range(self.SEARCH_STEPS):  # the smallest scale at which the widened page fits
            middle = (low + high) / 2
            if self._height_at(width, middle) <= height * middle:
                high = middle
            else:
                low = middle
        self._content = self._build(width * high)
        return super().wrap(available_width, available_height)

    def _height_at(self, width: float, scale: float) -> float:
        content = self._content if scale == 1.0 else self._build(width * scale)
        return _listWrapOn(content, width * scale, self.canv, fakeWidth=False)[1]


class StreamedTable(Flowable):
    """A table of any length, laid out a page at a time, its header row on top of every page and nowhere else.

    Only about a page's rows exist as reportlab cells at any time (5,000 players take no more memory than a
    hundred), yet it is one table: each page is filled to the bottom and the next continues it, with no header
    row printed in the middle of a page where one block of rows would end and another begin.
    """

    FIRST_CHUNK = 40  # rows laid out for the first page; a page takes about 25 plain rows
    SPARE_ROWS = 5  # laid out beyond what the last page held, in case the next holds more

    def __init__(
        self,
        header: list[Any],
        rows: Iterator[list[Any]],
        build: Callable[[list[list[Any]]], Table],
        pending: list[list[Any]] | None = None,
        chunk: int = FIRST_CHUNK,
    ) -> None:
        super().__init__()
        self.header = header
        self.rows = rows
        self.build = build
        self.pending = pending or []
        self.chunk = chunk
        self.table: Table | None = None
        self.laid_out_for: tuple[float, float] | None = None

    def _fill(self, count: int) -> bool:
        """Take rows from the source until `count` wait to be laid out; False once the source is empty."""
        while len(self.pending) < count:
            row = next(self.rows, None)
            if row is None:
                return False
            self.pending.append(row)
        return True

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.laid_out_for = (available_width, available_height)
        more = self._fill(self.chunk)
        while True:  # enough rows to overflow the page, so that it is filled to the bottom
            self.table = self.build([self.header, *self.pending])
            width, height = self.table.wrap(available_width, available_height)
            if height > available_height or not more:
                return width, height
            more = self._fill(len(self.pending) + self.chunk)

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        if self.laid_out_for != (available_width, available_height):
            self.wrap(available_width, available_height)  # laid out for less, it would "fit" and drop rows
        parts = self.table.split(available_width, available_height)
        if len(parts) < 2:
            return parts
        laid_out = len(parts[0]._cellvalues) - 1  # the rows that fit, after the header
        rest = self.pending[laid_out:]
        return [parts[0], StreamedTable(self.header, self.rows, self.build, rest, laid_out + self.SPARE_ROWS)]

    def draw(self) -> None:
        self.table.drawOn(self.canv, 0, 0)


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


FOOTER_GAP = 4 * mm
ELLIPSIS = "…"


def fit_text(text: str, width: float, size: float) -> str:
    """`text` cut short with an ellipsis to take at most `width` points (a long title in a footer)."""
    if runs_width(text, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with its ellipsis
        middle = (low + high + 1) // 2
        if runs_width(text[:middle].rstrip() + ELLIPSIS, size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS if low else ""


def footer_painter(left_text: str) -> Callable[[Canvas, Any], None]:
    """Draws 'Tournament · title' on the left and 'Generated … · Page 3 of 12' on the right of each page;
    a title too long for the room left is cut short rather than printed over the page count."""
    generated = _("Generated %(time)s") % {"time": now_text()}
    before_count, _middle, after_count = _("Page %(page)d of %(pages)d").partition("%(pages)d")
    fitted = functools.lru_cache(maxsize=8)(lambda width: fit_text(left_text, width, FOOTER_SIZE))

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
        draw_runs(canvas, MARGIN, FOOTER_Y, fitted(round(start - FOOTER_GAP - MARGIN)), FOOTER_SIZE)
        canvas.setFont(font, FOOTER_SIZE)
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
            bottomMargin=MARGIN + FOOTER_ROOM,
            title=f"{self.tournament.name} · {title}",
            subject=self.audience_note(),
            author="TableRef",
            creator="TableRef",
        )
        paint = footer_painter(f"{self.audience_label()} · {self.tournament.name} · {title}")
        document.build(
            LazyStory(self.story()), onFirstPage=paint, onLaterPages=paint, canvasmaker=FooterCanvas
        )

    @property
    def frame_width(self) -> float:
        """The room for content across a page, inside the margins and platypus's frame padding."""
        return self.page_size()[0] - 2 * MARGIN - 2 * FRAME_PADDING

    @property
    def frame_height(self) -> float:
        return self.page_size()[1] - MARGIN - (MARGIN + FOOTER_ROOM) - 2 * FRAME_PADDING
