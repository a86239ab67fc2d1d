"""`manage.py restore FILE`: replace the whole database with a backup, after saying what it holds and what it
will replace, and asking (or with --yes).

A file that is not a TableRef backup is refused before anything changes: a database without TableRef's tables
(an empty SQLite file would otherwise replace everything), an archive of another database, or a backup holding
database triggers TableRef does not make (a tampered file). A backup that gives an account admin rights the
database does not give is said so, and with --yes is refused unless --allow-new-admins says it is expected.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections

from tableref.backup import BackupError, BackupKind, backup_kind
from tableref.backup.contents import Contents, backup_contents, live_contents
from tableref.backup.describe import described, new_admin_rights
from tableref.backup.postgresql import postgresql_restore, tool
from tableref.backup.sqlite import sqlite_restore

RESTORERS = {BackupKind.SQLITE: sqlite_restore, BackupKind.POSTGRESQL: postgresql_restore}
VENDORS = {"sqlite": BackupKind.SQLITE, "postgresql": BackupKind.POSTGRESQL}


class Command(BaseCommand):
    help = "Replace everything in the database with the backup in FILE (made by `manage.py backup`)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="a backup made by `manage.py backup`")
        parser.add_argument("--yes", action="store_true", help="do not ask: replace the database at once")
        parser.add_argument(
            "--allow-new-admins",
            action="store_true",
            help="with --yes: go on although the backup gives admin rights the database does not",
        )
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS, help="which database (default: default)")

    def handle(self, *args: Any, **options: Any) -> None:
        connection = connections[options["database"]]
        source: Path = options["file"].expanduser().absolute()
        name = connection.settings_dict["NAME"]
        try:
            kind = backup_kind(source)
            expected = VENDORS.get(connection.vendor)
            if kind is not expected:
                raise BackupError(
                    f"{source} is a {kind.value} backup and this site uses {connection.vendor}; restore it "
                    f"into a {kind.value} database"
                )
            held = backup_contents(
                source, pg_restore=tool("pg_restore") if kind is BackupKind.POSTGRESQL else ""
            )
            if held.unknown_triggers:
                raise BackupError(
                    f"{source} holds database triggers TableRef does not make "
                    f"({', '.join(held.unknown_triggers)}): it was changed after it was made"
                )
            current = live_contents(connection)
        except BackupError as error:
            raise CommandError(f"restore: nothing changed: {error}") from error
        self.describe(source, held, f"the {connection.vendor} database {name}", current)
        granted = new_admin_rights(held, current)
        if granted:
            names = ", ".join(admin.username for admin in granted)
            self.stdout.write(
                f"CAREFUL: the backup gives admin rights to {names}, which this database does not. "
                "Restore it only if you expected that."
            )
            if options["yes"] and not options["allow_new_admins"]:
                raise CommandError(
                    f"restore: nothing changed: the backup gives admin rights to {names}; add "
                    "--allow-new-admins if you expected that"
                )
        if not options["yes"] and not self.confirmed():
            raise CommandError("restore: nothing changed (not confirmed; --yes skips the question)")
        try:
            RESTORERS[kind](connection, source)
        except BackupError as error:
            raise CommandError(f"restore: {error}") from error
        self.stdout.write(f"restore: the {connection.vendor} database {name} now holds {source}")

    def describe(self, source: Path, held: Contents, database: str, current: Contents) -> None:
        self.stdout.write(f"The backup {source} holds:")
        self.stdout.write("\n".join(described(held)))
        self.stdout.write(f"It will replace everything in {database}, which holds:")
        self.stdout.write("\n".join(described(current)))

    def confirmed(self) -> bool:
        if not sys.stdin.isatty():
            return False
        self.stdout.write(
            "Every result entered since that backup is lost. Stop the server first (the hall: Ctrl+C)."
        )
        return input("Type yes to go on: ").strip().lower() == "yes"
