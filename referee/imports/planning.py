"""What an import would change: rows to add, to update, unchanged, and refused, each with its row and column.

The plan is computed against the database as it is, under the tournament's lock when it is applied, so a
preview and the apply that follows say the same unless someone else changed the tournament in between (then
the apply says what it did).

Matching (the organiser's guide says the same): a school by its code; a player by their player number when the
row gives one (numbers are unique across the tournament, so a number of another school's player is refused),
else by name within the school (the Chinese name when given, else the English one); a referee by login name,
only among this tournament's referees (`_RefereeIndex`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext as _

from core.errors import ServiceError
from referee.imports.columns import KIND_LABELS, PLAYERS, REFEREES, SCHOOLS
from referee.imports.reading import ReadFile, Refusal, Sheet
from referee.imports.workbook import is_example_row
from referee.models import Player, School, Table, Tournament
from referee.services.checks import school_code
from referee.services.referees import (
    LOGIN_SEPARATOR,
    clean_short_name,
    login_name_taken,
    referee_login_name,
)

ADD, UPDATE, UNCHANGED = "add", "update", "unchanged"
MAX_NUMBER = 99999
LIMITS = {"name_zh": 120, "name_en": 120, "code": 12, "class_name": 20, "display_name": 150}
PLAYER_LIMITS = {"name_zh": 80, "name_en": 120}


@dataclass
class Change:
    kind: str
    row: int | None
    action: str
    label: str
    values: dict[str, Any]
    before: dict[str, Any] = field(default_factory=dict)
    pk: int | None = None
    fields_text: str = ""  # the changed columns' headers, set by the page that shows them

    @property
    def changed_fields(self) -> list[str]:
        return [name for name, value in self.values.items() if self.before.get(name) != value]


@dataclass
class ImportPlan:
    changes: list[Change]
    refusals: list[Refusal]

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


def normalised_number(text: str) -> int | None:
    """１２, "12", "12.0" (a number Excel stored as text or as a float) are 12; None when blank."""
    cleaned = re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))
    if not cleaned:
        return None
    match = re.fullmatch(r"(\d+)(?:\.0+)?", cleaned)
    if match is None or not 1 <= int(match.group(1)) <= MAX_NUMBER:
        raise ValueError(cleaned)
    return int(match.group(1))


def normalised_name(text: str) -> str:
    """Names are kept as typed, as the pages keep them; only spaces (full-width ones too) at either end go."""
    return text.strip()


class RowRefused(Exception):
    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class _PlayerIndex:
    """The tournament's players by number and by (school, name), and what the file's rows took so far."""

    def __init__(self, tournament: Tournament) -> None:
        players = list(Player.objects.filter(tournament=tournament).select_related("school"))
        self.by_number = {p.number: p for p in players}
        self.name_count: Counter[tuple[str, str]] = Counter()
        self.by_name: dict[tuple[str, str], Player] = {}
        for player in players:
            key = (player.school.code, player.name_zh or player.name_en)
            self.name_count[key] += 1
            self.by_name[key] = player
        self.file_numbers: dict[int, int] = {}
        self.taken: dict[int, int] = {}

    def highest_number(self) -> int:
        return max([*self.by_number, *self.file_numbers, 0])

    def match(self, row: int, values: dict[str, Any] | None) -> Player | None:
        """The registered player this row is, by number, else by name within the school."""
        if values is None:
            return None
        number, code = values["number"], values["school"]
        if number is not None:
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
        else:
            key = (code, values["name_zh"] or values["name_en"])
            if self.name_count[key] > 1:
                raise RowRefused(
                    "number", _("Two players of this school have this name; give the player number.")
                )
            existing = self.by_name.get(key)
        if existing is not None:
            if existing.pk in self.taken:
                message = _("Row %(row)d is already this player.") % {"row": self.taken[existing.pk]}
                raise RowRefused("name_zh", message)
            self.taken[existing.pk] = row
        return existing


class _Planner:
    def __init__(self, tournament: Tournament, read: ReadFile) -> None:
        self.tournament = tournament
        self.refusals: list[Refusal] = list(read.refusals)
        self.changes: list[Change] = []
        self.sheets = read.sheets
        self.schools = {s.code: s for s in School.objects.filter(tournament=tournament)}
        self.file_school_codes: set[str] = set()
        # One index of each kind for the whole file: a workbook may hold a players sheet per class, and a
        # number or a player taken on one sheet is taken on the next.
        self.players = _PlayerIndex(tournament)
        self.pending_players: list[tuple[int, dict[str, Any], Player | None]] = []
        self.referees = _RefereeIndex(tournament)

    def refuse(self, sheet: Sheet, row: int, field_name: str | None, message: str) -> None:
        column = sheet.headers.get(field_name, field_name) if field_name else None
        self.refusals.append(Refusal(sheet.label, row, column, message))

    def run(self) -> ImportPlan:
        refused = {(refusal.sheet, refusal.row) for refusal in self.refusals}
        for sheet in self.sheets:  # a row with a refused cell is refused once, for that cell
            sheet.rows = [
                (row, cells)
                for row, cells in sheet.rows
                if not is_example_row(sheet.kind, cells) and (sheet.label, row) not in refused
            ]
        for kind, method in (
            (SCHOOLS, self.plan_schools),
            (PLAYERS, self.plan_players),
            (REFEREES, self.plan_referees),
        ):
            for sheet in self.sheets:
                if sheet.kind == kind:
                    method(sheet)
            if kind == PLAYERS:
                self.number_players()
        return ImportPlan(changes=self.changes, refusals=self.refusals)

    def text(self, sheet: Sheet, row: int, cells: dict[str, str], name: str, limit: int) -> str | None:
        value = normalised_name(cells.get(name, ""))
        if len(value) > limit:
            self.refuse(sheet, row, name, _("Keep this to %(limit)d characters or fewer.") % {"limit": limit})
            return None
        return value

    def plan_schools(self, sheet: Sheet) -> None:
        seen: dict[str, int] = {}
        for row, cells in sheet.rows:
            code = school_code(cells.get("code", ""))
            names = {n: self.text(sheet, row, cells, n, LIMITS[n]) for n in ("name_zh", "name_en")}
            if not code:
                self.refuse(sheet, row, "code", _("Give the school's code."))
                continue
            if len(code) > LIMITS["code"]:
                self.refuse(
                    sheet, row, "code", _("Keep this to %(limit)d characters or fewer.") % {"limit": 12}
                )
                continue
            if code in seen:
                self.refuse(sheet, row, "code", _("Row %(row)d already has this code.") % {"row": seen[code]})
                continue
            seen[code] = row
            self.file_school_codes.add(code)
            if None in names.values():
                continue
            if not names["name_zh"] and not names["name_en"]:
                self.refuse(sheet, row, "name_zh", _("Give the school's name in Chinese or in English."))
                continue
            values = {"code": code, **names}
            existing = self.schools.get(code)
            if existing is None:
                self.changes.append(Change(SCHOOLS, row, ADD, code, values))
            else:
                before = {"code": existing.code, "name_zh": existing.name_zh, "name_en": existing.name_en}
                action = UNCHANGED if before == values else UPDATE
                self.changes.append(Change(SCHOOLS, row, action, code, values, before, existing.pk))

    def plan_players(self, sheet: Sheet) -> None:
        for row, cells in sheet.rows:
            try:
                values = self.player_values(sheet, row, cells)
                existing = self.players.match(row, values)
            except RowRefused as refused:
                self.refuse(sheet, row, refused.field, refused.message)
                continue
            if values is not None:
                self.pending_players.append((row, values, existing))

    def number_players(self) -> None:
        """New players without a number get the next free ones, once every players sheet has been read."""
        next_free = self.players.highest_number() + 1
        for row, values, existing in self.pending_players:
            if existing is None:
                if values["number"] is None:
                    values["number"] = next_free
                    next_free += 1
                self.changes.append(Change(PLAYERS, row, ADD, f"#{values['number']}", values))
                continue
            values["number"] = existing.number
            before = {
                "school": existing.school.code,
                "name_zh": existing.name_zh,
                "name_en": existing.name_en,
                "class_name": existing.class_name,
                "number": existing.number,
            }
            action = UNCHANGED if before == values else UPDATE
            self.changes.append(
                Change(PLAYERS, row, action, f"#{existing.number}", values, before, existing.pk)
            )

    def player_values(self, sheet: Sheet, row: int, cells: dict[str, str]) -> dict[str, Any] | None:
        """The row's cleaned values; None when a text was already refused for its length."""
        code = school_code(cells.get("school", ""))
        try:
            number = normalised_number(cells.get("number", ""))
        except ValueError:
            raise RowRefused(
                "number", _("Enter a whole number from 1 to %(max)d.") % {"max": MAX_NUMBER}
            ) from None
        names = {n: self.text(sheet, row, cells, n, PLAYER_LIMITS[n]) for n in ("name_zh", "name_en")}
        class_name = self.text(sheet, row, cells, "class_name", LIMITS["class_name"])
        if None in names.values() or class_name is None:
            return None
        if not code:
            raise RowRefused("school", _("Give the player's school code."))
        if code not in self.schools and code not in self.file_school_codes:
            raise RowRefused(
                "school",
                _("No school has the code %(code)s; add it to the schools sheet first.") % {"code": code},
            )
        if not names["name_zh"] and not names["name_en"]:
            raise RowRefused("name_zh", _("Give the player's name in Chinese or in English."))
        return {"school": code, **names, "class_name": class_name, "number": number}

    def plan_referees(self, sheet: Sheet) -> None:
        referees = self.referees
        for row, cells in sheet.rows:
            display_name = self.text(sheet, row, cells, "display_name", LIMITS["display_name"])
            try:
                change = referees.change(row, cells, display_name)
            except RowRefused as refused:
                self.refuse(sheet, row, refused.field, refused.message)
                continue
            if change is not None:
                self.changes.append(change)


