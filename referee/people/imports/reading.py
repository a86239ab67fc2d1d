"""From a file's bytes to grids of text: an .xlsx workbook or a .csv file, whatever Excel saved it as.

The file is read once, when it is uploaded; what is read (`ReadFile`) is kept for the preview, which never
parses the file again. Nothing here touches the database.

A file is refused as a whole (`ImportFileError`) when it is too large, is not a spreadsheet, or holds more
than a list of people would. Reading streams the rows and stops at the limits below, which the organiser's
guide states; a workbook's unpacked size and its number of cells are checked before openpyxl opens it, since
openpyxl parses every cell of a row (and loads every shared string) whatever it is asked for. A cell that
cannot be taken as it is (a formula, a control character, a direction mark, too long) is kept as a problem
at its row and column, so the preview can name every one.
"""

from __future__ import annotations

import csv
import io
import logging
import re
import unicodedata
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.text import hostile_character, hostile_text_message

logger = logging.getLogger(__name__)

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_UNPACKED_BYTES = 20 * 1024 * 1024  # an .xlsx is a zip: a small file may unpack to gigabytes
MAX_ROWS = 5000  # in all the sheets of a file together
MAX_COLUMNS = 40  # cells further right are not read
MAX_CELLS = 60_000  # in all the sheets together: 5,000 rows of 12 columns
MAX_CELL_CHARACTERS = 300  # the longest field a people file fills is a referee's name, 150 characters
MAX_TEXT_CHARACTERS = 2_000_000  # a CSV within MAX_FILE_BYTES holds no more; 10x a real list of 5000 people

ZIP_MAGIC = b"PK\x03\x04"
OLE_MAGIC = b"\xd0\xcf\x11\xe0"  # the old .xls format
FORMULA_STARTS = ("=", "+", "@")
_CELL_ELEMENT = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?c[\s/>]")
_SHARED_STRING = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?si[\s/>]")
# What `core.text.hostile_character` refuses (control characters, direction marks), found in one pass: only
# a cell that holds one is looked at character by character, for the message.
_SUSPECT = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

# A cell's problem, kept as a code (and the character at fault), worded when shown in the reader's language.
FORMULA, TOO_LONG, HOSTILE = "formula", "too-long", "hostile"


class ImportFileError(ServiceError):
    """The whole file is refused: nothing in it was read."""


@dataclass
class Grid:
    """One sheet as read: its rows with anything in them, by the row number Excel shows, each the text of
    its first MAX_COLUMNS cells (numbers as Excel shows them, spaces at either end removed)."""

    name: str
    rows: list[tuple[int, list[str]]] = field(default_factory=list)
    problems: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)  # (row, column) -> why


@dataclass
class ReadFile:
    grids: list[Grid]

    def stored(self) -> dict[str, Any]:
        """As JSON for `PeopleUpload.reading`."""
        return {
            "grids": [
                {
                    "name": grid.name,
                    "rows": grid.rows,
                    "problems": [[row, column, *why] for (row, column), why in grid.problems.items()],
                }
                for grid in self.grids
            ]
        }

    @classmethod
    def from_stored(cls, stored: dict[str, Any]) -> ReadFile:
        grids = []
        for item in stored.get("grids", []):
            grid = Grid(name=item["name"], rows=[(row, cells) for row, cells in item["rows"]])
            grid.problems = {(row, column): (code, detail) for row, column, code, detail in item["problems"]}
            grids.append(grid)
        return cls(grids=grids)


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
    # The separator Excel used is the one most frequent in the first lines (a title line may hold none).
    opening = "\n".join(text[:20_000].split("\n", 10)[:10])
    delimiter = max(",\t;", key=opening.count)
    rows = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    reader = _GridReader()
    grid = Grid(name="")
    try:
        reader.read(grid, (row[:MAX_COLUMNS] for row in rows))
    except csv.Error:  # a field over the csv module's limit (131,072 characters), as an unclosed quote makes
        raise _not_text() from None
    return ReadFile(grids=[grid])


@dataclass
class _GridReader:
    """Counts what one file has given so far (rows, cells, characters of text) and refuses it past the
    limits; a workbook's shared string is stored once however many cells show it, so only the text read
    tells how much a 4 KB workbook holds."""

    rows: int = 0
    cells: int = 0
    characters: int = 0

    def read(self, grid: Grid, rows: Iterable[Iterable[object]]) -> None:
        for index, values in enumerate(rows):
            self.rows += 1
            if self.rows > MAX_ROWS:
                raise ImportFileError(
                    _("This file has more than %(limit)d rows.") % {"limit": MAX_ROWS},
                    field="file",
                    code="too-many-rows",
                )
            texts = self.row(grid, index + 1, values)
            if texts:
                grid.rows.append((index + 1, texts))

    def row(self, grid: Grid, row_number: int, values: Iterable[object]) -> list[str]:
        cells = list(values)
        while cells and cells[-1] is None:  # openpyxl fills a row out to the columns asked for
            cells.pop()
        texts: list[str] = []
        for column, value in enumerate(cells):
            self.cells += 1
            if self.cells > MAX_CELLS:
                raise _too_many_cells()
            if isinstance(value, str):
                self.characters += len(value)
                if self.characters > MAX_TEXT_CHARACTERS:
                    raise ImportFileError(
                        _(
                            "This file holds more text than a list of people would; remove what is not "
                            "people."
                        ),
                        field="file",
                        code="too-much-text",
                    )
            problem = cell_problem(value)
            if problem is not None:
                grid.problems[(row_number, column)] = problem
                texts.append("")
            else:
                texts.append(_text_of(value).strip())
        while texts and not texts[-1]:
            texts.pop()
        if not texts and any(key[0] == row_number for key in grid.problems):
            texts = [""]  # a row of refused cells still counts as a row
        return texts


