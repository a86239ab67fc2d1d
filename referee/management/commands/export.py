"""`python manage.py export TOURNAMENT_SLUG EXPORTER [--round N] [--school CODE] [--lang en] -o FILE`.

For scripts: the same exporters as the organiser's export page. `--list` names them all.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import NoReverseMatch

from referee.exporters import ExportError, ExportRequest, all_exporters, get_exporter
from referee.exporters.base import LANGUAGES
from referee.exporters.links import absolute_entry_url
from referee.models import Round, School, Table, Tournament

SITE_URL_VARIABLE = "SITE_URL"
DEFAULT_SITE_URL = "http://127.0.0.1:8000"


class Command(BaseCommand):
    help = (
        "Write an export (scoresheets, standings, results workbook, school pack) of a tournament to a file."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "tournament", nargs="?", help="the tournament's short name (slug), for example demo"
        )
        parser.add_argument("exporter", nargs="?", help="which export; see --list")
        parser.add_argument("--list", action="store_true", help="list the exporters and stop")
        parser.add_argument("--round", type=int, help="the round's order number (1 for the first round)")
        parser.add_argument("--table", type=int, help="one table's number (with --round)")
        parser.add_argument("--school", help="a school's short code, for example HSP")
        parser.add_argument(
            "--lang", choices=LANGUAGES, help="language of the export (default: the tournament's)"
        )
        parser.add_argument(
            "--include-unsigned",
            action="store_true",
            help="provisional results: count tables not yet signed off",
        )
        parser.add_argument(
            "--base-url",
            help=f"the site's address for the QR codes on blank scoresheets (default: ${SITE_URL_VARIABLE} "
            f"or {DEFAULT_SITE_URL})",
        )
        parser.add_argument("-o", "--output", help="the file to write; - for standard output")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["list"]:
            self._list()
            return
        if not options["tournament"] or not options["exporter"]:
            raise CommandError("Give a tournament and an exporter (or --list).")
        if not options["output"]:
            raise CommandError("Give the file to write with -o FILE (- for standard output).")
        request = self._request(options)
        try:
            exporter = get_exporter(options["exporter"])(request)
            self._write(exporter, options["output"])
        except ExportError as error:
            raise CommandError(str(error)) from None

    def _list(self) -> None:
        for exporter in all_exporters():
            scope = ", ".join(sorted(exporter.accepts)) or "tournament"
            needs = f" (needs --{', --'.join(sorted(exporter.requires))})" if exporter.requires else ""
            self.stdout.write(f"{exporter.identifier:24} {exporter.extension:5} {scope}{needs}")
            self.stdout.write(f"{'':24} {exporter.verbose_name}")

    def _request(self, options: dict[str, Any]) -> ExportRequest:
        try:
            tournament = Tournament.objects.get(slug=options["tournament"])
        except Tournament.DoesNotExist:
            raise CommandError(f"No tournament has the short name {options['tournament']!r}.") from None
        round_ = table = school = None
        if options["round"] is not None:
            round_ = Round.objects.filter(tournament=tournament, order=options["round"]).first()
            if round_ is None:
                raise CommandError(f"The tournament has no round {options['round']}.")
        if options["table"] is not None:
            if round_ is None:
                raise CommandError("Give the table's round with --round.")
            table = (
                Table.objects.filter(round=round_, number=options["table"]).select_related("round").first()
            )
            if table is None:
                raise CommandError(f"Round {options['round']} has no table {options['table']}.")
            round_ = None
        if options["school"]:
            school = School.objects.filter(tournament=tournament, code=options["school"].upper()).first()
            if school is None:
                raise CommandError(f"The tournament has no school with the code {options['school']!r}.")
        base_url = options["base_url"] or os.environ.get(SITE_URL_VARIABLE) or DEFAULT_SITE_URL
        return ExportRequest(
            tournament=tournament,
            round_=round_,
            table=table,
            school=school,
            language=options["lang"],
            include_unsigned=options["include_unsigned"],
            entry_url=lambda entry_table: absolute_entry_url(base_url, entry_table),
        )

    def _write(self, exporter: Any, output: str) -> None:
        """A file appears whole or not at all: it is written beside its name, then renamed."""
        try:
            if output == "-":
                exporter.write(sys.stdout.buffer)
                return
            path = Path(output)
            partial = path.with_name(path.name + ".part")
            with partial.open("wb") as stream:
                exporter.write(stream)
            partial.replace(path)
        except NoReverseMatch:
            raise CommandError(
                "The site's table pages are not installed, so no QR code can be made."
            ) from None
        self.stderr.write(f"Wrote {path} ({path.stat().st_size:,} bytes).")
