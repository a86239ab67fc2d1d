"""A people file built to be slow or to break the reader: refused at once, clearly, without holding the hall's
database (a referee's save waits for any transaction that writes, on SQLite for the whole database)."""

from __future__ import annotations

import io
import time
import zipfile

import openpyxl
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.utils import translation
from django.utils.translation import gettext as _

from referee.models import PeopleUpload, School
from referee.people.imports import applying, reading
from referee.people.imports.applying import people_import, people_import_preview
from referee.people.imports.reading import (
    MAX_FILE_BYTES,
    MAX_UNPACKED_BYTES,
    ImportFileError,
    read_people_file,
)

pytestmark = pytest.mark.django_db

PLAYER_HEADERS = ["學校代號", "選手編號", "中文姓名", "英文姓名", "班別"]
SCHOOLS_CSV = "學校代號,學校中文名稱,學校英文名稱\r\nHSP,海濱小學,Harbourside Primary\r\n"
QUICKLY = 5.0  # seconds; the amplified workbook below took 29 s before the limits, a long CSV field 0.1 s
NOT_TEXT = "This file is neither an .xlsx workbook nor a CSV file that can be read as text."


MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships"
CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml"


def amplified_workbook(rows: int = 100, length: int = 1_000_000) -> bytes:
    """A "Players" sheet whose every cell below the headers points at one shared string of `length`
    characters: a few KB on disk, about `length` bytes unpacked, `rows` x 5 x `length` characters once read.
    Written by hand: openpyxl writes each cell's text in the cell, cut to Excel's 32,767 characters."""
    strings = [*PLAYER_HEADERS, "x" * length]
    columns = "ABCDE"
    cells = [[f'<c r="{column}1" t="s"><v>{index}</v></c>' for index, column in enumerate(columns)]]
    for row in range(2, rows + 2):
        cells.append([f'<c r="{column}{row}" t="s"><v>{len(strings) - 1}</v></c>' for column in columns])
    sheet_rows = "".join(f'<row r="{n}">{"".join(row)}</row>' for n, row in enumerate(cells, start=1))
    sheet = f'<worksheet xmlns="{MAIN}"><sheetData>{sheet_rows}</sheetData></worksheet>'
    shared = "".join(f"<si><t>{text}</t></si>" for text in strings)
    parts = {
        "[Content_Types].xml": (
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" '
            'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            f'<Override PartName="/xl/workbook.xml" ContentType="{CONTENT_TYPE}.sheet.main+xml"/>'
            f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{CONTENT_TYPE}.worksheet+xml"/>'
            f'<Override PartName="/xl/sharedStrings.xml" ContentType="{CONTENT_TYPE}.sharedStrings+xml"/>'
            "</Types>"
        ),
        "_rels/.rels": (
            f'<Relationships xmlns="{PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" '
            f'Type="{RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            f'<workbook xmlns="{MAIN}" xmlns:r="{RELATIONSHIPS}">'
            '<sheets><sheet name="Players" sheetId="1" r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            f'<Relationships xmlns="{PACKAGE_RELATIONSHIPS}">'
            f'<Relationship Id="rId1" Type="{RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>'
            "</Relationships>"
        ),
        "xl/worksheets/sheet1.xml": sheet,
        "xl/sharedStrings.xml": f'<sst xmlns="{MAIN}" count="{len(strings)}">{shared}</sst>',
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text.encode())
    return buffer.getvalue()


def unpacked_size(content: bytes) -> int:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return sum(info.file_size for info in archive.infolist())


def upload(client, content: bytes, name: str):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return client.post("/organise/cup/import/", {"file": SimpleUploadedFile(name, content)})


# --- one shared string read thousands of times ------------------------------------------------------------


def test_the_amplified_workbook_is_small_and_under_the_unpacked_limit():
    content = amplified_workbook()
    assert len(content) < 16 * 1024
    assert unpacked_size(content) < MAX_UNPACKED_BYTES


def test_a_workbook_of_one_long_string_shared_by_every_cell_is_refused_quickly():
    content = amplified_workbook()
    started = time.perf_counter()
    with pytest.raises(ImportFileError) as refused:
        read_people_file(content)
    assert time.perf_counter() - started < QUICKLY
    assert refused.value.code == "too-much-text"
    assert refused.value.field == "file"


