"""Backup and restore on the suite's database (SQLite here, PostgreSQL in CI's second run): a round trip
brings back every row exactly, times to the microsecond and JSON as it was."""

from __future__ import annotations

import datetime
import io
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from core.models import AuditEntry
from referee.models import Tournament
from tests.tools import require_tool
from weather.models import SnapshotSource, WarningSnapshot

pytestmark = pytest.mark.django_db(transaction=True)
PRECISE = datetime.datetime(2025, 7, 19, 6, 55, 12, 123456, tzinfo=datetime.UTC)
SAVED_APPS = ("auth", "core", "referee", "weather")


@pytest.fixture(autouse=True)
def client_tools() -> None:
    if connection.vendor == "postgresql":
        require_tool("pg_dump", package="postgresql-client", purpose="PostgreSQL backups need it")
        require_tool("pg_restore", package="postgresql-client", purpose="PostgreSQL restores need it")


def everything() -> dict[str, list[dict]]:
    """Every row of the site's own tables, in primary-key order, as Python values."""
    return {
        model._meta.label: list(model.objects.order_by("pk").values())
        for app in SAVED_APPS
        for model in apps.get_app_config(app).get_models()
    }


@pytest.fixture
def demo() -> dict[str, list[dict]]:
    call_command("load_demo", stdout=io.StringIO())
    WarningSnapshot.objects.create(
        feed="warnsum", read_at=PRECISE, payload='{"WRAIN": {"code": "WRAINA"}}', source=SnapshotSource.IMPORT
    )
    return everything()


def change_everything() -> None:
    """What a day of play after the backup does: results, names and readings change, rows come and go."""
    AuditEntry.objects.all().delete()
    Tournament.objects.update(name="renamed after the backup")
    WarningSnapshot.objects.update(read_at=PRECISE + datetime.timedelta(hours=1))
    WarningSnapshot.objects.create(feed="warnsum", read_at=PRECISE, payload="{}", source=SnapshotSource.FETCH)


def backup(path: Path, *options: str) -> str:
    out = io.StringIO()
    call_command("backup", str(path), *options, stdout=out)
    return out.getvalue()


def restore(path: Path, *options: str) -> str:
    out = io.StringIO()
    call_command("restore", str(path), *options, stdout=out)
    return out.getvalue()


def test_a_round_trip_brings_back_every_row_exactly(tmp_path: Path, demo: dict) -> None:
    target = tmp_path / "match-day.backup"
    assert "written to" in backup(target)
    assert target.stat().st_mode & 0o777 == 0o600

    change_everything()
    assert everything() != demo

    assert "now holds" in restore(target, "--yes")
    restored = everything()
    assert restored == demo
    assert WarningSnapshot.objects.get().read_at == PRECISE
    changes = [entry.changes for entry in AuditEntry.objects.order_by("pk")]
    assert any(isinstance(change, dict) and change for change in changes)


def test_the_site_works_on_after_a_restore(tmp_path: Path, demo: dict) -> None:
    """Sequences come back too: the next row gets a new key, not one the backup already holds."""
    target = tmp_path / "sequences.backup"
    backup(target)
    restore(target, "--yes")
    newest = max(row["id"] for row in demo["weather.WarningSnapshot"])
    added = WarningSnapshot.objects.create(
        feed="warnsum", read_at=PRECISE, payload="{}", source=SnapshotSource.IMPORT
    )
    assert added.pk > newest


def test_an_existing_file_is_kept_without_force(tmp_path: Path, demo: dict) -> None:
    target = tmp_path / "kept.backup"
    target.write_bytes(b"an earlier backup")
    with pytest.raises(CommandError, match="already exists.*--force"):
        backup(target)
    assert target.read_bytes() == b"an earlier backup"
    backup(target, "--force")
    assert target.read_bytes() != b"an earlier backup"
    assert list(tmp_path.iterdir()) == [target], "no temporary file is left behind"


def test_restore_asks_first_and_changes_nothing_unless_told_yes(tmp_path: Path, demo: dict, monkeypatch):
    target = tmp_path / "asked.backup"
    backup(target)
    change_everything()
    after_delete = everything()

    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    with pytest.raises(CommandError, match="not confirmed"):
        restore(target)
    assert everything() == after_delete

    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: "no")
    with pytest.raises(CommandError, match="not confirmed"):
        restore(target)
    assert everything() == after_delete

    monkeypatch.setattr("builtins.input", lambda prompt: "yes")
    restore(target)
    assert everything() == demo


@pytest.mark.parametrize("content", [b"", b"just some text", b"SQLite format 3\x00" + b"\x00" * 200])
def test_restore_refuses_what_is_not_a_backup(tmp_path: Path, demo: dict, content: bytes) -> None:
    target = tmp_path / "not-a-backup"
    target.write_bytes(content)
    with pytest.raises(CommandError, match="restore: nothing changed|restore: .* (damaged|not a TableRef)"):
        restore(target, "--yes")
    assert everything() == demo


def test_restore_refuses_a_backup_of_the_other_kind_of_database(tmp_path: Path, demo: dict) -> None:
    other = b"PGDMP" if connection.vendor == "sqlite" else b"SQLite format 3\x00"
    target = tmp_path / "other-kind.backup"
    target.write_bytes(other + b"\x00" * 100)
    with pytest.raises(CommandError, match=r"is a \w+ backup and this site uses"):
        restore(target, "--yes")
    assert everything() == demo


def test_a_missing_file_or_folder_is_one_clear_line(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="cannot read"):
        restore(tmp_path / "missing.backup", "--yes")
    with pytest.raises(CommandError, match="does not exist"):
        backup(tmp_path / "no-such-folder" / "x.backup")
    with pytest.raises(CommandError, match="is a folder"):
        backup(tmp_path)
