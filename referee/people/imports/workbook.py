"""The people workbook: the blank template (an example row per sheet) and the export of who is registered.

Both have one sheet per kind (schools, players, referees) with the headers of `columns.py` in one language;
the import reads either language, so an exported file imports again with no change. Every value is written as
text (a name beginning with = stays a name, never a formula). A school office's own sheet (schools and
children on one sheet) is read as well; these are only our own shapes.
"""

from __future__ import annotations

import io

from django.contrib.auth.models import User
from django.utils import translation
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from referee.exports.exporters.xlsx import xml_safe
from referee.models import Player, School, Table, Tournament
from referee.people.imports.columns import (
    KINDS,
    PLAYERS,
    REFEREES,
    SCHOOLS,
    SHEET_NAMES,
    TEMPLATE_COLUMNS,
    template_header,
)

HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDDDDD")
EXAMPLE_FONT = Font(italic=True, color="808080")
WIDTHS = {"school": 12, "number": 12, "school_number": 10, "username": 16, "table": 10, "class_name": 10}

# The template's example rows; the import skips a row equal to one of them, should it be left in.
EXAMPLES: dict[str, dict[str, str]] = {
    SCHOOLS: {"school": "EXAMPLE", "school_zh": "示例小學", "school_en": "Example Primary School"},
    PLAYERS: {
        "school": "EXAMPLE",
        "number": "1",
        "school_number": "",
        "name_zh": "陳小明",
        "name_en": "Chan Siu Ming",
        "class_name": "5A",
    },
    REFEREES: {"username": "example-referee", "display_name": "李老師", "table": ""},
}


def _text_cell(sheet: WriteOnlyWorksheet, value: str, font: Font | None = None) -> WriteOnlyCell:
    cell = WriteOnlyCell(sheet, value=None)
    if value != "":
        cell.value = xml_safe(value)  # a character stored before the checks existed must not break the file
        cell.data_type = "s"  # never a formula, whatever the text begins with
    if font is not None:
        cell.font = font
    return cell


def _sheets(workbook: Workbook, language: str) -> dict[str, WriteOnlyWorksheet]:
    sheets = {}
    for kind in KINDS:
        english, chinese = SHEET_NAMES[kind]
        sheet = workbook.create_sheet(title=chinese if language.startswith("zh") else english)
        for index, key in enumerate(TEMPLATE_COLUMNS[kind], start=1):
            sheet.column_dimensions[get_column_letter(index)].width = WIDTHS.get(key, 24)
        sheet.freeze_panes = "A2"
        header = [
            _text_cell(sheet, template_header(key, language), HEADER_FONT) for key in TEMPLATE_COLUMNS[kind]
        ]
        for cell in header:
            cell.fill = HEADER_FILL
        sheet.append(header)
        sheets[kind] = sheet
    return sheets


def _append(sheet: WriteOnlyWorksheet, kind: str, values: dict[str, str], font: Font | None = None) -> None:
    sheet.append([_text_cell(sheet, str(values.get(key, "")), font) for key in TEMPLATE_COLUMNS[kind]])


def _save(workbook: Workbook) -> bytes:
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def template_workbook(language: str) -> bytes:
    workbook = Workbook(write_only=True)
    with translation.override(language):
        for kind, sheet in _sheets(workbook, language).items():
            _append(sheet, kind, EXAMPLES[kind], EXAMPLE_FONT)
    return _save(workbook)


def people_workbook(tournament: Tournament, language: str) -> bytes:
    """Everyone registered, in the template's shape: importing it again changes nothing."""
    workbook = Workbook(write_only=True)
    sheets = _sheets(workbook, language)
    for school in School.objects.filter(tournament=tournament).order_by("code"):
        _append(
            sheets[SCHOOLS],
            SCHOOLS,
            {"school": school.code, "school_zh": school.name_zh, "school_en": school.name_en},
        )
    players = (
        Player.objects.filter(tournament=tournament)
        .select_related("school")
        .order_by("school__code", "number")
    )
    for player in players:
        values = {
            "school": player.school.code,
            "number": str(player.number),
            "school_number": player.school_number,
            "name_zh": player.name_zh,
            "name_en": player.name_en,
            "class_name": player.class_name,
        }
        _append(sheets[PLAYERS], PLAYERS, values)
    for user, table in _referees_and_tables(tournament):
        values = {"username": user.username, "display_name": user.first_name, "table": str(table or "")}
        _append(sheets[REFEREES], REFEREES, values)
    return _save(workbook)


def _referees_and_tables(tournament: Tournament) -> list[tuple[User, int | None]]:
    """A referee's table number when every open table of that number is theirs (as the import sets it)."""
    open_tables = list(
        Table.objects.filter(round__tournament=tournament, signed_off_at__isnull=True).values_list(
            "number", "referee_id"
        )
    )
    result = []
    for user in tournament.referees.order_by("username"):
        numbers = {number for number, referee in open_tables if referee == user.pk}
        table = None
        if len(numbers) == 1:
            number = numbers.pop()
            if all(referee == user.pk for n, referee in open_tables if n == number):
                table = number
        result.append((user, table))
    return result


def is_example_row(kind: str, cells: dict[str, str]) -> bool:
    """The template's example row, left in: its columns as the template wrote them (a sheet may lack some)."""
    example = EXAMPLES[kind]
    return bool(cells) and all(cells.get(name, "") == example.get(name, "") for name in cells)