class _RefereeIndex:
    """The tournament's referees and open tables, and the login names and tables the file's rows took.

    A row's login name is a short name (`amy`), as on the Referees page: the referee logs in as
    `amy@<tournament>` (`referee_login_name`). A row finds only a referee of this tournament, by that login
    name or by a referee's own login name as the export writes it (an account from before this rule, or one
    added from an earlier tournament); a login name elsewhere on the site is never looked up, so a row neither
    finds nor reveals it."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.referees = {user.username.casefold(): user for user in tournament.referees.all()}
        self.tables: dict[int, list[Table]] = {}
        for table in Table.objects.filter(round__tournament=tournament, signed_off_at__isnull=True):
            self.tables.setdefault(table.number, []).append(table)
        self.seen: dict[str, int] = {}
        self.seen_tables: dict[int, int] = {}

    def change(self, row: int, cells: dict[str, str], display_name: str | None) -> Change | None:
        typed = unicodedata.normalize("NFKC", cells.get("username", "")).strip()
        try:
            table_number = normalised_number(cells.get("table", ""))
        except ValueError:
            raise RowRefused(
                "table", _("Enter a whole number from 1 to %(max)d.") % {"max": MAX_NUMBER}
            ) from None
        if display_name is None:
            return None
        user, login_name = self.match(typed)
        self.check_seen(row, login_name)
        if not display_name:
            raise RowRefused("display_name", _("Give the referee's name."))
        self.check_table(row, table_number)
        values = {"username": login_name, "display_name": display_name, "table": table_number}
        if user is None:
            short_name = login_name.removesuffix(f"{LOGIN_SEPARATOR}{self.tournament.slug}")
            if login_name_taken(tournament=self.tournament, short_name=short_name) is not None:
                raise RowRefused(
                    "username",
                    _(
                        "This login name is taken by a referee of this tournament, now or earlier: choose "
                        "another short name, or add that referee again on the Referees page."
                    ),
                )
            return Change(REFEREES, row, ADD, login_name, values)
        if user.is_staff or user.is_superuser or user.organised_tournaments.exists():
            raise RowRefused(
                "username", _("This login belongs to an organiser; add them on the Referees page instead.")
            )
        on_table = table_number is None or all(t.referee_id == user.pk for t in self.tables[table_number])
        before = {
            "username": user.username,
            "display_name": user.first_name,
            "table": table_number if on_table else None,
        }
        action = UNCHANGED if before == values else UPDATE
        return Change(REFEREES, row, action, user.username, values, before, user.pk)

    def match(self, typed: str) -> tuple[AbstractBaseUser | None, str]:
        """This tournament's referee for what the row says (or None), and the login name it stands for."""
        if not typed:
            raise RowRefused("username", _("Give the referee's short login name, for example amy."))
        user = self.referees.get(typed.casefold())
        if user is not None:
            return user, user.username
        try:
            short_name = clean_short_name(tournament=self.tournament, username=typed)
        except ServiceError as error:
            raise RowRefused("username", str(error.message)) from None
        login_name = referee_login_name(tournament=self.tournament, short_name=short_name)
        user = self.referees.get(login_name.casefold())
        return user, user.username if user else login_name

    def check_seen(self, row: int, login_name: str) -> None:
        key = login_name.casefold()
        if key in self.seen:
            raise RowRefused(
                "username", _("Row %(row)d already has this login name.") % {"row": self.seen[key]}
            )
        self.seen[key] = row

    def check_table(self, row: int, number: int | None) -> None:
        if number is None:
            return
        if number not in self.tables:
            raise RowRefused(
                "table",
                _("No round has table %(number)d yet; add the tables first, or leave this empty.")
                % {"number": number},
            )
        if number in self.seen_tables:
            raise RowRefused(
                "table", _("Row %(row)d already referees this table.") % {"row": self.seen_tables[number]}
            )
        self.seen_tables[number] = row


def plan_import(tournament: Tournament, read: ReadFile) -> ImportPlan:
    return _Planner(tournament, read).run()


def kind_label(kind: str) -> str:
    return str(KIND_LABELS[kind])