def _too_many_cells() -> ImportFileError:
    return ImportFileError(
        _("This file has more than %(limit)s cells; a list of people needs far fewer.")
        % {"limit": f"{MAX_CELLS:,}"},
        field="file",
        code="too-many-cells",
    )


def _read_workbook(content: bytes) -> ReadFile:
    import openpyxl  # only an .xlsx needs it

    try:
        _check_parts(content)
        workbook = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=False)
    except ImportFileError:
        raise
    except Exception:  # a damaged zip, a .docx, anything openpyxl cannot open
        raise _not_a_workbook() from None
    grids: list[Grid] = []
    reader = _GridReader()
    try:
        for worksheet in workbook.worksheets:
            grid = Grid(name=worksheet.title)
            reader.read(grid, worksheet.iter_rows(max_col=MAX_COLUMNS, values_only=True))
            grids.append(grid)
    except ImportFileError:
        raise
    except Exception:  # a sheet is read only now, row by row: damaged XML in it shows here
        logger.info("A people file's sheet could not be read", exc_info=True)
        raise _not_a_workbook() from None
    finally:
        workbook.close()
    return ReadFile(grids=grids)


def _check_parts(content: bytes) -> None:
    """Before openpyxl opens the workbook: its unpacked size, and the cells and shared strings its parts
    hold (counted in the XML, part by part, a megabyte at a time)."""
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        infos = archive.infolist()
        if sum(info.file_size for info in infos) > MAX_UNPACKED_BYTES:
            raise ImportFileError(
                _("This workbook unpacks to too much data to be a list of people."),
                field="file",
                code="too-large",
            )
        cells = 0
        for info in infos:
            name = info.filename.lower()
            if name.startswith("xl/worksheets/") and name.endswith(".xml"):
                cells += _count(archive, info, _CELL_ELEMENT)
            elif name.endswith("sharedstrings.xml") and _count(archive, info, _SHARED_STRING) > MAX_CELLS:
                raise _too_many_cells()
            if cells > MAX_CELLS:
                raise _too_many_cells()


def _count(archive: zipfile.ZipFile, info: zipfile.ZipInfo, pattern: re.Pattern[bytes]) -> int:
    found = 0
    tail = b""
    with archive.open(info) as stream:
        for chunk in iter(lambda: stream.read(1024 * 1024), b""):
            text = tail + chunk
            matches = list(pattern.finditer(text))
            keep = max(0, len(text) - 64)  # an element cut by the chunk's end is counted with the next one
            found += sum(1 for match in matches if match.start() < keep)
            tail = text[keep:]
        found += len(pattern.findall(tail))
    return found


def _not_a_workbook() -> ImportFileError:
    return ImportFileError(
        _("This file is not an Excel workbook that can be read (.xlsx)."),
        field="file",
        code="not-a-spreadsheet",
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


def cell_problem(value: object) -> tuple[str, str] | None:
    """Why a cell cannot be taken as it is, or None. A formula would run when the file is opened again in
    Excel (our export writes text); control characters and bidi overrides make a name read other than it
    prints; a cell longer than any field is refused before it is scanned for them, character by character."""
    if not isinstance(value, str):
        return None
    if len(value) > MAX_CELL_CHARACTERS:
        return (TOO_LONG, "")
    stripped = value.strip()
    if stripped.startswith(FORMULA_STARTS) or (
        stripped.startswith("-") and len(stripped) > 1 and not stripped[1:].strip().isdigit()
    ):
        return (FORMULA, "")
    if _SUSPECT.search(value) is None:
        return None
    character = hostile_character(value)  # a cell is one line: any control character, line breaks included
    return None if character is None else (HOSTILE, character)


def problem_message(code: str, detail: str) -> str:
    if code == TOO_LONG:
        return too_long_message()
    if code == HOSTILE:
        return hostile_text_message(detail)
    return _("This cell is a formula, or starts like one (= + - @); type its value instead.")


def too_long_message() -> str:
    """Names the limit, so that whoever fixes the file knows how much to cut."""
    return _("This cell is longer than any name or code can be (over %(limit)d characters); shorten it.") % {
        "limit": MAX_CELL_CHARACTERS
    }
