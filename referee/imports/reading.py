"""From a file's bytes to rows of text: an .xlsx workbook or a .csv file, whatever Excel saved it as.

A file is refused as a whole (`ImportFileError`) when it is too large, holds too much text, is not a
spreadsheet, or is unreadable; a cell that is too long or holds a formula, a control character or a bidi
override is refused where it is (`Refusal`), so the preview can say which row and column to fix. Nothing here
touches the database.

Reading is kept cheap whatever the file: a workbook's shared string is stored once however many cells show it,
so a 4 KB .xlsx can hold one string of a million characters shown in 500 cells. The text read is counted
(`MAX_TEXT_CHARACTERS`), and a cell longer than any field is refused before it is scanned character by
character (`MAX_CELL_CHARACTERS`).
"""

from __future__ import annotations

import csv
import io
import logging
import unicodedata
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime

from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.text import hostile_character, hostile_text_message
from referee.imports.columns import KIND_LABELS, Column, column_for, guess_kind, kind_of_sheet_name

logger = logging.getLogger(__name__)

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_UNPACKED_BYTES = 40 * 1024 * 1024  # an .xlsx is a zip: a small file may unpack to gigabytes
MAX_ROWS = 5000
MAX_COLUMNS = 40
MAX_CELL_CHARACTERS = 300  # the longest field a people file fills is a referee's name, 150 characters
MAX_TEXT_CHARACTERS = 2_000_000  # a CSV within MAX_FILE_BYTES holds no more; 10x a real list of 5000 people
HEADER_SEARCH_ROWS = 6  # a title row or two (often merged across the columns) may sit above the headers

ZIP_MAGIC = b"PK\x03\x04"
OLE_MAGIC = b"\xd0\xcf\x11\xe0"  # the old .xls format
FORMULA_STARTS = ("=", "+", "@")


class ImportFileError(ServiceError):
    """The whole file is refused: nothing in it was read."""


@dataclass(frozen=True)
class Refusal:
    sheet: str
    row: int | None
    column: str | None
    message: str


@dataclass
class Sheet:
    kind: str
    name: str
    columns: dict[int, Column]
    headers: dict[str, str]  # field -> the header as written, for messages
    rows: list[tuple[int, dict[str, str]]] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.name}" if self.name else str(KIND_LABELS[self.kind])


@dataclass
class ReadFile:
    sheets: list[Sheet]
    refusals: list[Refusal]


def check_size(size: int) -> None:
    """Called with the upload's declared size, before anything is read into memory."""
    if size > MAX_FILE_BYTES:
        raise ImportFileError(too_large_message(), field="file", code="too-large")
    if size == 0:
        raise ImportFileError(_("This file is empty."), field="file", code="empty")


def too_large_message() -> str:
    return _("This file is larger than %(limit)s MB; split it or remove what is not people.") % {
        "limit": MAX_FILE_BYTES // (1024 * 1024)
    }


def read_people_file(content: bytes) -> ReadFile:
    check_size(len(content))
    if content.startswith(ZIP_MAGIC):
        return _read_workbook(content)
    if content.startswith(OLE_MAGIC):
        raise ImportFileError(
            _("This is an old Excel file (.xls). In Excel, save it as .xlsx or .csv and upload that."),
            field="file",
            code="old-excel",
        )
    return _read_csv(decode_text(content))


def decode_text(content: bytes) -> str:
    """A byte-order mark first (UTF-8 from Excel's "CSV UTF-8", UTF-16 from its "Unicode text"), then UTF-8,
    then Big5 as Windows in Traditional Chinese writes it (cp950), then with the Hong Kong characters."""
    for mark, encoding in (
        (b"\xef\xbb\xbf", "utf-8-sig"),
        (b"\xff\xfe", "utf-16"),
        (b"\xfe\xff", "utf-16"),
    ):
        if content.startswith(mark):
            try:
                return _text_only(content.decode(encoding))
            except UnicodeDecodeError:
                break
    else:
        # Text in UTF-8 or Big5 never holds a NUL byte; UTF-16 saved without its mark does (in every ASCII
        # character: a comma, a tab, a line break).
        encodings = ("utf-16-le", "utf-16-be") if b"\x00" in content else ("utf-8", "cp950", "big5hkscs")
        for encoding in encodings:
            try:
                return _text_only(content.decode(encoding))
            except UnicodeDecodeError:
                continue
    raise _not_text()


