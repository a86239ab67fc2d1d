"""Scoresheets on paper: the school layout, filled from the results, Chinese names as Chinese."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from referee.exports.exporters import get_exporter
from referee.models import Player
from referee.play.services.signoff import table_tie_break_record
from referee.wording.codes import decided_by_label, incident_label


@pytest.fixture
def sheets(export_request, round_) -> bytes:
    return get_exporter("scoresheets-pdf")(export_request(round_=round_)).render()[2]


@pytest.fixture
def blank_sheets(export_request, round_) -> bytes:
    return get_exporter("blank-scoresheets-pdf")(export_request(round_=round_)).render()[2]


def test_one_a4_page_per_table(pdf, sheets, event):
    info = pdf.info(sheets)
    assert info["Pages"] == "3"
    assert info["Page size"].startswith("595.276 x 841.89")


def test_every_seated_player_is_printed_by_name(pdf, sheets, event):
    text = pdf.text(sheets)
    seated = Player.objects.filter(seats__table__round__tournament=event).distinct()
    assert seated.count() == 11
    for player in seated:
        assert (player.name_zh or player.name_en) in text


def test_the_seed_002_sheet_prints_its_games_and_totals(pdf, sheets):
    page = pdf.pages(sheets)[0]
    rows = {
        line.split()[0] + line.split()[1]: line.split()[2:]
        for line in page.splitlines()
        if re.match(r"\s*(Game \d|Totals)", line)
    }
    assert rows["Game1"] == ["-7", "1", "+118", "-61", "-50"]
    assert rows["Game3"] == ["-49", "-32", "1", "+98", "-17"]
    totals = next(line for line in page.splitlines() if line.strip().startswith("Totals")).split()[1:]
    assert totals == ["0", "-68", "2", "+123", "1", "+35", "0", "-90"]
    assert "Winner: B 李詠琳 (most games won)" in " ".join(page.split())


def test_the_header_names_competition_referee_table_and_date(pdf, sheets):
    page = " ".join(pdf.pages(sheets)[0].split())
    for expected in (
        "小學邀請賽",
        "第一輪",
        "Games: 3",
        "Referee: 陳大文",
        "Table: 1",
        "Date: 5 Dec 2026 09:30",
    ):
        assert expected in page


def test_incidents_signatures_and_stamp_box_are_on_the_page(pdf, sheets):
    page = " ".join(pdf.pages(sheets)[0].split())
    with translation.override("en"):
        assert str(incident_label("hk-school", "overtime")) in page
    assert "第 5 回合超時" in page
    assert "Signature of the referee" in page
    assert "Organiser's stamp" in page


def test_an_unresolved_tie_is_shown_as_a_tie(pdf, sheets):
    page = " ".join(pdf.pages(sheets)[1].split())
    assert "Tie between A 何浩然, B 林曉彤" in page
    assert "、" not in page
    assert "+15.50" in page
    assert "+35.50" in page
    assert "Winner:" not in page


def test_a_table_without_games_prints_its_players_and_no_scores(pdf, sheets):
    page = " ".join(pdf.pages(sheets)[2].split())
    assert "劉子晴" in page
    assert "Mary Lee" in page
    assert "司徒樂怡" in page
    assert "Table: 3" in page
    assert "Referee: 李嘉欣" in page
    assert not re.search(r"[+-]\d", page.split("Generated")[0])


def test_the_shipped_font_is_embedded(pdf, sheets):
    fonts = [line.split() for line in pdf.fonts(sheets).splitlines()[2:]]
    ours = [columns for columns in fonts if "WenQuanYiMicroHei" in columns[0]]
    assert ours, fonts
    for columns in ours:
        assert columns[0].split("+")[0].isupper()  # a subset, embedded
        assert columns[-5:-2] == ["yes", "yes", "yes"]  # emb, sub, uni
    # reportlab always lists Helvetica, a standard font every reader has; no text relies on any other font.
    others = {columns[0] for columns in fonts if columns not in ours}
    assert others <= {"Helvetica"}


def test_blank_sheets_carry_names_but_no_results(pdf, blank_sheets, event):
    pages = pdf.pages(blank_sheets)
    assert len(pages) == 3
    first = " ".join(pages[0].split())
    assert "陳俊傑" in first
    assert "Referee: 陳大文" in first
    assert "Table: 1" in first
    assert "+118" not in first
    assert "-68" not in first
    assert "Game 3" in first
    assert "Scan to enter the results" in first


def test_each_blank_sheet_links_its_tables_entry_page(
    entry_base, blank_sheets, signed_table, tie_table, empty_table
):
    for table in (signed_table, tie_table, empty_table):
        assert f"{entry_base}/referee/tables/{table.pk}/".encode() in blank_sheets


def test_chinese_output_keeps_the_chinese_names(pdf, export_request, round_):
    data = get_exporter("scoresheets-pdf")(export_request(round_=round_, language="zh-hant")).render()[2]
    text = pdf.text(data)
    assert "李詠琳" in text
    assert "+123" in text


def test_one_tables_sheet(pdf, export_request, tie_table):
    filename, mimetype, data = get_exporter("scoresheets-pdf")(export_request(table=tie_table)).render()
    assert filename == "cup-round-1-table-2-scoresheets-pdf.pdf"
    assert mimetype == "application/pdf"
    assert pdf.info(data)["Pages"] == "1"
    assert "林曉彤" in pdf.text(data)


def test_a_broken_tie_prints_the_winner_and_how(pdf, export_request, tie_table, organiser):
    table_tie_break_record(actor=organiser, table=tie_table, seat="A", how="抽籤")
    data = get_exporter("scoresheets-pdf")(export_request(table=tie_table)).render()[2]
    page = " ".join(pdf.text(data).split())
    with translation.override("en"):
        reason = decided_by_label("tie-break")
    assert f"Winner: A 何浩然 ({reason}: 抽籤)" in page


def test_unplayed_games_keep_their_rows_for_handwriting(pdf, sheets):
    untouched = " ".join(pdf.pages(sheets)[2].split())
    assert "Game 1" in untouched
    assert "Game 3" in untouched
    assert "Winner: ＿" in untouched
    assert "Not finished" not in untouched


def test_schools_are_named_in_the_language_of_the_sheet(pdf, sheets, export_request, round_):
    english = " ".join(pdf.pages(sheets)[0].split())
    assert "HSP · Harbourside" in english
    assert "海濱小學" not in english  # the cell wraps before "Primary"
    chinese = get_exporter("scoresheets-pdf")(export_request(round_=round_, language="zh-hant")).render()[2]
    assert "HSP · 海濱小學" in " ".join(pdf.pages(chinese)[0].split())


def test_a_chinese_tie_lists_the_players_the_chinese_way(pdf, export_request, round_):
    data = get_exporter("scoresheets-pdf")(export_request(round_=round_, language="zh-hant")).render()[2]
    assert "甲 何浩然、乙 林曉彤 同分" in " ".join(pdf.pages(data)[1].split())
