"""What a backup (or the live database) holds, read without restoring it: its tables and triggers, its
tournaments with their children and retention, its accounts with admin rights, the date of its last change.

A SQLite backup is opened read-only; a pg_dump archive is read through `pg_restore --list` (its tables and
triggers) and `pg_restore --data-only --file=-` (the few tables needed, as COPY text). The live database is
read through Django's connection. All three give the same rows to `summarise`, so a backup is described just
as the database it would replace. Columns a backup made by an older TableRef lacks read as their defaults.
"""

from __future__ import annotations

import datetime
import re
import sqlite3
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper

from tableref.backup.files import BackupError, BackupKind, backup_kind

REQUIRED_TABLES = frozenset(
    {"django_migrations", "auth_user", "referee_tournament", "referee_player", "referee_auditentry"}
)
# The triggers TableRef makes (referee/models/triggers.py), by name, on either database.
KNOWN_TRIGGERS = frozenset(
    {
        "referee_seat_within_table_size_insert",
        "referee_seat_within_table_size_update",
        "referee_seat_within_table_size",
    }
)
READ_COLUMNS = {
    "referee_tournament": ("id", "slug", "name", "created_at"),
    "referee_round": ("tournament_id", "date"),
    "referee_player": ("tournament_id", "forgotten_at"),
    "referee_privacysettings": ("tournament_id", "retention_days", "forgotten_at"),
    "auth_user": ("username", "is_superuser", "is_staff", "is_active"),
    "referee_auditentry": ("created_at",),
    "referee_game": ("updated_at",),
}
DEFAULT_RETENTION_DAYS = 90

Rows = dict[str, list[dict[str, Any]]]


@dataclass(frozen=True)
class TournamentHeld:
    slug: str
    name: str
    created_at: datetime.datetime
    last_match_day: datetime.date | None
    players: int
    children: int  # players whose personal data is still held
    retention_days: int


@dataclass(frozen=True)
class Admin:
    username: str
    superuser: bool


@dataclass(frozen=True)
class Contents:
    tournaments: list[TournamentHeld]
    last_change: datetime.datetime | None
    admins: list[Admin]
    triggers: frozenset[str]

    @property
    def players(self) -> int:
        return sum(held.players for held in self.tournaments)

    @property
    def unknown_triggers(self) -> list[str]:
        return sorted(self.triggers - KNOWN_TRIGGERS)


def backup_contents(path: Path, *, pg_restore: str = "pg_restore") -> Contents:
    """A backup's contents; a file that is not a TableRef backup is refused (`BackupError`)."""
    kind = backup_kind(path)
    if kind is BackupKind.SQLITE:
        return _sqlite_file_contents(path)
    return _pg_archive_contents(path, pg_restore)


def live_contents(connection: BaseDatabaseWrapper) -> Contents:
    """What the live database holds, read as a backup of it would be."""
    with connection.cursor() as cursor:
        tables = set(connection.introspection.table_names(cursor))
        rows: Rows = {}
        for table, wanted in READ_COLUMNS.items():
            if table not in tables:
                continue
            have = {column.name for column in connection.introspection.get_table_description(cursor, table)}
            columns = [column for column in wanted if column in have]
            quote = connection.ops.quote_name
            cursor.execute(f"SELECT {', '.join(quote(c) for c in columns)} FROM {quote(table)}")
            rows[table] = [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]
    return summarise(rows, triggers=frozenset())


def _sqlite_file_contents(path: Path) -> Contents:
    try:
        database = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise BackupError(f"cannot open {path}: {error}") from error
    try:
        objects = database.execute("SELECT type, name FROM sqlite_master").fetchall()
        tables = {name for kind, name in objects if kind == "table"}
        triggers = frozenset(name for kind, name in objects if kind == "trigger")
        _require_tables(path, tables)
        rows: Rows = {}
        for table, wanted in READ_COLUMNS.items():
            if table not in tables:
                continue
            have = {row[1] for row in database.execute(f'PRAGMA table_info("{table}")')}
            columns = [column for column in wanted if column in have]
            found = database.execute(f'SELECT {", ".join(columns)} FROM "{table}"').fetchall()
            rows[table] = [dict(zip(columns, row, strict=True)) for row in found]
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is damaged: {error}") from error
    finally:
        database.close()
    return summarise(rows, triggers=triggers)


def _require_tables(path: Path, tables: Iterable[str]) -> None:
    missing = REQUIRED_TABLES - set(tables)
    if missing:
        raise BackupError(
            f"{path} is not a TableRef backup: it has no {', '.join(sorted(missing))} "
            "(a database of something else, or an empty one)"
        )


# `pg_restore --list` lines: "215; 1259 16420 TABLE public referee_player tableref"
_LISTED = re.compile(r"^\d+;\s+\d+\s+\d+\s+(?P<kind>TABLE|TRIGGER)\s+(?P<schema>\S+)\s+(?P<rest>.+)$")


