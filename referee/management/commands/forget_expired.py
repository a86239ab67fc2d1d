"""`manage.py forget_expired`: forget the children of every tournament past its retention date, and delete the
backups in the backup folder that hold one.

The hall runs it every day by itself (`manage.py forget_schedule`); on a server, a daily cron job or systemd
timer runs it (docs/deploy.md). `--as-of DATE` runs it as if on that date; `--dry-run` lists what would go and
changes nothing.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from referee.models import Player
from referee.privacy.backups import expired_backups
from referee.privacy.forgetting import tournament_forget
from referee.privacy.retention import due_tournaments, retention_of, today


def as_of_date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"forget_expired: --as-of {text!r} is not a date such as 2027-03-06") from None


class Command(BaseCommand):
    help = (
        "Replace the children's personal data of every tournament past its retention date with pseudonyms, "
        "and delete the backups in BACKUP_DIR that hold such a tournament."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--as-of", metavar="DATE", help="run as if today were DATE (YYYY-MM-DD)")
        parser.add_argument("--dry-run", action="store_true", help="list what would go; change nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        on = as_of_date(options["as_of"]) if options["as_of"] else today()
        dry_run = options["dry_run"]
        verb = "would forget" if dry_run else "forgot"
        tournaments = due_tournaments(on)
        for tournament in tournaments:
            due = retention_of(tournament).forget_on
            if dry_run:
                held = Player.objects.filter(tournament=tournament, forgotten_at__isnull=True).count()
                files = tournament.export_jobs.count()
                self.stdout.write(
                    f"forget_expired: {verb} {tournament.slug} (due {due}): {held} children, "
                    f"{files} stored files, and its kept people files"
                )
                continue
            done = tournament_forget(actor=None, tournament=tournament, on=on)
            self.stdout.write(
                f"forget_expired: {verb} {tournament.slug} (due {due}): {done.players} children of "
                f"{len(done.schools)} schools, {done.files} stored files, {done.uploads} kept people files, "
                f"{done.rows} other records"
            )
        backups = expired_backups(on)
        for backup in backups:
            self.stdout.write(f"forget_expired: {self.backup_verb(dry_run)} {backup.path} ({backup.why})")
            if not dry_run:
                backup.path.unlink(missing_ok=True)
        if not tournaments and not backups and options["verbosity"] >= 1:
            self.stdout.write(f"forget_expired: nothing is due on {on}")

    @staticmethod
    def backup_verb(dry_run: bool) -> str:
        return "would delete the backup" if dry_run else "deleted the backup"
