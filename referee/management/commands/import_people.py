"""`manage.py import_people TOURNAMENT FILE [--apply] [--as LOGIN] [--column [SHEET!]LETTER=FIELD ...]`:
preview a people file, or import it, reading it as the page does.

The preview prints how each column was read; `--column F=name_en` changes column F's meaning (`--column
F=ignore` leaves it out; `--column "Sheet2!C=school_number"` on another sheet, by name or by number), as the
page's drop-downs do. Without --apply nothing is saved. Refused rows, or a refused file, print their reasons
and exit with 1.
"""

from __future__ import annotations

import os
import re
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from core.errors import ServiceError
from referee.models import Tournament
from referee.people.imports.applying import ImportRefused, people_import, people_import_preview
from referee.people.imports.columns import FIELD_BY_KEY
from referee.people.imports.planning import ImportPlan, kind_label
from referee.people.imports.reading import MAX_FILE_BYTES, check_size, read_people_file

IGNORE_WORDS = {"ignore", "none", "-", ""}


class Command(BaseCommand):
    help = "Preview a file of schools, players and referees (.xlsx or .csv); --apply imports it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", help="the tournament's short name (slug)")
        parser.add_argument("file")
        parser.add_argument("--apply", action="store_true", help="import it (all rows or none)")
        parser.add_argument("--as", dest="actor", help="the organiser's login recorded in the history")
        parser.add_argument(
            "--column",
            action="append",
            default=[],
            metavar="[SHEET!]LETTER=FIELD",
            help="what a column holds, whatever its header says; FIELD is one of "
            + ", ".join(FIELD_BY_KEY)
            + ", or ignore",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(slug=options["tournament"]).first()
        if tournament is None:
            raise CommandError(_("There is no tournament with this short name."))
        actor = self._actor(tournament, options["actor"])
        path = options["file"]
        try:
            check_size(os.path.getsize(path))
            with open(path, "rb") as stream:
                content = stream.read(MAX_FILE_BYTES + 1)
        except OSError as error:
            raise CommandError(str(error)) from None
        except ServiceError as error:
            raise CommandError(str(error)) from None
        try:
            choices = self._choices(options["column"], content)
            if options["apply"]:
                plan = people_import(
                    actor=actor,
                    tournament=tournament,
                    content=content,
                    filename=os.path.basename(path),
                    choices=choices,
                )
            else:
                plan = people_import_preview(
                    actor=actor, tournament=tournament, content=content, choices=choices
                )
        except ImportRefused as refused:
            self._print(refused.plan)
            raise CommandError(str(refused)) from None
        except ServiceError as error:
            raise CommandError(str(error)) from None
        self._print(plan)
        if not plan.ok:
            raise CommandError(_("Nothing can be imported until the refused rows are fixed."))
        if options["apply"]:
            self.stdout.write(_("Imported.") if plan.has_changes else _("Nothing to change."))
        else:
            self.stdout.write(_("Nothing was saved: run again with --apply to import."))

    def _actor(self, tournament: Tournament, login: str | None) -> Any:
        """The named organiser, else the tournament's first organiser (the command runs on the server)."""
        users = get_user_model().objects
        actor = (
            users.filter(username=login).first() if login else tournament.organisers.order_by("pk").first()
        )
        if actor is None:
            actor = users.filter(is_superuser=True).order_by("pk").first()
        if actor is None:
            raise CommandError(_("Name an organiser with --as."))
        return actor

    def _choices(self, given: list[str], content: bytes) -> dict[str, dict[str, str]]:
        """`[SHEET!]LETTER=FIELD` as the page's choices: sheet index -> column position -> field key."""
        if not given:
            return {}
        names = [grid.name for grid in read_people_file(content).grids]
        choices: dict[str, dict[str, str]] = {}
        for text in given:
            where, _sign, meaning = text.partition("=")
            sheet, _mark, letter = where.rpartition("!")
            key = meaning.strip()
            key = "" if key.lower() in IGNORE_WORDS else key
            if (
                not _sign
                or not re.fullmatch(r"[A-Za-z]{1,3}", letter.strip())
                or (key and key not in FIELD_BY_KEY)
            ):
                raise CommandError(
                    _("Give a column as LETTER=FIELD, for example F=name_en; the fields are: %(fields)s.")
                    % {"fields": ", ".join([*FIELD_BY_KEY, "ignore"])}
                )
            index = self._sheet_index(sheet.strip(), names)
            choices.setdefault(str(index), {})[str(_position(letter.strip()))] = key
        return choices

    @staticmethod
    def _sheet_index(sheet: str, names: list[str]) -> int:
        if not sheet:
            return 0
        if sheet in names:
            return names.index(sheet)
        if sheet.isdigit() and 1 <= int(sheet) <= len(names):
            return int(sheet) - 1
        raise CommandError(_("The file has no sheet %(sheet)s.") % {"sheet": sheet})

    def _print(self, plan: ImportPlan) -> None:
        for sheet in plan.sheets:
            if sheet.columns:
                label = f"{sheet.label}: " if sheet.label else ""
                self.stdout.write(
                    _("Columns read: %(sheet)s%(reading)s")
                    % {"sheet": label, "reading": sheet.reading_text()}
                )
        for block in plan.blocks:
            self.stdout.write(
                _("Player numbers of %(school)s: %(first)d-%(last)d, the block plus the 學號")
                % {"school": block.code, "first": block.first, "last": block.last}
            )
        for note in plan.notes:
            self.stdout.write(note)
        for kind, counts in plan.summary().items():
            self.stdout.write(
                _("%(kind)s: %(add)d to add, %(update)d to update, %(unchanged)d unchanged")
                % {"kind": kind_label(kind), **counts}
            )
        for change in plan.changes:
            if change.action == "unchanged":
                continue
            fields = ", ".join(change.changed_fields)
            self.stdout.write(f"  {change.action} {kind_label(change.kind)} {change.label} ({fields})")
        for refusal in plan.refusals:
            where = _("row %(row)s") % {"row": refusal.row} if refusal.row else ""
            column = f" [{refusal.where}]" if refusal.where else ""
            self.stderr.write(f"  {refusal.sheet} {where}{column}: {refusal.message}")


def _position(letter: str) -> int:
    """A -> 0, Z -> 25, AA -> 26."""
    position = 0
    for character in letter.upper():
        position = position * 26 + ord(character) - ord("A") + 1
    return position - 1
