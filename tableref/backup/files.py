"""Backup files: what kind a file is (from its first bytes), and writing one without leaving half a file."""

from __future__ import annotations

import enum
import os
import tempfile
from collections.abc import Callable
from pathlib import Path


class BackupError(Exception):
    """A backup or restore that cannot go ahead; the message says why and what to do, in one line."""


class BackupKind(enum.Enum):
    SQLITE = "sqlite"
    POSTGRESQL = "postgresql"


SIGNATURES = {BackupKind.SQLITE: b"SQLite format 3\x00", BackupKind.POSTGRESQL: b"PGDMP"}


def backup_kind(path: Path) -> BackupKind:
    try:
        with path.open("rb") as handle:
            start = handle.read(16)
    except OSError as error:
        raise BackupError(f"cannot read {path}: {error.strerror or error}") from error
    for kind, signature in SIGNATURES.items():
        if start.startswith(signature):
            return kind
    raise BackupError(f"{path} is not a TableRef backup (neither a SQLite database nor a pg_dump archive)")


def write_atomically(target: Path, *, force: bool, write: Callable[[Path], None]) -> None:
    """`write` fills a temporary file beside `target`, which then takes its name: a failed or interrupted
    backup leaves the old file (or none), never a truncated one. An existing file is kept unless `force`."""
    if target.is_dir():
        raise BackupError(f"{target} is a folder: give a file name, such as {target / 'tableref.backup'}")
    if target.exists() and not force:
        raise BackupError(f"{target} already exists: choose another name, or add --force to replace it")
    if not target.parent.is_dir():
        raise BackupError(f"the folder {target.parent} does not exist")
    # mkstemp makes the file readable by the organiser's account only (players' names and results), and the
    # writers write into it, so it is never readable by others, not even while it is being written.
    descriptor, temporary_name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    os.close(descriptor)
    temporary = Path(temporary_name)
    try:
        write(temporary)
        os.chmod(temporary, 0o600)
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)
