"""`manage.py restore FILE`: replace the whole database with a backup, after asking (or with --yes)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections

from tableref.backup import BackupError, BackupKind, backup_kind
from tableref.backup.postgresql import postgresql_restore
from tableref.backup.sqlite import sqlite_restore

RESTORERS = {BackupKind.SQLITE: sqlite_restore, BackupKind.POSTGRESQL: postgresql_restore}
VENDORS = {"sqlite": BackupKind.SQLITE, "postgresql": BackupKind.POSTGRESQL}


class Command(BaseCommand):
    help = "Replace everything in the database with the backup in FILE (made by `manage.py backup`)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="a backup made by `manage.py backup`")
        parser.add_argument("--yes", action="store_true", help="do not ask: replace the database at once")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS, help="which database (default: default)")

    def handle(self, *args: Any, **options: Any) -> None:
        connection = connections[options["database"]]
        source: Path = options["file"].expanduser().absolute()
        try:
            kind = backup_kind(source)
        except BackupError as error:
            raise CommandError(f"restore: nothing changed: {error}") from error
        expected = VENDORS.get(connection.vendor)
        if kind is not expected:
            raise CommandError(
                f"restore: nothing changed: {source} is a {kind.value} backup and this site uses "
                f"{connection.vendor}; restore it into a {kind.value} database"
            )
        name = connection.settings_dict["NAME"]
        if not options["yes"] and not self.confirmed(f"{connection.vendor} database {name}", source):
            raise CommandError("restore: nothing changed (not confirmed; --yes skips the question)")
        try:
            RESTORERS[kind](connection, source)
        except BackupError as error:
            raise CommandError(f"restore: {error}") from error
        self.stdout.write(f"restore: the {connection.vendor} database {name} now holds {source}")

    def confirmed(self, database: str, source: Path) -> bool:
        if not sys.stdin.isatty():
            return False
        self.stdout.write(
            f"This replaces EVERYTHING in the {database} with {source}: every result entered since that "
            "backup is lost. Stop the server first."
        )
        return input("Type yes to go on: ").strip().lower() == "yes"
