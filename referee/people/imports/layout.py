"""How a sheet's columns are read: its header row, what each column means, and its rows by field.

The header row is the first of the sheet's first rows with two headers or more that `columns.py` knows (a
title row, often merged over the columns, may sit above it), possibly with a second row of parts beneath
("姓名" merged over "中文 | 英文"). A header that says less than a field is settled here: "English Name" is
a child's on a sheet with children's columns (a class, a 學號, 學生姓名) and a school's otherwise; "School
Name" or 姓名 is Chinese or English by the column's own text. The organiser may then choose any column's
meaning on the preview (`choices`), which wins over all of that. Two columns read as one field keep the
first and set the other aside with a warning: never a silent loss.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from referee.people.imports.columns import (
    EN,
    FIELD_BY_KEY,
    NAME_FIELDS,
    PEOPLE,
    PLAYER_ONLY_FIELDS,
    PLAYERS,
    REFEREES,
    SCHOOLS,
    ZH,
    Hint,
    column_letter,
    field_label,
    has_han,
    kind_of_sheet_name,
    reading_of,
)
from referee.people.imports.reading import Grid, ReadFile, problem_message
from referee.wording.sentences import labelled, listed

HEADER_SEARCH_ROWS = 10  # a title row or two (often merged across the columns) may sit above the headers
LANGUAGE_SAMPLE_ROWS = 200

# How a column came by its meaning, for the preview.
RECOGNISED, BY_TEXT, BY_SHEET, CHOSEN, DUPLICATE, UNKNOWN = (
    "recognised",
    "by-text",
    "by-sheet",
    "chosen",
    "duplicate",
    "unknown",
)

Choices = Mapping[str, Mapping[str, str]]  # sheet index -> column position -> field key ("" not imported)


@dataclass(frozen=True)
class Refusal:
    sheet: str
    row: int | None
    column: str | None  # the header as written
    message: str
    letter: str = ""  # the column as Excel names it

    @property
    def where(self) -> str:
        """C (中文姓名): the column as Excel names it, then its header."""
        if self.letter and self.column:
            return f"{self.letter} ({self.column})"
        return self.letter or self.column or ""


@dataclass
class ColumnReading:
    position: int
    header: str
    field: str | None
    how: str
    example: str = ""
    same_as: str = ""  # DUPLICATE: the letter of the column that keeps the field
    language: str = ""  # BY_TEXT: the language its text is in

    @property
    def letter(self) -> str:
        return column_letter(self.position)

    @property
    def label(self) -> str:
        return field_label(self.field) if self.field else ""


@dataclass
class Sheet:
    index: int
    name: str
    kind: str  # PEOPLE or REFEREES
    header_row: int | None  # the Excel row number of the header (its lower row when it takes two)
    columns: list[ColumnReading]
    rows: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    named: str | None = None  # SCHOOLS, PLAYERS or REFEREES when the sheet's name says so

    @property
    def label(self) -> str:
        return self.name

    @property
    def fields(self) -> dict[str, ColumnReading]:
        return {column.field: column for column in self.columns if column.field}

    def header(self, key: str) -> str:
        column = self.fields.get(key)
        return column.header if column else ""

    def letter(self, key: str) -> str:
        column = self.fields.get(key)
        return column.letter if column else ""

    @property
    def has_players(self) -> bool:
        return any(key in self.fields for key in PLAYER_ONLY_FIELDS)

    @property
    def has_school_names(self) -> bool:
        return "school_zh" in self.fields or "school_en" in self.fields

    @property
    def recognised(self) -> bool:
        return bool(self.fields)

    def reading_text(self) -> str:
        """How the header was read, in one line: "A 學校編號: School code; H 性別: not imported"."""
        return listed(
            (
                labelled(f"{column.letter} {column.header or '—'}", column.label or _("not imported"))
                for column in self.columns
            ),
            long=True,
        )


def read_sheets(read: ReadFile, choices: Choices | None = None) -> list[Sheet]:
    choices = choices or {}
    return [_sheet(index, grid, choices.get(str(index), {})) for index, grid in enumerate(read.grids)]


def _sheet(index: int, grid: Grid, chosen: Mapping[str, str]) -> Sheet:
    named = kind_of_sheet_name(grid.name) if grid.name else None
    found = _header_rows(grid)
    if found is None:
        return Sheet(index, grid.name, PEOPLE, None, [], named=named)
    first, headers, header_row = found
    data = [(row, cells) for row, cells in grid.rows if row > header_row]
    columns = _columns(headers, data, chosen, named)
    kind = REFEREES if any(c.field in _referee_keys() for c in columns) or named == REFEREES else PEOPLE
    allowed = _referee_keys() if kind == REFEREES else _people_keys()
    for column in columns:
        if column.field and column.field not in allowed:
            column.field, column.how = None, UNKNOWN
    sheet = Sheet(index, grid.name, kind, header_row, columns, named=named)
    _fill_rows(sheet, grid, data)
    return sheet


def _referee_keys() -> set[str]:
    return {key for key, f in FIELD_BY_KEY.items() if f.sheet == REFEREES}


def _people_keys() -> set[str]:
    return {key for key, f in FIELD_BY_KEY.items() if f.sheet == PEOPLE}


def _header_rows(grid: Grid) -> tuple[int, list[str], int] | None:
    """(index in grid.rows, the headers, the Excel row of the last header row), else the first row of two
    cells or more as a header of unknown columns, for the organiser to choose; None for an empty sheet."""
    candidates = grid.rows[:HEADER_SEARCH_ROWS]
    for index, (row, headers) in enumerate(candidates):
        if sum(1 for header in headers if reading_of(header) is not None) < 2:
            continue
        if index + 1 < len(grid.rows):
            below_row, below = grid.rows[index + 1]
            joined = _two_row_headers(headers, below) if below_row == row + 1 else None
            if joined is not None:
                return index, joined, below_row
        return index, list(headers), row
    for index, (row, headers) in enumerate(candidates):
        if sum(1 for header in headers if header) >= 2:
            return index, list(headers), row
    return None


def _two_row_headers(headers: list[str], below: list[str]) -> list[str] | None:
    """Each text of the row below joined to the header above it (a merged header leaves the columns to its
    right empty): "中文" under "姓名" is 中文姓名. None when the row below is not such a row (it is data)."""
    if not any(below):
        return None
    joined = list(headers) + [""] * max(0, len(below) - len(headers))
    parent = ""
    for position in range(len(joined)):
        above = headers[position] if position < len(headers) else ""
        parent = above or parent
        text = below[position] if position < len(below) else ""
        if not text:
            continue
        if not parent:
            return None
        for candidate in (f"{parent} {text}", f"{text}{parent}"):
            if isinstance(reading_of(candidate), str):
                joined[position] = f"{parent} / {text}"
                break
        else:
            return None
    return joined


def reading_of_joined(header: str) -> str | Hint | None:
    """A header as `_two_row_headers` joined it ("姓名 / 中文"), or as written."""
    if " / " in header:
        parent, text = header.split(" / ", 1)
        return reading_of(f"{parent} {text}") or reading_of(f"{text}{parent}")
    return reading_of(header)


def _columns(
    headers: list[str], data: list[tuple[int, list[str]]], chosen: Mapping[str, str], named: str | None
) -> list[ColumnReading]:
    width = max([len(headers), *(len(cells) for _, cells in data[:LANGUAGE_SAMPLE_ROWS])], default=0)
    columns: list[ColumnReading] = []
    hints: dict[int, Hint] = {}
    for position in range(width):
        header = headers[position] if position < len(headers) else ""
        example = next(
            (cells[position] for _, cells in data if position < len(cells) and cells[position]), ""
        )
        column = ColumnReading(position, header, None, UNKNOWN, example=example)
        choice = chosen.get(str(position))
        read = reading_of_joined(header)
        if choice is not None:
            column.field, column.how = (choice or None), CHOSEN
        elif isinstance(read, str):
            column.field, column.how = read, RECOGNISED
        elif isinstance(read, Hint):
            hints[position] = read
        columns.append(column)
    referees = named == REFEREES or any(c.field in _referee_keys() for c in columns)
    players = (
        named == PLAYERS
        or any(c.field in PLAYER_ONLY_FIELDS for c in columns if c.field)
        or any(hint.whose == "player" for hint in hints.values())
    )
    for position, hint in hints.items():
        column = columns[position]
        if referees:  # 姓名 or Name on a referees sheet is the referee's name
            column.field, column.how = "display_name", BY_SHEET
            continue
        whose = hint.whose or ("player" if players and named != SCHOOLS else "school")
        language = hint.language or _language_of(data, position) or hint.default_language
        column.field = NAME_FIELDS[(whose, language)]
        column.how = BY_TEXT if hint.language is None else BY_SHEET
        column.language = language if hint.language is None else ""
    _set_aside_duplicates(columns)
    return columns


def _language_of(data: list[tuple[int, list[str]]], position: int) -> str | None:
    """ZH when most of the column's texts hold Chinese characters, EN when most do not, None when empty."""
    texts = [cells[position] for _, cells in data[:LANGUAGE_SAMPLE_ROWS] if position < len(cells)]
    texts = [text for text in texts if text]
    if not texts:
        return None
    chinese = sum(1 for text in texts if has_han(text))
    return ZH if chinese * 2 > len(texts) else EN


