"""Where a child's name could be: every column of every table, the cache, stored files and a folder of files.

Generic on purpose: no list of fields. Every table the database has is read whole, every value turned into the
text a person could read from it (a stored file is opened as what it is: a workbook or a ZIP member by member,
a PDF through poppler, a pg_dump archive through pg_restore, anything else as UTF-8), and every entry of the
cache is unpickled. Spaces are dropped and case ignored on both sides, since a PDF's text may split a name
where it wrapped.
"""

from __future__ import annotations

import base64
import contextlib
import io
import pickle
import subprocess
import tempfile
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import connection

from tests.referee.exporters.conftest import pdf_text
from tests.tools import require_tool


@dataclass(frozen=True)
class Place:
    where: str
    text: str


def flat(text: str) -> str:
    """Without spaces and case: "SZETO WING KEI" is Szeto Wing Kei."""
    return "".join(text.split()).casefold()


def readable_text(data: bytes) -> str:
    """What a person could read from stored bytes, whatever they are."""
    if data.startswith(b"PK"):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                return "\n".join(readable_text(archive.read(name)) for name in archive.namelist())
        except zipfile.BadZipFile:
            pass
    if data.startswith(b"%PDF"):
        return pdf_text(data)
    if data.startswith(b"PGDMP"):
        return pg_archive_text(data)
    return data.decode("utf-8", errors="ignore")


def pg_archive_text(data: bytes) -> str:
    """A pg_dump archive (compressed) as the SQL it restores."""
    executable = require_tool(
        "pg_restore", package="postgresql-client", purpose="to read a PostgreSQL backup"
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "backup"
        path.write_bytes(data)
        return subprocess.run(
            [executable, "--file=-", str(path)], capture_output=True, check=True, text=True
        ).stdout


def _value_text(value: object) -> str:
    if isinstance(value, memoryview):
        value = value.tobytes()
    if isinstance(value, bytes):
        return readable_text(value)
    return "" if value is None else str(value)


def cache_table() -> str | None:
    cache = settings.CACHES["default"]
    return cache["LOCATION"] if cache["BACKEND"].endswith("DatabaseCache") else None


def _cache_value_text(stored: str) -> str:
    """A database cache entry: base64 of a pickle (zlib-compressed when Django chose to)."""
    raw = base64.b64decode(stored)
    with contextlib.suppress(zlib.error):
        raw = zlib.decompress(raw)
    return repr(pickle.loads(raw))  # repr keeps Chinese as it is; bytes inside show as escapes


def database_places() -> Iterator[Place]:
    """Every value of every column of every table, as text; the cache table's entries unpickled."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        tables = connection.introspection.table_names(cursor)
        for table in tables:
            columns = [
                column.name for column in connection.introspection.get_table_description(cursor, table)
            ]
            cursor.execute(f"SELECT {', '.join(quote(name) for name in columns)} FROM {quote(table)}")
            for row in cursor.fetchall():
                for column, value in zip(columns, row, strict=True):
                    if table == cache_table() and column == "value":
                        text = _cache_value_text(value)
                    else:
                        text = _value_text(value)
                    if text:
                        yield Place(f"{table}.{column}", text)


def folder_places(folder: Path) -> Iterator[Place]:
    if not folder.exists():
        return
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            yield Place(str(path), readable_text(path.read_bytes()))


def findings(places: Iterable[Place], needles: Iterable[str]) -> set[tuple[str, str]]:
    """(where, what) for every needle found in every place."""
    wanted = [flat(needle) for needle in needles if flat(needle)]
    found = set()
    for place in places:
        text = flat(place.text)
        for needle in wanted:
            if needle in text:
                found.add((place.where, needle))
    return found


def places_named(found: set[tuple[str, str]]) -> set[str]:
    """The tables (or files) where something was found, without the column."""
    return {where.split(".")[0] if "/" not in where else "files" for where, _needle in found}
