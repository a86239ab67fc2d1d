"""`manage.py import_people TOURNAMENT FILE [--apply] [--as LOGIN]`: preview a people file, or import it.

Without --apply nothing is saved. Refused rows, or a refused file, print their reasons and exit with 1.
"""

from __future__ import annotations

import os
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from core.errors import ServiceError
from referee.imports.applying import ImportRefused, people_import, people_import_preview
from referee.imports.planning import ImportPlan, kind_label
from referee.imports.reading import MAX_FILE_BYTES, check_size
from referee.models import Tournament


class Command(BaseCommand):
    help = "Preview a file of schools, players and referees (.xlsx or .csv); --apply imports it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", help="the tournament's short name (slug)")
        parser.add_argument("file")
        parser.add_argument("--apply", action="store_true", help="import it (all rows or none)")
        parser.add_argument("--as", dest="actor", help="the organiser's login recorded in the history")

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
            if options["apply"]:
                plan = people_import(
                    actor=actor, tournament=tournament, content=content, filename=os.path.basename(path)
                )
            else:
                plan = people_import_preview(actor=actor, tournament=tournament, content=content)
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

    def _print(self, plan: ImportPlan) -> None:
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
            column = f" [{refusal.column}]" if refusal.column else ""
            self.stderr.write(f"  {refusal.sheet} {where}{column}: {refusal.message}")