def _pg_archive_contents(path: Path, pg_restore: str) -> Contents:
    listing = _pg_restore(pg_restore, ["--list", str(path)], path)
    tables: set[str] = set()
    triggers: set[str] = set()
    for line in listing.splitlines():
        found = _LISTED.match(line.strip())
        if found is None:
            continue
        words = found["rest"].split()
        if found["kind"] == "TABLE":
            tables.add(words[0])
        elif len(words) >= 2:  # TRIGGER public <table> <trigger> <owner>
            triggers.add(words[1])
    _require_tables(path, tables)
    arguments = ["--data-only", "--file=-"]
    for table in READ_COLUMNS:
        if table in tables:
            arguments.append(f"--table={table}")
    rows = copy_rows(_pg_restore(pg_restore, [*arguments, str(path)], path))
    wanted = {table: rows.get(table, []) for table in READ_COLUMNS if table in tables}
    return summarise(wanted, triggers=frozenset(triggers))


def _pg_restore(executable: str, arguments: list[str], path: Path) -> str:
    try:
        finished = subprocess.run(
            [executable, *arguments], capture_output=True, text=True, check=False, encoding="utf-8"
        )
    except FileNotFoundError as error:
        raise BackupError(
            "pg_restore is not installed: install the PostgreSQL client tools (Debian: postgresql-client)"
        ) from error
    if finished.returncode != 0:
        message = " ".join(finished.stderr.split()) or f"exit status {finished.returncode}"
        raise BackupError(f"{path} is not a TableRef backup pg_restore can read: {message}")
    return finished.stdout


_COPY = re.compile(r"^COPY (?:\S+\.)?(?P<table>\S+) \((?P<columns>[^)]*)\) FROM stdin;$")
_ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}


def copy_rows(text: str) -> Rows:
    """The rows of COPY blocks in pg_restore's SQL output (text format: tabs between values, \\N for NULL,
    backslash escapes)."""
    rows: Rows = {}
    table: str | None = None
    columns: list[str] = []
    for line in text.splitlines():
        if table is None:
            started = _COPY.match(line)
            if started:
                table = started["table"].strip('"')
                columns = [name.strip().strip('"') for name in started["columns"].split(",")]
                rows.setdefault(table, [])
            continue
        if line == "\\.":
            table = None
            continue
        values = [None if value == "\\N" else _unescape(value) for value in line.split("\t")]
        rows[table].append(dict(zip(columns, values, strict=False)))
    return rows


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", lambda found: _ESCAPES.get(found[1], found[1]), value)


def summarise(rows: Rows, *, triggers: frozenset[str]) -> Contents:
    """The same description from rows however they were read (SQLite's texts, PostgreSQL's COPY texts, or
    typed values from a live connection)."""
    last_days: dict[Any, datetime.date] = {}
    for row in rows.get("referee_round", []):
        day = as_date(row.get("date"))
        key = str(row.get("tournament_id"))
        if day is not None and (key not in last_days or day > last_days[key]):
            last_days[key] = day
    players: dict[str, int] = {}
    children: dict[str, int] = {}
    for row in rows.get("referee_player", []):
        key = str(row.get("tournament_id"))
        players[key] = players.get(key, 0) + 1
        if row.get("forgotten_at") in (None, ""):
            children[key] = children.get(key, 0) + 1
    retention = {
        str(row.get("tournament_id")): int(row.get("retention_days") or DEFAULT_RETENTION_DAYS)
        for row in rows.get("referee_privacysettings", [])
    }
    tournaments = [
        TournamentHeld(
            slug=str(row.get("slug")),
            name=str(row.get("name")),
            created_at=as_datetime(row.get("created_at"))
            or datetime.datetime.min.replace(tzinfo=datetime.UTC),
            last_match_day=last_days.get(str(row.get("id"))),
            players=players.get(str(row.get("id")), 0),
            children=children.get(str(row.get("id")), 0),
            retention_days=retention.get(str(row.get("id")), DEFAULT_RETENTION_DAYS),
        )
        for row in rows.get("referee_tournament", [])
    ]
    changes = [
        as_datetime(row.get(column))
        for table, column in (("referee_auditentry", "created_at"), ("referee_game", "updated_at"))
        for row in rows.get(table, [])
    ]
    admins = [
        Admin(username=str(row.get("username")), superuser=as_bool(row.get("is_superuser")))
        for row in rows.get("auth_user", [])
        if (as_bool(row.get("is_superuser")) or as_bool(row.get("is_staff")))
        and as_bool(row.get("is_active"))
    ]
    return Contents(
        tournaments=sorted(tournaments, key=lambda held: (held.created_at, held.slug)),
        last_change=max((moment for moment in changes if moment is not None), default=None),
        admins=sorted(admins, key=lambda admin: admin.username),
        triggers=triggers,
    )


def as_bool(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in {"t", "true", "1"}
    return bool(value)


def as_date(value: Any) -> datetime.date | None:
    if value in (None, ""):
        return None
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    return datetime.date.fromisoformat(str(value)[:10])


def as_datetime(value: Any) -> datetime.datetime | None:
    """A moment as SQLite (UTC text without an offset), PostgreSQL's COPY ("+00") or a driver gives it."""
    if value in (None, ""):
        return None
    if isinstance(value, datetime.datetime):
        moment = value
    else:
        text = str(value).strip().replace(" ", "T", 1)
        if re.search(r"[+-]\d\d$", text):
            text += ":00"
        moment = datetime.datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=datetime.UTC)
