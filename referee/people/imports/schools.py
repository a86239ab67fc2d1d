"""The schools of a people file: each once, from the first row with its code; a list of schools checked row
by row, and a roster read as a list of schools told apart (`_Planner` in `planning.py` takes these rows)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from referee.checks import school_code
from referee.people.imports.changes import ADD, UNCHANGED, UPDATE, Change, normalised_name
from referee.people.imports.columns import SCHOOLS
from referee.people.imports.layout import Refusal, Sheet

if TYPE_CHECKING:
    from referee.models import School

CODE_LIMIT = 12
NAME_LIMIT = 120
SCHOOL_NAMES = {"school_zh": "name_zh", "school_en": "name_en"}  # the sheet's field -> the school's


@dataclass
class SchoolSeen:
    row: int
    sheet: Sheet
    values: dict[str, str]


class SchoolRows:
    """The planner's school part; the planner holds `schools` (registered, by code), `file_schools`,
    `changes`, `refusals` and `refuse`."""

    schools: dict[str, School]
    file_schools: dict[str, SchoolSeen]
    changes: list[Change]
    refusals: list[Refusal]

    def refuse(self, sheet: Sheet, row: int | None, field_name: str | None, message: str) -> None:
        raise NotImplementedError

    def plan_schools(self, sheet: Sheet) -> None:
        if not sheet.has_school_names and sheet.has_players:
            return
        if not sheet.has_players and self._looks_like_players(sheet):
            return
        seen_here: dict[str, int] = {}
        for row, cells in sheet.rows:
            code = school_code(cells.get("school", ""))
            if not code:
                if not sheet.has_players:
                    self.refuse(sheet, row, "school", _("Give the school's code."))
                continue
            if len(code) > CODE_LIMIT:
                if not sheet.has_players:
                    self.refuse(
                        sheet, row, "school", _("Keep this to %(limit)d characters or fewer.") % {"limit": 12}
                    )
                continue
            if not sheet.has_players and code in seen_here:
                self.refuse(
                    sheet, row, "school", _("Row %(row)d already has this code.") % {"row": seen_here[code]}
                )
                continue
            seen_here[code] = row
            self._school_row(sheet, row, code, cells)

    def _looks_like_players(self, sheet: Sheet) -> bool:
        """A list of schools whose codes repeat row after row is a roster read as something else: one
        sentence for the sheet, with its header as read, rather than a refusal per row."""
        codes = [school_code(cells.get("school", "")) for _, cells in sheet.rows]
        codes = [code for code in codes if code]
        if len(codes) < 4 or len(set(codes)) * 2 > len(codes):
            return False
        self.refusals.append(
            Refusal(
                sheet.label,
                sheet.header_row,
                None,
                _(
                    "This sheet was read as a list of schools, but its %(rows)d rows hold only %(schools)d "
                    "school codes: it looks like a list of players whose name columns were not recognised. "
                    "The header was read as: %(reading)s. Choose what each column holds below."
                )
                % {"rows": len(codes), "schools": len(set(codes)), "reading": sheet.reading_text()},
            )
        )
        return True

    def _school_row(self, sheet: Sheet, row: int, code: str, cells: dict[str, str]) -> None:
        values: dict[str, str] = {}
        for name, school_field in SCHOOL_NAMES.items():
            if name not in sheet.fields:
                continue
            text = normalised_name(cells.get(name, ""))
            if len(text) > NAME_LIMIT:
                self.refuse(
                    sheet,
                    row,
                    name,
                    _("Keep this to %(limit)d characters or fewer.") % {"limit": NAME_LIMIT},
                )
                return
            values[school_field] = text
        seen = self.file_schools.get(code)
        if seen is None:
            self.file_schools[code] = SchoolSeen(row, sheet, values)
            return
        for name, school_field in SCHOOL_NAMES.items():
            text = values.get(school_field, "")
            earlier = seen.values.get(school_field, "")
            if text and earlier and text != earlier:
                self.refuse(
                    sheet,
                    row,
                    name,
                    _("Row %(row)d gives this school as %(name)s; a school has one name.")
                    % {"row": seen.row, "name": earlier},
                )
            elif text:
                seen.values[school_field] = text

    def school_changes(self) -> None:
        for code, seen in self.file_schools.items():
            values = {"code": code, **seen.values}
            existing = self.schools.get(code)
            if existing is None:
                if not values.get("name_zh") and not values.get("name_en"):
                    if seen.sheet.has_players:  # a roster without school names names known schools only
                        continue
                    self.refuse(
                        seen.sheet,
                        seen.row,
                        "school_zh",
                        _("Give the school's name in Chinese or in English."),
                    )
                    continue
                self.changes.append(
                    Change(SCHOOLS, seen.row, ADD, code, {"name_zh": "", "name_en": "", **values})
                )
                continue
            values = {name: value for name, value in values.items() if value or name == "code"}
            before = {name: getattr(existing, name) for name in values}
            action = UNCHANGED if before == values else UPDATE
            self.changes.append(Change(SCHOOLS, seen.row, action, code, values, before, existing.pk))
