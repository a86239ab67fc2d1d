"""`manage.py backup [FILE]`: the whole database into one file, while the site keeps running.

Without FILE it goes into the backup folder (`BACKUP_DIR`, `backups/`) under the time it was made, where
`forget_expired` finds it again and deletes it once a tournament it holds is past its retention date.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections
from django.utils import timezone

from tableref.backup import BackupError
from tableref.backup.contents import backup_contents
from tableref.backup.files import write_atomically
from tableref.backup.postgresql import postgresql_backup
from tableref.backup.sqlite import sqlite_backup

WRITERS = {"sqlite": sqlite_backup, "postgresql": postgresql_backup}


def kept_until_line(target: Path) -> str:
    """Until when the backup may be kept: the day before the first of its tournaments is due to be
    forgotten (read back from the file itself, as `forget_expired` will read it)."""
    from referee.privacy.backups import keep_until

    try:
        until = keep_until(backup_contents(target))
    except BackupError as error:
        return f"cannot read its dates back: {error}"
    if until is None:
        return "it holds no child's personal data"
    forget_on, slug = until
    last_day = forget_on - datetime.timedelta(days=1)
    return (
        f"keep it until {last_day} at the latest: then the children of {slug} are forgotten, and "
        "forget_expired deletes it if it is in the backup folder"
    )


def default_target() -> Path:
    """backups/tableref-20261205-0930.backup, the folder made if need be (readable by its owner only)."""
    folder = Path(settings.BACKUP_DIR)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    made = timezone.localtime().strftime("%Y%m%d-%H%M%S")
    return folder / f"tableref-{made}.backup"


class Command(BaseCommand):
    help = "Copy the whole database into FILE (SQLite's online backup, or pg_dump's custom format)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file", type=Path, nargs="?", help="the backup file to write (default: a new file in BACKUP_DIR)"
        )
        parser.add_argument("--force", action="store_true", help="replace FILE if it exists")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS, help="which database (default: default)")

    def handle(self, *args: Any, **options: Any) -> None:
        connection = connections[options["database"]]
        writer = WRITERS.get(connection.vendor)
        if writer is None:
            raise CommandError(f"backup: {connection.vendor} databases are not supported")
        target = (options["file"] or default_target()).expanduser().absolute()
        try:
            write_atomically(target, force=options["force"], write=lambda path: writer(connection, path))
        except BackupError as error:
            raise CommandError(f"backup: nothing written: {error}") from error
        size = target.stat().st_size
        self.stdout.write(f"backup: {connection.vendor} database written to {target} ({size:,} bytes)")
        self.stdout.write(f"backup: {kept_until_line(target)}")
