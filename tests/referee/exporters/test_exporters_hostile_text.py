"""Text stored before the forms refused control characters, or typed to look like a formula, exports as
plain text in every workbook and never makes an export fail."""

from __future__ import annotations

import io
import zipfile

import pytest
from openpyxl import Workbook, load_workbook

from referee.exports.exporters import ExportRequest, all_exporters
from referee.exports.exporters.base import ROUND, SCHOOL, TABLE
from referee.exports.exporters.xlsx import sheet_title, text_cell, xml_safe
from referee.models import Incident, Player, School, Table, Tournament
from tests.referee.exporters.conftest import entry_url

FORMULA_NAME = '=HYPERLINK("http://x")'
BELL_NOTE = "turn over time\x07 again\x1b[31m"
REVERSED = "\u202eecilA"


@pytest.fixture
def hostile_event(event):
    """Bytes that slipped in before the validators: written straight to the database, as an old row is.
    (No NUL: PostgreSQL's text columns cannot hold it, so no stored row can; \x1f is as illegal in XML.)"""
    player = Player.objects.filter(tournament=event).order_by("pk").first()
    Player.objects.filter(pk=player.pk).update(name_zh=FORMULA_NAME, name_en="+1-2@\x1fx", class_name="-5")
    School.objects.filter(pk=player.school_id).update(name_en="@SUM(A1:A9)\x0b", name_zh="學校\x01")
    Incident.objects.filter(game__table__round__tournament=event).update(note=BELL_NOTE)
    Tournament.objects.filter(pk=event.pk).update(name=f"盃賽\x07 [1/2]: {REVERSED}")
    return Tournament.objects.get(pk=event.pk), player


def request_for(exporter, tournament, player) -> ExportRequest:
    scope = {}
    if ROUND in exporter.requires:
        scope["round_"] = tournament.rounds.order_by("order").first()
    if SCHOOL in exporter.requires:
        scope["school"] = player.school
    if TABLE in exporter.requires:
        scope["table"] = Table.objects.filter(round__tournament=tournament).order_by("pk").first()
    return ExportRequest(tournament=tournament, language="en", entry_url=entry_url, **scope)


def workbooks_in(filename: str, data: bytes) -> list[Workbook]:
    if filename.endswith(".xlsx"):
        return [load_workbook(io.BytesIO(data))]
    if filename.endswith(".zip"):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return [
                load_workbook(io.BytesIO(archive.read(n))) for n in archive.namelist() if n.endswith(".xlsx")
            ]
    return []


@pytest.mark.parametrize("identifier", sorted(exporter.identifier for exporter in all_exporters()))
def test_no_export_fails_on_stored_hostile_text(hostile_event, identifier) -> None:
    tournament, player = hostile_event
    exporter = next(exporter for exporter in all_exporters() if exporter.identifier == identifier)
    filename, _mimetype, data = exporter(request_for(exporter, tournament, player)).render()
    assert data
    if filename.endswith(".pdf"):
        assert data.startswith(b"%PDF")
    for workbook in workbooks_in(filename, data):
        cells = [cell for sheet in workbook.worksheets for row in sheet.iter_rows() for cell in row]
        assert all(cell.data_type != "f" for cell in cells)
        texts = [cell.value for cell in cells if isinstance(cell.value, str)]
        assert all("\x07" not in text and "\x1f" not in text for text in texts)


def test_a_formula_like_name_comes_back_as_text(hostile_event) -> None:
    tournament, player = hostile_event
    exporter = next(exporter for exporter in all_exporters() if exporter.identifier == "results-xlsx")
    _filename, _mimetype, data = exporter(ExportRequest(tournament=tournament, language="en")).render()
    workbook = load_workbook(io.BytesIO(data))
    found = [
        cell
        for sheet in workbook.worksheets
        for row in sheet.iter_rows()
        for cell in row
        if cell.value == FORMULA_NAME
    ]
    assert found
    assert all(cell.data_type == "s" for cell in found)
    notes = [
        cell.value
        for row in workbook["Incidents"].iter_rows()
        for cell in row
        if isinstance(cell.value, str) and cell.value.startswith("turn over time")
    ]
    assert notes == ["turn over time again[31m"]


def test_text_cells_on_their_own() -> None:
    sheet = Workbook(write_only=True).create_sheet()
    assert text_cell(sheet, "plain") == "plain"
    assert text_cell(sheet, "a\x07b\tc\n") == "ab\tc\n"
    for text in ["=1+1", "+1", "-1", "@A1"]:
        cell = text_cell(sheet, text)
        assert (cell.value, cell.data_type) == (text, "s")
    assert xml_safe("x\ufffey\ud800") == "xy"
    assert sheet_title("a[1]/b:c*?\x07" + "x" * 40) == ("a 1  b c  " + "x" * 40)[:31]
