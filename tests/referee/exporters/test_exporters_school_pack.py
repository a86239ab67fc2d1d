"""The school pack: one school's results as a PDF and a workbook, in one ZIP for its teacher."""

from __future__ import annotations

import io
import zipfile

import pytest
from openpyxl import load_workbook

from referee.exports.exporters import get_exporter
from referee.play.services.results import game_result_submit
from scoring import PlayerInput


@pytest.fixture
def pack(export_request, second_school) -> dict[str, bytes]:
    filename, mimetype, data = get_exporter("school-pack")(export_request(school=second_school)).render()
    assert (filename, mimetype) == ("cup-lhp-school-pack.zip", "application/zip")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.testzip() is None
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_pack_holds_a_pdf_and_a_workbook(pack):
    assert sorted(pack) == ["cup-lhp-school-results-pdf.pdf", "cup-lhp-school-results-xlsx.xlsx"]


def test_the_pdf_lists_only_this_schools_players(pdf, pack):
    text = " ".join(pdf.text(pack["cup-lhp-school-results-pdf.pdf"]).split())
    assert "Results of Lion Hill Primary" in text
    assert "何浩然" in text
    assert "麥思穎" in text
    assert "陳俊傑" not in text
    assert "李詠琳" not in text
    assert "+35.50" in text
    assert "+15.50" in text
    assert "School ranking Place" in text
    assert "Schools rank by their best 3 children who played" in text


def test_the_workbook_holds_only_this_schools_rows(pack):
    workbook = load_workbook(io.BytesIO(pack["cup-lhp-school-results-xlsx.xlsx"]))
    assert workbook.sheetnames == ["Standings", "Schools", "Games", "Players", "Incidents"]
    codes = {row[5] for row in workbook["Standings"].iter_rows(min_row=2, values_only=True)}
    assert codes == {"LHP"}
    schools = [row[2] for row in workbook["Schools"].iter_rows(min_row=2, values_only=True)]
    assert schools == ["LHP"]  # its own row of the school ranking, the rule in the sheet's footer
    assert workbook["Games"].max_row - 1 == 12
    assert workbook["Players"].max_row - 1 == 6
    assert workbook["Incidents"].max_row == 1


def test_a_chinese_pack_names_the_school_in_chinese(pdf, export_request, second_school):
    data = get_exporter("school-pack")(export_request(school=second_school, language="zh-hant")).render()[2]
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        text = " ".join(pdf.text(archive.read("cup-lhp-school-results-pdf.pdf")).split())
    assert "獅山小學 成績" in text
    assert "Lion Hill" not in text


def test_a_final_pack_leaves_out_tables_still_in_play_and_says_so(
    pdf, export_request, second_school, empty_table, other_referee
):
    hands = [PlayerInput("A", went_out=True), PlayerInput("B", rack_value=9), PlayerInput("C", rack_value=4)]
    game_result_submit(actor=other_referee, table=empty_table, game_number=1, ending="went-out", hands=hands)

    def pdf_text(provisional: bool) -> str:
        request = export_request(school=second_school, include_unsigned=provisional)
        filename, _mimetype, data = get_exporter("school-pack")(request).render()
        mark = "-provisional" if provisional else ""
        assert filename == f"cup-lhp-school-pack{mark}.zip"
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            workbook = load_workbook(io.BytesIO(archive.read(f"cup-lhp-school-results-xlsx{mark}.xlsx")))
            assert (workbook.sheetnames[0] == "Provisional") == provisional
            return " ".join(pdf.text(archive.read(f"cup-lhp-school-results-pdf{mark}.pdf")).split())

    final, provisional = pdf_text(False), pdf_text(True)
    assert "Final results: signed-off tables only." in final
    assert "Mary Lee" not in final
    assert "Provisional: includes tables not yet signed off." in provisional
    assert "Mary Lee" in provisional
