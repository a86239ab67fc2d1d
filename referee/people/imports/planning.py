"""What an import would change: rows to add, to update, unchanged, and refused, each with its row and column.

Planned against the database as it is, again under the tournament's lock when applied. Each school comes
once (its first row; a later row may fill an empty name, never change one), a player from every row; only the
columns a sheet has are compared and written. Matching, as the organiser's guide says: a school by code; a
player by player number, else by school and 學號 (with the class when a 學號 repeats), else by name within
the school (`players.py`); a referee by login name among this tournament's (`referees.py`). New players are
numbered by `numbering.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from referee.checks import class_name as clean_class_name
from referee.checks import school_code, school_number
from referee.models import School, Tournament
from referee.people.imports.changes import (
    ADD,
    MAX_NUMBER,
    UNCHANGED,
    UPDATE,
    Change,
    RowRefused,
    normalised_name,
    normalised_number,
)
from referee.people.imports.columns import KIND_LABELS, PEOPLE, PLAYERS, REFEREES, SCHOOLS
from referee.people.imports.layout import Refusal, Sheet
from referee.people.imports.numbering import NewChild, Numbering, SchoolBlock
from referee.people.imports.players import PlayerIndex
from referee.people.imports.referees import RefereeIndex
from referee.people.imports.schools import SchoolRows, SchoolSeen
from referee.people.imports.workbook import is_example_row

LIMITS = {"name_zh": 120, "name_en": 120, "code": 12, "class_name": 20, "display_name": 150}
PLAYER_LIMITS = {"name_zh": 80, "name_en": 120, "school_number": 20}
PLAYER_TEXTS = ("name_zh", "name_en", "class_name", "school_number")
__all__ = ["ADD", "UNCHANGED", "UPDATE", "Change", "ImportPlan", "plan_import"]


@dataclass
class ImportPlan:
    changes: list[Change]
    refusals: list[Refusal]
    sheets: list[Sheet] = field(default_factory=list)
    blocks: list[SchoolBlock] = field(default_factory=list)  # schools numbered by 學號 in this import
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.refusals

    def of(self, kind: str, action: str) -> list[Change]:
        return [c for c in self.changes if c.kind == kind and c.action == action]

    def count(self, action: str) -> int:
        return sum(1 for c in self.changes if c.action == action)

    @property
    def has_changes(self) -> bool:
        return any(c.action != UNCHANGED for c in self.changes)

    def summary(self) -> dict[str, dict[str, int]]:
        return {
            kind: {action: len(self.of(kind, action)) for action in (ADD, UPDATE, UNCHANGED)}
            for kind in (SCHOOLS, PLAYERS, REFEREES)
        }


# A refusal about a field the sheet lacks is shown at the column nearest in meaning.
_STAND_INS = {
    "name_zh": "name_en",
    "school_zh": "school_en",
    "number": "school_number",
    "school_number": "number",
}


class _Planner(SchoolRows):
    def __init__(self, tournament: Tournament, sheets: list[Sheet]) -> None:
        self.tournament = tournament
        self.sheets = sheets
        self.refusals: list[Refusal] = [refusal for sheet in sheets for refusal in sheet.refusals]
        self.changes: list[Change] = []
        self.notes: list[str] = []
        self.schools = {s.code: s for s in School.objects.filter(tournament=tournament)}
        self.file_schools: dict[str, SchoolSeen] = {}
        # One index of each kind for the whole file: a workbook may hold a players sheet per class, and a
        # number or a player taken on one sheet is taken on the next.
        self.players = PlayerIndex(tournament)
        self.pending_players: list[tuple[Sheet, int, dict[str, Any], Any]] = []
        self.referees = RefereeIndex(tournament)
        self.blocks: list[SchoolBlock] = []

    def refuse(self, sheet: Sheet, row: int | None, field_name: str | None, message: str) -> None:
        if field_name is not None and field_name not in sheet.fields:
            field_name = _STAND_INS.get(field_name, field_name)
        column = sheet.header(field_name) if field_name else None
        letter = sheet.letter(field_name) if field_name else ""
        self.refusals.append(Refusal(sheet.label, row, column or None, message, letter))

    def run(self) -> ImportPlan:
        people = [sheet for sheet in self.sheets if sheet.kind == PEOPLE and sheet.recognised]
        for sheet in people:
            kind = PLAYERS if sheet.has_players else SCHOOLS
            sheet.rows = [(row, cells) for row, cells in sheet.rows if not is_example_row(kind, cells)]
        self.check_unread()
        for sheet in people:
            self.plan_schools(sheet)
        self.school_changes()
        self.players.count_file_keys(
            [(school_code(c.get("school", "")), c) for s in people if s.has_players for _, c in s.rows]
        )
        for sheet in people:
            if sheet.has_players:
                self.plan_players(sheet)
        self.number_players()
        for sheet in self.sheets:
            if sheet.kind == REFEREES:
                sheet.rows = [
                    (row, cells) for row, cells in sheet.rows if not is_example_row(REFEREES, cells)
                ]
                self.plan_referees(sheet)
        return ImportPlan(self.changes, self.refusals, self.sheets, self.blocks, self.notes)

    def check_unread(self) -> None:
        """A file of which nothing could be read says so: its header as read, for the organiser to choose."""
        if any(sheet.recognised for sheet in self.sheets):
            for sheet in self.sheets:
                if not sheet.recognised and sheet.columns:
                    self.notes.append(
                        _("Sheet %(name)s: no column was recognised; nothing is read from it.")
                        % {"name": sheet.label}
                    )
            return
        first = next((s for s in self.sheets if s.columns), None)
        message = _(
            "No row of headers was recognised. Choose what each column holds below, or start from the "
            "template: its first row names the columns (in Chinese or English)."
        )
        if first is not None:
            message += " " + _("The header was read as: %(reading)s.") % {"reading": first.reading_text()}
        self.refusals.append(
            Refusal(first.label if first else "", first.header_row if first else None, None, message)
        )

    # --- players ---------------------------------------------------------------------------------------

    def plan_players(self, sheet: Sheet) -> None:
        if not self._has_names(sheet):
            return
        for row, cells in sheet.rows:
            if not any(cells.get(name) for name in ("number", *PLAYER_TEXTS)):
                continue  # a row of a school alone, on a roster
            try:
                values = self.player_values(sheet, row, cells)
                existing = self.players.match(row, values) if values is not None else None
            except RowRefused as refused:
                self.refuse(sheet, row, refused.field, refused.message)
                continue
            if values is not None:
                self.pending_players.append((sheet, row, values, existing))

    def _has_names(self, sheet: Sheet) -> bool:
        """A sheet of children with no column read as their name (or school) says so once, with its header
        as read, rather than refusing every row."""
        if ("name_zh" in sheet.fields or "name_en" in sheet.fields) and "school" in sheet.fields:
            return True
        missing = _("a player's name") if "school" in sheet.fields else _("a school code")
        self.refusals.append(
            Refusal(
                sheet.label,
                sheet.header_row,
                None,
                _(
                    "This sheet holds players, but no column was read as %(missing)s. The header was read "
                    "as: %(reading)s. Choose what each column holds below."
                )
                % {"missing": missing, "reading": sheet.reading_text()},
            )
        )
        return False

    def player_values(self, sheet: Sheet, row: int, cells: dict[str, str]) -> dict[str, Any] | None:
        """The row's cleaned values, only for the columns the sheet has; None when a text was already
        refused for its length."""
        code = school_code(cells.get("school", ""))
        try:
            number = normalised_number(cells.get("number", ""))
        except ValueError:
            raise RowRefused(
                "number", _("Enter a whole number from 1 to %(max)d.") % {"max": MAX_NUMBER}
            ) from None
        texts: dict[str, str] = {}
        refused = False
        for name in PLAYER_TEXTS:
            if name not in sheet.fields:
                continue
            raw = cells.get(name, "")
            text = (
                clean_class_name(raw)
                if name == "class_name"
                else school_number(raw)
                if name == "school_number"
                else normalised_name(raw)
            )
            limit = PLAYER_LIMITS.get(name) or LIMITS[name]
            if len(text) > limit:
                self.refuse(
                    sheet, row, name, _("Keep this to %(limit)d characters or fewer.") % {"limit": limit}
                )
                refused = True
            texts[name] = text
        if refused:
            return None
        if not code:
            raise RowRefused("school", _("Give the player's school code."))
        if code not in self.schools and code not in self.file_schools:
            raise RowRefused(
                "school",
                _("No school has the code %(code)s; add it to the schools sheet first.") % {"code": code},
            )
        if not texts.get("name_zh") and not texts.get("name_en"):
            raise RowRefused(
                "name_zh" if "name_zh" in sheet.fields else "name_en",
                _("Give the player's name in Chinese or in English."),
            )
        return {"school": code, **texts, "number": number}

    def number_players(self) -> None:
        """New players without a number get one, once every players sheet has been read: by their school's
        block and 學號 (`numbering.py`), else the next free number."""
        numbering = Numbering(taken=self.players.taken_numbers(), registered_blocks=self.players.blocks())
        waiting = [
            NewChild(values["school"], values["school_number"], values.get("class_name", ""), values)
            for _, _, values, existing in self.pending_players
            if existing is None and values["number"] is None and values.get("school_number")
        ]
        numbering.number(waiting)
        self.blocks = numbering.blocks
        next_free = max([*numbering.taken, 0]) + 1
        for sheet, row, values, existing in self.pending_players:
            if existing is None:
                if values["number"] is None and values.get("school_number"):
                    self.refuse(
                        sheet,
                        row,
                        "school_number",
                        _(
                            "No free player number is left in this school's block; give the player "
                            "numbers in the file."
                        ),
                    )
                    continue
                if values["number"] is None:
                    values["number"] = next_free
                    next_free += 1
                added = {"name_zh": "", "name_en": "", "class_name": "", "school_number": "", **values}
                self.changes.append(Change(PLAYERS, row, ADD, f"#{values['number']}", added))
                continue
            values["number"] = existing.number
            before = {name: getattr(existing, name) for name in values if name != "school"}
            before["school"] = existing.school.code
            action = UNCHANGED if before == values else UPDATE
            self.changes.append(
                Change(PLAYERS, row, action, f"#{existing.number}", values, before, existing.pk)
            )

    # --- referees --------------------------------------------------------------------------------------

    def plan_referees(self, sheet: Sheet) -> None:
        for row, cells in sheet.rows:
            display_name = normalised_name(cells.get("display_name", ""))
            if len(display_name) > LIMITS["display_name"]:
                self.refuse(
                    sheet,
                    row,
                    "display_name",
                    _("Keep this to %(limit)d characters or fewer.") % {"limit": LIMITS["display_name"]},
                )
                continue
            try:
                change = self.referees.change(row, cells, display_name)
            except RowRefused as refused:
                self.refuse(sheet, row, refused.field, refused.message)
                continue
            if change is not None:
                self.changes.append(change)


def plan_import(tournament: Tournament, sheets: list[Sheet]) -> ImportPlan:
    return _Planner(tournament, sheets).run()


def kind_label(kind: str) -> str:
    return str(KIND_LABELS[kind])
