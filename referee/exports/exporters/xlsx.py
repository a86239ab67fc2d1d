"""The shared Excel base: openpyxl in write-only mode, so memory does not grow with the workbook.

Each sheet has a bold, frozen header, an autofilter and set widths; numbers stay numbers. Every text stays
text: `=HYPERLINK(...)` typed as a name is never a live formula, and characters XML cannot hold are dropped
rather than failing the export. A provisional workbook opens on a sheet that says so, carries the mark in its
title and file name and colours its tabs amber, with the final workbook's sheet names.
"""

from __future__ import annotations

import datetime
import re
from abc import abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, BinaryIO

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from referee.exports.exporters.base import Exporter
from referee.wording.times import now_text

SHARE_FORMAT = "0.00"
DATETIME_FORMAT = "yyyy-mm-dd hh:mm"
HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDDDDD")
HEADER_ALIGNMENT = Alignment(vertical="center", wrap_text=True)
PROVISIONAL_TAB = "FFB000"
NOTE_FONT = Font(bold=True, size=14, color="9C5700")
# What XML 1.0 cannot hold: openpyxl's ILLEGAL_CHARACTERS_RE, plus the two non-characters and lone surrogates.
XML_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
# A spreadsheet reads a cell typed with one of these first as a formula.
FORMULA_STARTS = ("=", "+", "-", "@")


def xml_safe(text: str) -> str:
    """`text` without the characters a workbook's XML cannot hold (checked first: most text has none)."""
    return XML_ILLEGAL.sub("", text) if XML_ILLEGAL.search(text) else text


def text_cell(sheet: WriteOnlyWorksheet, text: str) -> WriteOnlyCell | str:
    """A text for a write-only sheet: plain (openpyxl writes a plain string as text) unless it starts like a
    formula, then a cell whose type is set to text after openpyxl has guessed "formula"."""
    text = xml_safe(text)
    if not text.startswith(FORMULA_STARTS):
        return text
    cell = WriteOnlyCell(sheet, value=text)
    cell.data_type = "s"
    return cell


@dataclass(frozen=True)
class Column:
    header: str
    width: float = 12


def sheet_title(title: str) -> str:
    """At most 31 characters, none of those Excel refuses in a sheet's name."""
    return re.sub(r"[\\*?:/\[\]]", " ", xml_safe(title))[:31]


class SheetWriter:
    """One worksheet written row by row; `close()` sets the autofilter once the last row is known."""

    def __init__(
        self, workbook: Workbook, title: str, columns: Sequence[Column], *, provisional: bool = False
    ) -> None:
        self.sheet: WriteOnlyWorksheet = workbook.create_sheet(title=sheet_title(title))
        if provisional:
            self.sheet.sheet_properties.tabColor = PROVISIONAL_TAB
        self.width = len(columns)
        for index, column in enumerate(columns, start=1):
            self.sheet.column_dimensions[get_column_letter(index)].width = column.width
        self.sheet.freeze_panes = "A2"
        self.sheet.append([self._header_cell(column.header) for column in columns])
        self.rows = 1

    def _header_cell(self, text: str) -> WriteOnlyCell:
        cell = WriteOnlyCell(self.sheet, value=xml_safe(str(text)))
        cell.data_type = "s"
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
        cell.alignment = HEADER_ALIGNMENT
        return cell

    def append(self, values: Sequence[Any]) -> None:
        self.sheet.append([self.cell_value(value) for value in values])
        self.rows += 1

    def cell_value(self, value: Any) -> Any:
        """Exact scores as numbers: whole ones as integers, shares as decimals shown to 2 places; texts as
        text (`text_cell`).

        An empty text is left out like None: an empty cell costs nothing to write.
        """
        if value == "":
            return None
        if isinstance(value, str):
            return text_cell(self.sheet, value)
        if isinstance(value, Fraction):
            if value.denominator == 1:
                return int(value)
            cell = WriteOnlyCell(self.sheet, value=float(value))
            cell.number_format = SHARE_FORMAT
            return cell
        if isinstance(value, datetime.datetime):
            local = timezone.localtime(value) if timezone.is_aware(value) else value
            cell = WriteOnlyCell(self.sheet, value=local.replace(tzinfo=None))
            cell.number_format = DATETIME_FORMAT
            return cell
        return value

    def close(self) -> None:
        self.sheet.auto_filter.ref = f"A1:{get_column_letter(self.width)}{self.rows}"


class XlsxExporter(Exporter):
    """Subclasses fill sheets through `sheet()` inside `fill()`; the base saves the workbook."""

    extension = "xlsx"
    mimetype = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

    @property
    def provisional(self) -> bool:
        return self.request.include_unsigned

    def write_content(self, stream: BinaryIO) -> None:
        workbook = Workbook(write_only=True)
        title = f"{self.tournament.name} · {self.verbose_name}"
        if self.provisional:
            title = _("%(title)s (provisional)") % {"title": title}
            self._provisional_note(workbook)
        workbook.properties.title = xml_safe(title)
        workbook.properties.subject = xml_safe(self.audience_label())
        workbook.properties.description = xml_safe(self.audience_note())
        workbook.properties.creator = "TableRef"
        self._writers: list[SheetWriter] = []
        self.fill(workbook)
        for writer in self._writers:
            writer.close()
        workbook.save(stream)

    def sheet(
        self, workbook: Workbook, title: str, columns: Sequence[Column], rows: Iterable[Sequence[Any]]
    ) -> int:
        """Write one sheet; returns the number of data rows."""
        writer = SheetWriter(workbook, title, columns, provisional=self.provisional)
        # Printed at the head of every page of every sheet: who the file is for.
        writer.sheet.oddHeader.center.text = self.audience_label()
        self._writers.append(writer)
        for row in rows:
            writer.append(row)
        return writer.rows - 1

    def _provisional_note(self, workbook: Workbook) -> None:
        """The first sheet, so the workbook opens on it: what is counted, and when the file was made."""
        sheet = workbook.create_sheet(title=pgettext("sheet of a provisional workbook", "Provisional")[:31])
        sheet.sheet_properties.tabColor = PROVISIONAL_TAB
        sheet.column_dimensions["A"].width = 80
        note = WriteOnlyCell(sheet, value=_("Provisional: includes tables not yet signed off."))
        note.font = NOTE_FONT
        sheet.append([note])
        sheet.append([_("The ranking may still change until every table is signed off.")])
        sheet.append([_("Generated %(time)s") % {"time": now_text()}])

    @abstractmethod
    def fill(self, workbook: Workbook) -> None:
        """Add the sheets, in the order people should see them."""