def _not_text() -> ImportFileError:
    return ImportFileError(
        _("This file is neither an .xlsx workbook nor a CSV file that can be read as text."),
        field="file",
        code="not-a-spreadsheet",
    )


def _text_only(text: str) -> str:
    """A binary file (an image, a PDF) may decode by chance; control characters other than tabs and line
    breaks give it away (a cell's own control character is refused later, with its row and column)."""
    controls = sum(1 for ch in text if unicodedata.category(ch) == "Cc" and ch not in "\t\r\n")
    if "\x00" in text or controls > max(2, len(text) // 100):
        raise UnicodeDecodeError("text", b"", 0, 1, "not text")
    return text


def _read_csv(text: str) -> ReadFile:
    first_line = text.split("\n", 1)[0]
    delimiter = max(",\t;", key=first_line.count) if first_line else ","
    rows = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    grid: list[list[object]] = []
    budget = TextBudget()
    try:
        for index, row in enumerate(rows):
            if index >= MAX_ROWS:
                raise _too_many_rows()
            grid.append(budget.spend(list(row)))
    except csv.Error:  # a field over the csv module's limit (131,072 characters), as an unclosed quote makes
        raise _not_text() from None
    return _from_grids([("", grid)])


@dataclass
class TextBudget:
    """The characters of text read so far from one file, refused past MAX_TEXT_CHARACTERS: what the file's
    size, packed or unpacked, cannot tell of a workbook whose cells share one long string."""

    characters: int = 0

    def spend(self, row: list[object]) -> list[object]:
        self.characters += sum(len(value) for value in row if isinstance(value, str))
        if self.characters > MAX_TEXT_CHARACTERS:
            raise ImportFileError(
                _("This file holds more text than a list of people would; remove what is not people."),
                field="file",
                code="too-much-text",
            )
        return row


def _read_workbook(content: bytes) -> ReadFile:
    import openpyxl  # only an .xlsx needs it

    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            if sum(info.file_size for info in archive.infolist()) > MAX_UNPACKED_BYTES:
                raise ImportFileError(
                    _("This workbook unpacks to too much data to be a list of people."),
                    field="file",
                    code="too-large",
                )
        workbook = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=False)
    except ImportFileError:
        raise
    except Exception:  # a damaged zip, a .docx, anything openpyxl cannot open
        raise _not_a_workbook() from None
    grids: list[tuple[str, list[list[object]]]] = []
    budget = TextBudget()
    try:
        for worksheet in workbook.worksheets:
            grid: list[list[object]] = []
            for index, row in enumerate(worksheet.iter_rows(max_col=MAX_COLUMNS)):
                if index >= MAX_ROWS:
                    raise _too_many_rows()
                grid.append(budget.spend([_cell_value(cell) for cell in row]))
            grids.append((worksheet.title, grid))
    except ImportFileError:
        raise
    except Exception:  # a sheet is read only now, row by row: damaged XML in it shows here
        logger.info("A people file's sheet could not be read", exc_info=True)
        raise _not_a_workbook() from None
    finally:
        workbook.close()
    return _from_grids(grids)


def _not_a_workbook() -> ImportFileError:
    return ImportFileError(
        _("This file is not an Excel workbook that can be read (.xlsx)."),
        field="file",
        code="not-a-spreadsheet",
    )


class Formula(str):
    """A cell Excel would calculate: refused, whatever it says."""


def _cell_value(cell: object) -> object:
    value = getattr(cell, "value", None)
    if getattr(cell, "data_type", None) == "f":
        return Formula(str(value))
    return value


def _too_many_rows() -> ImportFileError:
    return ImportFileError(
        _("This file has more than %(limit)d rows.") % {"limit": MAX_ROWS}, field="file", code="too-many-rows"
    )


