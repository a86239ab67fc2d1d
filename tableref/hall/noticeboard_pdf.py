"""The noticeboard as one A4 page: the address in large print, its QR code, and the steps in both languages.

Drawn with the exporters' shipped Chinese font and vector QR code, so it prints the same from any computer.
"""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from referee.exports.exporters.fonts import cjk_font
from referee.exports.exporters.qr import QrCode
from tableref.hall.noticeboard import Noticeboard

MARGIN = 18 * mm
QR_SIZE = 95 * mm
ADDRESS_FONT = "Helvetica-Bold"


def _fitted_size(text: str, font: str, largest: float, width: float) -> float:
    """The largest size up to `largest` at which `text` fits on one line of `width`."""
    return min(largest, largest * width / max(stringWidth(text, font, largest), 1))


def noticeboard_pdf(noticeboard: Noticeboard) -> bytes:
    font = cjk_font()
    output = io.BytesIO()
    page_width, page_height = A4
    width = page_width - 2 * MARGIN
    canvas = Canvas(output, pagesize=A4, pageCompression=1)
    canvas.setTitle(noticeboard.url)
    chinese, english = noticeboard.texts()

    y = page_height - MARGIN - 14 * mm
    for text, size in ((chinese.heading, 30), (english.heading, 22)):
        size = _fitted_size(text, font, size, width)
        canvas.setFont(font, size)
        canvas.drawCentredString(page_width / 2, y, text)
        y -= size + 6 * mm

    address_size = _fitted_size(noticeboard.url, ADDRESS_FONT, 44, width)
    y -= address_size
    canvas.setFont(ADDRESS_FONT, address_size)
    canvas.drawCentredString(page_width / 2, y, noticeboard.url)
    canvas.linkURL(noticeboard.url, (MARGIN, y - 4, page_width - MARGIN, y + address_size), relative=0)

    y -= QR_SIZE + 8 * mm
    code = QrCode(noticeboard.url, QR_SIZE)
    code.drawOn(canvas, (page_width - QR_SIZE) / 2, y)

    y -= 12 * mm
    for text, size in ((chinese, 15), (english, 13)):
        for number, step in enumerate(text.steps, start=1):
            line = f"{number}. {step}"
            canvas.setFont(font, _fitted_size(line, font, size, width))
            canvas.drawString(MARGIN, y, line)
            y -= size + 3.5 * mm
        y -= 4 * mm
    canvas.showPage()
    canvas.save()
    return output.getvalue()
