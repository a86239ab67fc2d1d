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
from django.utils import translation
from django.utils.translation import gettext as _

from referee.exports.exporters import ExportError, ExportRequest, all_exporters, get_exporter
from referee.exports.exporters.base import LANGUAGES
from referee.exports.exporters.links import absolute_entry_url
from referee.models import Round, School, Table, Tournament
from referee.wording.sentences import listed

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
            "--for-posting",
            action="store_true",
            help="the school pack for posting or parents: names as on the public pages",
        )
        parser.add_argument(
            "--base-url",
            help=f"the site's address for the QR codes on blank scoresheets (default: ${SITE_URL_VARIABLE} "
            f"or {DEFAULT_SITE_URL})",
        )
        parser.add_argument("-o", "--output", help="the file to write; - for standard output")

    def handle(self, *args: Any, **options: Any) -> None:
        """Messages, like the file, speak --lang when it is given (else the site's language)."""
        with translation.override(options["lang"] or translation.get_language()):
            self._handle(options)

    def _handle(self, options: dict[str, Any]) -> None:
        if options["list"]:
            self._list()
            return
        if not options["tournament"] or not options["exporter"]:
            raise CommandError(_("Give a tournament and an exporter (or --list)."))
        if not options["output"]:
            raise CommandError(_("Give the file to write with -o FILE (- for standard output)."))
        request = self._request(options)
        try:
            exporter = get_exporter(options["exporter"])(request)
            self._write(exporter, options["output"])
        except ExportError as error:
            raise CommandError(str(error)) from None

    def _list(self) -> None:
        for exporter in all_exporters():
            scope = listed(f"--{part}" for part in sorted(exporter.accepts)) or _("whole tournament")
            if exporter.requires:
                needed = listed(f"--{part}" for part in sorted(exporter.requires))
                scope = _("%(options)s required") % {"options": needed}
            self.stdout.write(f"{exporter.identifier:24} {exporter.extension:5} {scope}")
            self.stdout.write(f"{'':24} {exporter.verbose_name}")

    def _request(self, options: dict[str, Any]) -> ExportRequest:
        try:
            tournament = Tournament.objects.get(slug=options["tournament"])
        except Tournament.DoesNotExist:
            raise CommandError(
                _("No tournament has the short name %(slug)s.") % {"slug": options["tournament"]}
            ) from None
        round_ = table = school = None
        if options["round"] is not None:
            round_ = Round.objects.filter(tournament=tournament, order=options["round"]).first()
            if round_ is None:
                raise CommandError(_("The tournament has no round %(round)d.") % {"round": options["round"]})
        if options["table"] is not None:
            if round_ is None:
                raise CommandError(_("Give the table's round with --round."))
            table = (
                Table.objects.filter(round=round_, number=options["table"]).select_related("round").first()
            )
            if table is None:
                raise CommandError(
                    _("Round %(round)d has no table %(table)d.")
                    % {"round": options["round"], "table": options["table"]}
                )
            round_ = None
        if options["school"]:
            school = School.objects.filter(tournament=tournament, code=options["school"].upper()).first()
            if school is None:
                raise CommandError(
                    _("The tournament has no school with the code %(code)s.") % {"code": options["school"]}
                )
        base_url = options["base_url"] or os.environ.get(SITE_URL_VARIABLE) or DEFAULT_SITE_URL
        return ExportRequest(
            tournament=tournament,
            round_=round_,
            table=table,
            school=school,
            language=options["lang"],
            include_unsigned=options["include_unsigned"],
            for_posting=options["for_posting"],
            entry_url=lambda entry_table: absolute_entry_url(base_url, entry_table),
            site_url=base_url.rstrip("/"),
        )

    def _write(self, exporter: Any, output: str) -> None:
        """A file appears whole or not at all: it is written beside its name, then renamed."""
        if output == "-":
            self._stream(exporter, sys.stdout.buffer)
            return
        path = Path(output)
        if path.is_dir():
            raise CommandError(
                _("Cannot write %(path)s: %(reason)s") % {"path": output, "reason": _("it is a folder")}
            )
        partial = path.with_name(path.name + ".part")
        try:
            with partial.open("wb") as stream:
                self._stream(exporter, stream)
            partial.replace(path)
        except OSError as error:
            raise CommandError(
                _("Cannot write %(path)s: %(reason)s") % {"path": output, "reason": error.strerror or error}
            ) from None
        finally:
            partial.unlink(missing_ok=True)
        self.stderr.write(
            _("Wrote %(path)s (%(size)s bytes).") % {"path": path, "size": f"{path.stat().st_size:,}"}
        )

    @staticmethod
    def _stream(exporter: Any, stream: Any) -> None:
        try:
            exporter.write(stream)
        except NoReverseMatch:
            raise CommandError(
                _("The site's table pages are not installed, so no QR code can be made.")
            ) from None