def test_the_amplified_workbook_is_refused_at_the_upload_without_an_error(organiser_client, tournament):
    started = time.perf_counter()
    response = upload(organiser_client, amplified_workbook(), "people.xlsx")
    assert time.perf_counter() - started < QUICKLY
    assert response.status_code == 200
    assert response.context["form"].errors["file"]
    assert not PeopleUpload.objects.exists()
    assert not School.objects.exists()


def test_a_cell_longer_than_any_field_is_refused_where_it_is_before_it_is_scanned(
    organiser, tournament, monkeypatch
):
    scanned: list[int] = []
    real = reading.hostile_character

    def hostile_character(text: str, **options: object) -> str | None:
        scanned.append(len(text))
        return real(text, **options)

    monkeypatch.setattr(reading, "hostile_character", hostile_character)
    long_name = "陳" * (reading.MAX_CELL_CHARACTERS + 1) + "\u202e"  # a bidi override, past the limit
    content = workbook_bytes([PLAYER_HEADERS, ["HSP", 1, long_name, "Chan", "5A"]])
    plan = people_import_preview(actor=organiser, tournament=tournament, content=content)
    (refusal,) = plan.refusals
    assert (refusal.row, refusal.column) == (2, "中文姓名")
    assert refusal.message == reading.too_long_message()
    assert str(reading.MAX_CELL_CHARACTERS) in refusal.message
    assert max(scanned, default=0) <= reading.MAX_CELL_CHARACTERS


def test_a_cell_as_long_as_the_limit_is_read_and_left_to_the_field_s_own_limit(organiser, tournament):
    content = workbook_bytes([PLAYER_HEADERS, ["HSP", 1, "陳" * reading.MAX_CELL_CHARACTERS, "Chan", "5A"]])
    plan = people_import_preview(actor=organiser, tournament=tournament, content=content)
    (refusal,) = plan.refusals
    assert refusal.column == "中文姓名"
    assert refusal.message != reading.too_long_message()  # the name's own limit, 80, says it


def test_the_cell_limit_is_longer_than_every_field_a_people_file_fills():
    from referee.people.imports.planning import LIMITS, PLAYER_LIMITS

    assert max([*LIMITS.values(), *PLAYER_LIMITS.values()]) < reading.MAX_CELL_CHARACTERS


def test_text_across_many_cells_each_under_the_cell_limit_is_refused_as_a_whole():
    rows = reading.MAX_TEXT_CHARACTERS // (reading.MAX_CELL_CHARACTERS * len(PLAYER_HEADERS)) + 1
    content = amplified_workbook(rows=rows, length=reading.MAX_CELL_CHARACTERS)
    with pytest.raises(ImportFileError) as refused:
        read_people_file(content)
    assert refused.value.code == "too-much-text"


def test_the_new_refusals_are_in_chinese_and_in_english():
    with pytest.raises(ImportFileError) as refused, translation.override("zh-hant"):
        read_people_file(amplified_workbook())
    with translation.override("zh-hant"):
        assert "儲存格" in reading.too_long_message()
    assert "名單" in str(refused.value.message)
    with translation.override("en"):
        assert reading.too_long_message().startswith("This cell is longer")


def workbook_bytes(rows: list[list[object]]) -> bytes:
    workbook = openpyxl.Workbook()
    workbook.active.title = "Players"
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


# --- the file is read before the transaction that writes opens ---------------------------------------------


@pytest.fixture
def open_while_reading(monkeypatch) -> list[bool]:
    """Whether a transaction was open each time the import read a file."""
    seen: list[bool] = []
    real = applying.read_people_file

    def read_people_file(content: bytes) -> reading.ReadFile:
        seen.append(connection.in_atomic_block)
        return real(content)

    monkeypatch.setattr(applying, "read_people_file", read_people_file)
    return seen


@pytest.mark.django_db(transaction=True)
def test_the_import_reads_the_file_before_its_transaction_opens(organiser, tournament, open_while_reading):
    people_import(actor=organiser, tournament=tournament, content=SCHOOLS_CSV.encode(), filename="s.csv")
    assert open_while_reading == [False]
    assert School.objects.get().code == "HSP"


