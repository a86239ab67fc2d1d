"""Which registered player a row is, and what the file's rows took so far (numbers, 學號, names).

A row is matched by its player number when it gives one; else by its school and 學號 (and its class too, when
the file gives one 學號 to two children of a school, as a class number would be); a 學號 not yet registered
finds a player added on the pages without one, by name; else by name within the school. Two rows that are
one child (the same number, the same 學號 in the same class, the same name with no number at all) are
refused, the later one naming the earlier.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from referee.checks import school_number
from referee.models import Player, Tournament
from referee.people.imports.changes import RowRefused
from referee.people.imports.numbering import BLOCK


class PlayerIndex:
    def __init__(self, tournament: Tournament) -> None:
        players = list(Player.objects.filter(tournament=tournament).select_related("school"))
        self.players = players
        self.by_number = {p.number: p for p in players}
        self.by_name: dict[tuple[str, str], list[Player]] = {}
        self.by_school_number: dict[tuple[str, str], list[Player]] = {}
        for player in players:
            self.by_name.setdefault((player.school.code, player.name_zh or player.name_en), []).append(player)
            if player.school_number:
                key = (player.school.code, player.school_number)
                self.by_school_number.setdefault(key, []).append(player)
        self.file_numbers: dict[int, int] = {}
        self.file_keys: dict[tuple[str, str, str], int] = {}
        self.file_names: dict[tuple[str, str], int] = {}
        self.school_number_counts: Counter[tuple[str, str]] = Counter()
        self.taken: dict[int, int] = {}

    def count_file_keys(self, rows: Iterable[tuple[str, dict[str, str]]]) -> None:
        """How often the file gives each (school, 學號): twice means a class number, told apart by class."""
        for code, cells in rows:
            number = school_number(cells.get("school_number", ""))
            if number:
                self.school_number_counts[(code, number)] += 1

    def taken_numbers(self) -> set[int]:
        return {*self.by_number, *self.file_numbers}

    def blocks(self) -> dict[str, int]:
        """Each school's block, where its children with a 學號 already have numbers in one."""
        lowest: dict[str, int] = {}
        for player in self.players:
            if player.school_number and player.number >= BLOCK:
                code = player.school.code
                lowest[code] = min(lowest.get(code, player.number), player.number)
        return {code: number // BLOCK for code, number in lowest.items()}

    def match(self, row: int, values: dict[str, Any]) -> Player | None:
        """The registered player this row is, or None for a new one."""
        if values["number"] is not None:
            existing = self._by_number(row, values)
        elif values.get("school_number"):
            existing = self._by_school_number(row, values)
        else:
            existing = self._by_name(row, values)
        if existing is not None:
            if existing.pk in self.taken:
                message = _("Row %(row)d is already this player.") % {"row": self.taken[existing.pk]}
                raise RowRefused("name_zh", message)
            self.taken[existing.pk] = row
        return existing

    def _by_number(self, row: int, values: dict[str, Any]) -> Player | None:
        number, code = values["number"], values["school"]
        if number in self.file_numbers:
            message = _("Row %(row)d already has this number.") % {"row": self.file_numbers[number]}
            raise RowRefused("number", message)
        self.file_numbers[number] = row
        existing = self.by_number.get(number)
        if existing is not None and existing.school.code != code:
            raise RowRefused(
                "number",
                _(
                    "Player number %(number)d belongs to %(name)s of %(school)s; numbers are unique "
                    "across the tournament."
                )
                % {"number": number, "name": existing.display_name, "school": existing.school.code},
            )
        return existing

    def _by_school_number(self, row: int, values: dict[str, Any]) -> Player | None:
        code, number, class_name = values["school"], values["school_number"], values.get("class_name", "")
        by_class = self.school_number_counts[(code, number)] > 1
        key = (code, number, class_name if by_class else "")
        if key in self.file_keys:
            message = _("Row %(row)d already has this number within the school (學號).") % {
                "row": self.file_keys[key]
            }
            raise RowRefused("school_number", message)
        self.file_keys[key] = row
        found = self.by_school_number.get((code, number), [])
        if by_class or len(found) > 1:
            found = [player for player in found if player.class_name == class_name]
        if len(found) > 1:
            raise RowRefused(
                "school_number",
                _("Two players of this school have this number and class; give the player number."),
            )
        if found:
            return found[0]
        named = self.by_name.get((code, values.get("name_zh") or values.get("name_en") or ""), [])
        unnumbered = [player for player in named if not player.school_number]
        return unnumbered[0] if len(unnumbered) == 1 else None

    def _by_name(self, row: int, values: dict[str, Any]) -> Player | None:
        key = (values["school"], values.get("name_zh") or values.get("name_en") or "")
        if key in self.file_names:
            raise RowRefused(
                "name_zh",
                _(
                    "Row %(row)d has a player of the same name in this school; give each their number "
                    "within the school (學號) or their player number, to tell them apart."
                )
                % {"row": self.file_names[key]},
            )
        self.file_names[key] = row
        named = self.by_name.get(key, [])
        if len(named) > 1:
            raise RowRefused(
                "number", _("Two players of this school have this name; give the player number.")
            )
        return named[0] if named else None
