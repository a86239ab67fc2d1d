"""The shipped fonts: the CJK font every PDF embeds, and the fallback for the rarer Han characters.

reportlab embeds a subset of the TrueType font in every PDF, so Chinese names print as Chinese on a computer
that has no Chinese font at all. The main font lacks the rarer Han characters (Extensions A and B, such as
𠮷 or 㐱); reportlab cannot fall back by itself, so text is split into runs: those characters are set in a
second shipped font, and a character that neither font has prints as □, never silently left out.
"""

from __future__ import annotations

import functools
import io
import lzma
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_NAME = "TableRefCJK"
FONT_FILE = Path(__file__).resolve().parents[2] / "fonts" / "wqy-microhei.ttc"
FALLBACK_FONT_NAME = "TableRefHanFallback"
FALLBACK_FONT_FILE = FONT_FILE.parent / "han-fallback.ttf.xz"
PLACEHOLDER = "□"  # for a character that no shipped font has


_reportlab_to_unicode_cmap = ttfonts.makeToUnicodeCMap


def _to_unicode_cmap(font_name: str, subset: list[int]) -> str:
    """reportlab's map from a font's glyphs back to text, with characters beyond U+FFFF written as PDF asks
    (UTF-16, a surrogate pair): reportlab writes 𠮷 (U+20BB7) as five hex digits, which readers take for
    another character, so the name would not copy or search as written."""
    cmap = _reportlab_to_unicode_cmap(font_name, subset)
    for index, code in enumerate(subset):
        if code > 0xFFFF:
            utf16 = chr(code).encode("utf-16-be").hex().upper()
            cmap = cmap.replace(f"\n<{index:02X}> <{code:04X}>\n", f"\n<{index:02X}> <{utf16}>\n", 1)
    return cmap


@functools.cache
def cjk_font() -> str:
    """Register the shipped font once per process (parsing it takes a few tenths of a second).

    Streams are also written as plain binary: ASCII85 only made every download a quarter larger and slower.
    """
    rl_config.useA85 = 0
    ttfonts.makeToUnicodeCMap = _to_unicode_cmap
    pdfmetrics.registerFont(TTFont(FONT_NAME, str(FONT_FILE), subfontIndex=0))
    pdfmetrics.registerFontFamily(
        FONT_NAME, normal=FONT_NAME, bold=FONT_NAME, italic=FONT_NAME, boldItalic=FONT_NAME
    )
    return FONT_NAME


@functools.cache
def _main_characters() -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(cjk_font()).face.charToGlyph)


@functools.cache
def fallback_font() -> str:
    """Unpacked and registered on first need (under a second; most exports never need it)."""
    font = TTFont(FALLBACK_FONT_NAME, io.BytesIO(lzma.decompress(FALLBACK_FONT_FILE.read_bytes())))
    pdfmetrics.registerFont(font)
    name = FALLBACK_FONT_NAME
    pdfmetrics.registerFontFamily(name, normal=name, bold=name, italic=name, boldItalic=name)
    return name


@functools.cache
def _fallback_characters() -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(fallback_font()).face.charToGlyph)


def font_runs(text: str) -> list[tuple[str, str]]:
    """The text as (font, text) runs: the main font wherever it has the character, the fallback font where
    only that one has it, and □ in the main font where neither has it."""
    main = _main_characters()
    if all(ord(character) in main or character.isspace() for character in text):
        return [(cjk_font(), text)]
    runs: list[list[str]] = []
    for character in text:
        font = cjk_font()
        if not (ord(character) in main or character.isspace()):
            if ord(character) in _fallback_characters():
                font = fallback_font()
            else:
                character = PLACEHOLDER
        if runs and runs[-1][0] == font:
            runs[-1][1] += character
        else:
            runs.append([font, character])
    return [(font, chunk) for font, chunk in runs]


def markup(text: str) -> str:
    """Paragraph markup for plain text: escaped (a school called 'A & B' must not break it), the fallback
    font's characters in a font tag."""
    return "".join(
        escape(chunk) if font == FONT_NAME else f'<font face="{font}">{escape(chunk)}</font>'
        for font, chunk in font_runs(text)
    )


def plain(text: str) -> str:
    """Text for a table cell drawn in the main font alone: a character it lacks becomes □ (set names in a
    paragraph, `para`, to print such characters from the fallback font)."""
    main = _main_characters()
    return "".join(
        character if ord(character) in main or character.isspace() else PLACEHOLDER for character in text
    )


def runs_width(text: str, size: float) -> float:
    return sum(pdfmetrics.stringWidth(chunk, font, size) for font, chunk in font_runs(text))


def draw_runs(canvas: Canvas, x: float, y: float, text: str, size: float) -> None:
    """Draw a line in the main font, switching to the fallback font for the characters only it has."""
    for font, chunk in font_runs(text):
        canvas.setFont(font, size)
        canvas.drawString(x, y, chunk)
        x += pdfmetrics.stringWidth(chunk, font, size)