@pytest.mark.django_db(transaction=True)
def test_the_page_s_import_reads_the_kept_file_before_its_transaction_opens(
    organiser_client, tournament, open_while_reading
):
    response = upload(organiser_client, SCHOOLS_CSV.encode(), "schools.csv")
    done = organiser_client.post(response["Location"])
    assert done.status_code == 302
    assert open_while_reading
    assert not any(open_while_reading)
    assert School.objects.get().code == "HSP"
    assert not PeopleUpload.objects.exists()


# --- a CSV field longer than Python's csv module reads ----------------------------------------------------


def long_field_csv() -> bytes:
    return ("學校代號,學校中文名稱\r\nHSP," + "海" * 140_000 + "\r\n").encode()


def unterminated_quote_csv() -> bytes:
    rows = "".join(f"S{n},學校{n}\r\n" for n in range(12_000))
    return ('學校代號,學校中文名稱\r\nHSP,"海濱小學\r\n' + rows).encode()


UNREADABLE_CSV = pytest.mark.parametrize(
    "content", [long_field_csv(), unterminated_quote_csv()], ids=["long-field", "unterminated-quote"]
)


@UNREADABLE_CSV
def test_a_csv_the_csv_reader_cannot_read_is_refused_as_unreadable(content):
    assert len(content) <= MAX_FILE_BYTES
    with pytest.raises(ImportFileError) as refused:
        read_people_file(content)
    assert refused.value.code == "not-a-spreadsheet"
    assert refused.value.field == "file"
    assert str(refused.value.message) == _(NOT_TEXT)


@UNREADABLE_CSV
def test_a_csv_the_csv_reader_cannot_read_is_refused_at_the_upload(organiser_client, tournament, content):
    response = upload(organiser_client, content, "people.csv")
    assert response.status_code == 200
    assert response.context["form"].errors["file"] == [_(NOT_TEXT)]
    assert not PeopleUpload.objects.exists()
    assert not School.objects.exists()


def test_a_csv_the_csv_reader_cannot_read_is_refused_by_the_command(organiser, tournament, tmp_path):
    path = tmp_path / "people.csv"
    path.write_bytes(long_field_csv())
    for apply in ([], ["--apply"]):
        with pytest.raises(CommandError) as refused:
            call_command("import_people", "cup", str(path), *apply, stdout=io.StringIO())
        assert str(refused.value) == _(NOT_TEXT)
    assert not School.objects.exists()


# --- rows, columns and cells: counted over the whole file, checked before openpyxl opens a workbook ---------


def sheets_workbook(sheets: int, rows: int, columns: int) -> bytes:
    workbook = openpyxl.Workbook(write_only=True)
    for index in range(sheets):
        sheet = workbook.create_sheet(f"Players{index}")
        sheet.append(PLAYER_HEADERS)
        for _row in range(rows - 1):
            sheet.append([1] * columns)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def test_a_small_workbook_of_many_full_sheets_is_refused_before_openpyxl_opens_it(monkeypatch):
    """As the audit's file: twenty full sheets (the row limit was counted per sheet, the cells not at all)."""
    import openpyxl as module

    content = sheets_workbook(sheets=20, rows=1000, columns=8)
    assert len(content) <= MAX_FILE_BYTES
    monkeypatch.setattr(module, "load_workbook", lambda *a, **k: pytest.fail("opened"))
    with pytest.raises(ImportFileError) as refused:
        read_people_file(content)
    assert refused.value.code == "too-many-cells"


def test_the_row_limit_counts_every_sheet_of_a_file():
    rows = reading.MAX_ROWS // 2 + 1
    content = sheets_workbook(sheets=2, rows=rows, columns=2)
    with pytest.raises(ImportFileError) as refused:
        read_people_file(content)
    assert refused.value.code == "too-many-rows"


def test_a_csv_of_one_long_line_is_read_to_the_column_limit():
    content = ("學校代號,選手編號,中文姓名," + "ab," * 600_000).encode()
    assert len(content) <= MAX_FILE_BYTES
    (grid,) = read_people_file(content).grids
    (row,) = grid.rows
    assert len(row[1]) == reading.MAX_COLUMNS


def test_cells_past_the_limit_in_a_csv_are_refused():
    rows = reading.MAX_CELLS // 20 + 1
    content = ("\r\n".join([",".join(["x"] * 20)] * rows) + "\r\n").encode()
    with pytest.raises(ImportFileError) as refused:
        read_people_file(content)
    assert refused.value.code == "too-many-cells"
