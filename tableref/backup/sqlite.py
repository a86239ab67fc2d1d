"""SQLite: the online backup API copies the live database page by page into a file, and back."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from django.db.backends.base.base import BaseDatabaseWrapper

from tableref.backup.files import BackupError


def _live(connection: BaseDatabaseWrapper) -> sqlite3.Connection:
    connection.ensure_connection()
    return connection.connection


def _check(database: sqlite3.Connection, path: Path) -> None:
    """The copy must be whole and must be a TableRef database, before it is trusted or replaces anything."""
    try:
        (verdict,) = database.execute("PRAGMA quick_check").fetchone()
        tables = {name for (name,) in database.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is damaged: {error}") from error
    if verdict != "ok":
        raise BackupError(f"{path} is damaged: {verdict}")
    if "django_migrations" not in tables:
        raise BackupError(f"{path} is a SQLite database, but not a TableRef one")


def sqlite_backup(connection: BaseDatabaseWrapper, target: Path) -> None:
    copy = sqlite3.connect(target)
    try:
        _live(connection).backup(copy)
        # One self-contained file: the live database's write-ahead log is folded in, none is left beside it.
        copy.execute("PRAGMA journal_mode=DELETE")
        _check(copy, target)
    finally:
        copy.close()


def sqlite_restore(connection: BaseDatabaseWrapper, source: Path) -> None:
    backup = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        _check(backup, source)
        live = _live(connection)
        try:
            backup.backup(live)
        except sqlite3.OperationalError as error:
            message = f"cannot replace the database (is a server using it? stop it first): {error}"
            raise BackupError(message) from error
    finally:
        backup.close()
    live.execute("PRAGMA journal_mode=WAL")
