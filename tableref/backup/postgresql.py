"""PostgreSQL: `pg_dump --format=custom` and `pg_restore --clean`, from the PostgreSQL client tools.

The client must be at least the server's major version (Debian's `postgresql-client` of that version):
pg_dump refuses to dump a newer server, and says so; that message is passed on as it is.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper

from tableref.backup.files import BackupError

# The settings a libpq program reads from its environment, so that no password shows in a process list.
LIBPQ_ENVIRONMENT = {"HOST": "PGHOST", "PORT": "PGPORT", "USER": "PGUSER", "PASSWORD": "PGPASSWORD"}
LIBPQ_OPTIONS = {
    "sslmode": "PGSSLMODE",
    "sslrootcert": "PGSSLROOTCERT",
    "connect_timeout": "PGCONNECT_TIMEOUT",
}


def client_environment(settings_dict: dict[str, Any]) -> dict[str, str]:
    environment = dict(os.environ)
    for key, variable in LIBPQ_ENVIRONMENT.items():
        if settings_dict.get(key):
            environment[variable] = str(settings_dict[key])
    for key, variable in LIBPQ_OPTIONS.items():
        if settings_dict.get("OPTIONS", {}).get(key):
            environment[variable] = str(settings_dict["OPTIONS"][key])
    environment["PGDATABASE"] = str(settings_dict["NAME"])
    return environment


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(
            f"{name} is not installed: install the PostgreSQL client tools of the server's version "
            "(Debian: postgresql-client)"
        )
    return found


def _run(arguments: list[str], settings_dict: dict[str, Any]) -> None:
    finished = subprocess.run(
        arguments, env=client_environment(settings_dict), capture_output=True, text=True, check=False
    )
    if finished.returncode != 0:
        message = " ".join(finished.stderr.split()) or f"exit status {finished.returncode}"
        raise BackupError(f"{Path(arguments[0]).name} failed: {message}")


def postgresql_backup(connection: BaseDatabaseWrapper, target: Path) -> None:
    arguments = [tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges", f"--file={target}"]
    _run(arguments, connection.settings_dict)


def postgresql_restore(connection: BaseDatabaseWrapper, source: Path) -> None:
    """Every table of the backup is dropped and made again from it, in one transaction: all or nothing."""
    connection.close()  # our own connection must hold no lock on the tables being replaced
    arguments = [
        tool("pg_restore"),
        "--clean",
        "--if-exists",
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        f"--dbname={connection.settings_dict['NAME']}",
        str(source),
    ]
    _run(arguments, connection.settings_dict)