def _text_of(value: object) -> str:
    """Numbers stored as numbers come back as Excel shows them: 12, not 12.0."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value)


def _from_grids(grids: list[tuple[str, list[list[object]]]]) -> ReadFile:
    sheets: list[Sheet] = []
    refusals: list[Refusal] = []
    for name, grid in grids:
        found = _find_headers(name, grid)
        if found is None:
            if any(_text_of(v).strip() for row in grid for v in row) and len(grids) == 1:
                refusals.append(Refusal(name, None, None, _unknown_headers_message()))
            continue
        sheet, first_data_index = found
        for index in range(first_data_index, len(grid)):
            values = grid[index]
            row_number = index + 1
            cells: dict[str, str] = {}
            for position, column in sheet.columns.items():
                raw = values[position] if position < len(values) else None
                problem = hostile_problem(raw)
                if problem:
                    refusals.append(Refusal(sheet.label, row_number, sheet.headers[column.field], problem))
                    cells[column.field] = ""
                    continue
                cells[column.field] = _text_of(raw).strip()
            if any(cells.values()):  # trailing empty rows, and rows only of unknown columns, are skipped
                sheet.rows.append((row_number, cells))
        sheets.append(sheet)
    if not sheets and not refusals:
        refusals.append(Refusal("", None, None, _unknown_headers_message()))
    return ReadFile(sheets=sheets, refusals=refusals)


def _unknown_headers_message() -> str:
    return _(
        "No row of headers was recognised. Start from the template: its first row names the columns "
        "(in Chinese or English)."
    )


def _find_headers(name: str, grid: list[list[object]]) -> tuple[Sheet, int] | None:
    """The sheet's columns and the index of its first row of data. The headers may sit below a title row,
    and may take two rows: a header merged over two columns ("姓名", "Name") above "中文 | 英文"."""
    named_kind = kind_of_sheet_name(name) if name else None
    for index, row in enumerate(grid[:HEADER_SEARCH_ROWS]):
        headers = [_text_of(value).strip() for value in row]
        kind = named_kind or guess_kind(headers)
        if kind is None:
            continue
        below = [_text_of(value).strip() for value in grid[index + 1]] if index + 1 < len(grid) else []
        two_rows = _two_row_headers(kind, headers, below)
        columns: dict[int, Column] = {}
        written: dict[str, str] = {}
        for position, (header, column) in (two_rows or _one_row_headers(kind, headers)).items():
            if column.field not in written:
                columns[position] = column
                written[column.field] = header
        if len(columns) >= 2:
            sheet = Sheet(kind=kind, name=name, columns=columns, headers=written)
            return sheet, index + (2 if two_rows else 1)
    return None


def _one_row_headers(kind: str, headers: list[str]) -> dict[int, tuple[str, Column]]:
    found = {}
    for position, header in enumerate(headers):
        column = column_for(kind, header)
        if column is not None:
            found[position] = (header, column)
    return found


def _two_row_headers(kind: str, headers: list[str], below: list[str]) -> dict[int, tuple[str, Column]] | None:
    """Each text of the row below joined to the header above it (a merged header leaves the columns to its
    right empty): "中文" under "姓名" is 中文姓名. None when the row below is not such a row (it is data)."""
    if not any(below):
        return None
    found = _one_row_headers(kind, headers)
    parent = ""
    for position in range(max(len(headers), len(below))):
        above = headers[position] if position < len(headers) else ""
        parent = above or parent
        text = below[position] if position < len(below) else ""
        if not text:
            continue
        column = column_for(kind, f"{parent} {text}") or column_for(kind, f"{text}{parent}")
        if column is None or not parent:
            return None
        found[position] = (f"{parent} / {text}", column)
    return found


def hostile_problem(value: object) -> str | None:
    """Why a cell cannot be taken as it is, or None. A formula would run when the file is opened again in
    Excel (our export writes text); control characters and bidi overrides make a name read other than it
    prints; a cell longer than any field is refused before it is scanned for them, character by character."""
    if isinstance(value, Formula):
        return _("This cell is a formula; type its value instead.")
    if not isinstance(value, str):
        return None
    if len(value) > MAX_CELL_CHARACTERS:
        return too_long_message()
    stripped = value.strip()
    if stripped.startswith(FORMULA_STARTS) or (
        stripped.startswith("-") and len(stripped) > 1 and not stripped[1:].strip().isdigit()
    ):
        return _("This cell starts like a formula (= + - @); remove that sign.")
    character = hostile_character(value)  # a cell is one line: any control character, line breaks included
    return None if character is None else hostile_text_message(character)


def too_long_message() -> str:
    """Names the limit, so that whoever fixes the file knows how much to cut."""
    return _("This cell is longer than any name or code can be (over %(limit)d characters); shorten it.") % {
        "limit": MAX_CELL_CHARACTERS
    }
