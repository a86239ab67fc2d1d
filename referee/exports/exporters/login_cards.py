"""The referees' login cards: one A4 sheet of eight cards, cut apart with scissors along the dashed lines.

Each card holds the site's address (as text and as a QR code of its login page), the referee's name, login
name and table numbers, and the one-time password made when the organiser printed the cards (or a line
saying the referee already chose their own). Not a registered exporter: printing changes passwords, so it is
a POST of its own (`referee/exports/views/cards.py`), never a download link.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from referee.exports.exporters.fonts import cjk_font, draw_runs, runs_width
from referee.exports.exporters.pdf import fit_text
from referee.exports.exporters.qr import QrCode

COLUMNS, ROWS = 2, 4
PER_PAGE = COLUMNS * ROWS
PAGE_MARGIN = 10 * mm
PADDING = 5 * mm
QR_SIZE = 30 * mm
MONOSPACE = "Courier-Bold"  # a password and a login name read character by character: l and 1 differ


@dataclass(frozen=True)
class LoginCard:
    name: str
    username: str
    password: str  # empty: the referee already chose their own (or the login is not the organiser's to reset)
    tables: Sequence[int]
    resettable: bool = True


def _tables_text(numbers: Sequence[int]) -> str:
    if not numbers:
        return _("Tables: none assigned yet")
    return _("Tables: %(numbers)s") % {"numbers": ", ".join(str(number) for number in numbers)}


TITLE_SIZES = (8.0, 7.0, 6.0)
TITLE_LINES = 2


def _break_lines(text: str, width: float, size: float) -> list[str]:
    """Greedy lines of at most `width` points: at spaces where the text has them, else at any character
    (Chinese has no spaces)."""
    lines: list[str] = []
    line = ""
    for word in re.findall(r"\S+\s*|\s+", text):
        pieces = [word] if runs_width(word.rstrip(), size) <= width else list(word)
        for piece in pieces:
            if line and runs_width((line + piece).rstrip(), size) > width:
                lines.append(line.rstrip())
                line = piece.lstrip()
            else:
                line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines


def wrapped(text: str, width: float, sizes: Sequence[float], most_lines: int) -> tuple[float, list[str]]:
    """The text whole, on at most `most_lines` lines at the largest of `sizes` that allows it; at the
    smallest size, on as many lines as it takes. A tournament's title is never cut short on a card."""
    for size in sizes:
        lines = _break_lines(text, width, size)
        if len(lines) <= most_lines:
            return size, lines
    return sizes[-1], _break_lines(text, width, sizes[-1])


def _fitted_line(canvas: Canvas, x: float, y: float, text: str, size: float, width: float) -> None:
    draw_runs(canvas, x, y, fit_text(text, width, size), size)


def _labelled_value(canvas: Canvas, x: float, y: float, label: str, value: str, width: float) -> None:
    """'Login name  ref1': a small label, then the value in a monospaced face, shrunk to fit the card's
    width (never cut: a login name or a password must be read whole)."""
    draw_runs(canvas, x, y, label, 8)
    start = x + runs_width(label, 8) + 2 * mm
    size = min(12.0, 12.0 * (x + width - start) / max(stringWidth(value, MONOSPACE, 12), 1))
    canvas.setFont(MONOSPACE, size)
    canvas.drawString(start, y, value)


def _draw_card(
    canvas: Canvas, card: LoginCard, left: float, bottom: float, width: float, height: float, context: dict
) -> None:
    """Top: the tournament, the referee's name and tables beside the QR code; below the code, across the
    card's whole width, the login name and the password; at the bottom, the address."""
    full_width = width - 2 * PADDING
    beside_code = full_width - QR_SIZE - 3 * mm
    x = left + PADDING
    top = bottom + height - PADDING
    QrCode(context["login_url"], QR_SIZE).drawOn(canvas, left + width - PADDING - QR_SIZE, top - QR_SIZE)
    canvas.setFillGray(0.35)
    size, lines = wrapped(context["tournament"], beside_code, TITLE_SIZES, TITLE_LINES)
    for number, line in enumerate(lines):
        draw_runs(canvas, x, top - 3 * mm - number * size * 1.15, line, size)
    canvas.setFillGray(0)
    _fitted_line(canvas, x, top - 12 * mm, card.name, 14, beside_code)
    _fitted_line(canvas, x, top - 19 * mm, _tables_text(card.tables), 10, beside_code)

    y = top - QR_SIZE - 6 * mm
    _labelled_value(canvas, x, y, _("Login name"), card.username, full_width)
    y -= 7 * mm
    if card.password:
        _labelled_value(canvas, x, y, _("One-time password"), card.password, full_width)
        y -= 5 * mm
        _fitted_line(
            canvas, x, y, _("Works once: choose your own password after logging in."), 7.5, full_width
        )
    elif card.resettable:
        _fitted_line(canvas, x, y, _("Password: the one you chose yourself."), 8, full_width)
    else:
        _fitted_line(canvas, x, y, _("Password: not printed; ask the site's administrator."), 8, full_width)
    _fitted_line(canvas, x, bottom + PADDING, context["address"], 9, full_width)


def _cut_lines(canvas: Canvas, card_width: float, card_height: float) -> None:
    canvas.saveState()
    canvas.setStrokeGray(0.6)
    canvas.setLineWidth(0.5)
    canvas.setDash(3, 3)
    page_width, page_height = A4
    for column in range(COLUMNS + 1):
        x = PAGE_MARGIN + column * card_width
        canvas.line(x, PAGE_MARGIN, x, page_height - PAGE_MARGIN)
    for row in range(ROWS + 1):
        y = PAGE_MARGIN + row * card_height
        canvas.line(PAGE_MARGIN, y, page_width - PAGE_MARGIN, y)
    canvas.restoreState()


def login_cards_pdf(
    cards: Iterable[LoginCard], *, tournament_name: str, address: str, login_url: str
) -> bytes:
    """Eight cards to an A4 page, in the active language."""
    output = io.BytesIO()
    canvas = Canvas(output, pagesize=A4, pageCompression=1, initialFontName=cjk_font())
    title = _("Referees' login cards")
    canvas.setTitle(f"{tournament_name} · {title}")
    canvas.setAuthor("TableRef")
    page_width, page_height = A4
    card_width = (page_width - 2 * PAGE_MARGIN) / COLUMNS
    card_height = (page_height - 2 * PAGE_MARGIN) / ROWS
    context = {
        "tournament": f"{tournament_name} · {pgettext('login card', 'Referee login')}",
        "address": address,
        "login_url": login_url,
    }
    cards = list(cards)
    for start in range(0, max(len(cards), 1), PER_PAGE):
        _cut_lines(canvas, card_width, card_height)
        for index, card in enumerate(cards[start : start + PER_PAGE]):
            column, row = index % COLUMNS, index // COLUMNS
            left = PAGE_MARGIN + column * card_width
            bottom = page_height - PAGE_MARGIN - (row + 1) * card_height
            _draw_card(canvas, card, left, bottom, card_width, card_height, context)
        canvas.showPage()
    canvas.save()
    return output.getvalue()
