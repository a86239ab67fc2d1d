"""Backups carry their tournaments' dates: a backup may be kept until the first of its tournaments that still
holds children is due to be forgotten, and no longer.

The date is read from the backup itself (`tableref.backup.contents`: the tournaments, their last match day,
their retention and whether their children were already forgotten, as they stood when it was made), so a
copy taken elsewhere says the same date. `forget_expired` deletes the backups in the backup folder
(`BACKUP_DIR`) past that date; a file there that is not a TableRef backup is left alone.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.utils import timezone

from referee.models import Tournament
from referee.privacy.retention import forget_on
from tableref.backup.contents import Contents, TournamentHeld, backup_contents
from tableref.backup.files import BackupError


@dataclass(frozen=True)
class BackupFile:
    path: Path
    keep_until: datetime.date | None  # the day its first tournament's children are due to be forgotten
    tournament: str  # that tournament's short name

    @property
    def why(self) -> str:
        return f"holds the children of {self.tournament}, due {self.keep_until}"


def held_forget_on(held: TournamentHeld) -> datetime.date:
    return forget_on(held.last_match_day, timezone.localdate(held.created_at), held.retention_days)


def keep_until(contents: Contents) -> tuple[datetime.date, str] | None:
    """The first date on which a tournament in the backup is due, with its short name; None when the backup
    holds no child's personal data."""
    due = [(held_forget_on(held), held.slug) for held in contents.tournaments if held.children]
    return min(due) if due else None


def backup_files(folder: Path | None = None) -> list[Path]:
    """The files of the backup folder, not those being written (`.name.` temporaries) or hidden."""
    folder = Path(folder or settings.BACKUP_DIR)
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.iterdir() if path.is_file() and not path.name.startswith("."))


def dated_backups(folder: Path | None = None) -> tuple[list[BackupFile], list[str]]:
    """Every backup in the folder with its date; and a line for each file that could not be read."""
    found, problems = [], []
    for path in backup_files(folder):
        try:
            contents = backup_contents(path)
        except BackupError as error:
            problems.append(str(error))
            continue
        until = keep_until(contents)
        found.append(BackupFile(path, until[0] if until else None, until[1] if until else ""))
    return found, problems


def expired_backups(on: datetime.date, folder: Path | None = None) -> list[BackupFile]:
    """The backups past their date on `on`."""
    found, _problems = dated_backups(folder)
    return [backup for backup in found if backup.keep_until is not None and backup.keep_until <= on]


def backups_holding(tournament: Tournament, folder: Path | None = None) -> list[BackupFile]:
    """The backups that hold this tournament's children (the same short name and moment of creation)."""
    holding = []
    for path in backup_files(folder):
        try:
            contents = backup_contents(path)
        except BackupError:
            continue
        for held in contents.tournaments:
            if held.slug == tournament.slug and held.created_at == tournament.created_at and held.children:
                holding.append(BackupFile(path, held_forget_on(held), held.slug))
    return holding