def _set_aside_duplicates(columns: list[ColumnReading]) -> None:
    """One column per field: the organiser's choice first, then a header that names the field, then one read
    by the sheet or its text; among equals the leftmost."""
    rank = {CHOSEN: 0, RECOGNISED: 1, BY_SHEET: 2, BY_TEXT: 2}
    keeper: dict[str, ColumnReading] = {}
    for column in sorted((c for c in columns if c.field), key=lambda c: (rank[c.how], c.position)):
        assert column.field is not None
        if column.field in keeper:
            column.same_as = keeper[column.field].letter
            column.how = DUPLICATE
            column.field = None
        else:
            keeper[column.field] = column


def _fill_rows(sheet: Sheet, grid: Grid, data: list[tuple[int, list[str]]]) -> None:
    """The rows by field; a cell refused when read is named here, once, if its column is imported."""
    mapped = [(c.position, c) for c in sheet.columns if c.field]
    refused_rows: set[int] = set()
    for (row, position), (code, detail) in sorted(grid.problems.items()):
        column = next((c for p, c in mapped if p == position), None)
        if column is None or sheet.header_row is None or row <= sheet.header_row:
            continue
        refused_rows.add(row)
        sheet.refusals.append(
            Refusal(sheet.label, row, column.header, problem_message(code, detail), column.letter)
        )
    for row, cells in data:
        if row in refused_rows:
            continue
        values = {
            str(column.field): (cells[position] if position < len(cells) else "")
            for position, column in mapped
        }
        if any(values.values()):
            sheet.rows.append((row, values))


def language_name(language: str) -> str:
    return _("Chinese") if language == ZH else _("English") if language == EN else ""
