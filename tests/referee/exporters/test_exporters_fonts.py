"""Characters the main font lacks: printed from the shipped fallback font, or as a visible box."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Paragraph

from referee.exports.exporters import get_exporter
from referee.exports.exporters.fonts import FALLBACK_FONT_NAME, FONT_NAME, PLACEHOLDER, font_runs
from referee.exports.exporters.pdf import cell_text, para
from referee.exports.exporters.school_pack import SchoolResultsPdf
from referee.models import Player, School
from referee.models.tournament import Privacy

EXTENSION_A = "㐱"  # U+3431
EXTENSION_B = "𠮷"  # U+20BB7, as in 𠮷野家
NO_FONT = "\U0002b740"  # Extension D: in neither shipped font


def test_runs_pick_the_font_that_has_each_character():
    assert font_runs("陳大文 (Chan)") == [(FONT_NAME, "陳大文 (Chan)")]
    assert font_runs(f"{EXTENSION_B}野家") == [(FALLBACK_FONT_NAME, EXTENSION_B), (FONT_NAME, "野家")]
    assert font_runs(f"陳{NO_FONT}文") == [(FONT_NAME, f"陳{PLACEHOLDER}文")]


def test_a_paragraph_marks_up_only_the_fallback_characters():
    text = para(f"A & {EXTENSION_B}野家").text
    assert text == f'A &amp; <font face="{FALLBACK_FONT_NAME}">{EXTENSION_B}</font>野家'


def test_a_cell_is_plain_text_only_when_it_fits_in_the_main_font():
    """A plain cell is drawn at once; a paragraph wraps a long text and sets rare characters in the fallback
    font, so those two keep their paragraph."""
    assert cell_text("陳大文 A & B #12", "cell", 40 * mm) == "陳大文 A & B #12"  # no markup: drawn as it is
    long = cell_text("Christopher Alexander Montgomery-Wellington #1737", "cell", 40 * mm)
    assert isinstance(long, Paragraph)
    rare = cell_text(f"{EXTENSION_B}野家", "cell", 40 * mm)
    assert isinstance(rare, Paragraph)
    assert FALLBACK_FONT_NAME in rare.text


def test_rare_characters_print_in_names_and_footers(pdf, export_request, event):
    Player.objects.filter(name_zh="陳俊傑").update(name_zh=f"{EXTENSION_B}野家")
    Player.objects.filter(name_zh="李詠琳").update(name_zh=f"李{EXTENSION_A}琳")
    Player.objects.filter(name_zh="張家豪").update(name_zh=f"張{NO_FONT}豪")
    Player.objects.filter(name_zh="黃嘉儀").update(class_name=f"6{EXTENSION_B}")
    event.name = f"{EXTENSION_B}野杯"
    event.privacy = (
        Privacy.FULL_NAMES
    )  # the posted standings show full names only when the tournament says so
    event.save()
    data = get_exporter("standings-pdf")(export_request(language="zh-hant")).render()[2]
    text = pdf.text(data)
    assert f"{EXTENSION_B}野家" in text
    assert f"李{EXTENSION_A}琳" in text
    assert f"張{PLACEHOLDER}豪" in text  # a character no font has is a visible box, never dropped
    school = School.objects.get(tournament=event, players__name_zh="黃嘉儀")
    pack = SchoolResultsPdf(export_request(language="zh-hant", school=school)).render()[2]
    assert f"6{PLACEHOLDER}" in pdf.text(pack)  # a plain cell has the main font only: a box there too
    assert text.count(f"{EXTENSION_B}野杯 · 排名") == int(pdf.info(data)["Pages"])  # every page's footer
    fallback = [line.split() for line in pdf.fonts(data).splitlines() if "TableRefHanFallback" in line]
    assert fallback
    assert fallback[0][-5:-2] == ["yes", "yes", "yes"]  # embedded, a subset, with its text


def test_the_scoresheet_prints_them_too(pdf, export_request, round_):
    Player.objects.filter(name_zh="陳俊傑").update(name_zh=f"{EXTENSION_B}野家")
    data = get_exporter("scoresheets-pdf")(export_request(round_=round_, language="zh-hant")).render()[2]
    assert text_has(pdf.text(data), f"{EXTENSION_B}野家")


def text_has(text: str, wanted: str) -> bool:
    return wanted in "".join(text.split())
