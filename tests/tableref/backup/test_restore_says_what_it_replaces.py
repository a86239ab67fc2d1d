"""`restore` refuses what is not a TableRef backup, says what a backup holds and what it will replace before
asking, and stops a backup that gives an account admin rights the database does not give (an audit restored
an empty SQLite file over the whole database, and a tampered backup's new superuser and extra trigger came in
silently). On the suite's database: SQLite here, PostgreSQL in CI's second run."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from referee.models import Player, Tournament
from tableref.backup.contents import backup_contents, copy_rows
from tableref.backup.files import BackupError
from tests.tools import require_tool

pytestmark = pytest.mark.django_db(transaction=True)
User = get_user_model()


@pytest.fixture(autouse=True)
def client_tools() -> None:
    if connection.vendor == "postgresql":
        require_tool("pg_dump", package="postgresql-client", purpose="PostgreSQL backups need it")
        require_tool("pg_restore", package="postgresql-client", purpose="PostgreSQL restores need it")


@pytest.fixture
def demo() -> None:
    call_command("load_demo", stdout=io.StringIO())
    User.objects.create_superuser("siteadmin", password="a-long-pass-1")


def backup(path: Path) -> str:
    out = io.StringIO()
    call_command("backup", str(path), stdout=out)
    return out.getvalue()


def restore(path: Path, *options: str) -> str:
    out = io.StringIO()
    call_command("restore", str(path), *options, stdout=out)
    return out.getvalue()


def sqlite_only() -> None:
    if connection.vendor != "sqlite":
        pytest.skip("a SQLite file is restored into SQLite only")


def test_an_empty_sqlite_file_is_refused_and_nothing_changes(tmp_path: Path, demo) -> None:
    sqlite_only()
    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).close()
    sqlite3.connect(empty).execute("PRAGMA user_version = 1").connection.commit()
    with pytest.raises(CommandError, match="not a TableRef backup: it has no"):
        restore(empty, "--yes")
    assert Player.objects.exists()


def test_a_database_of_something_else_is_refused(tmp_path: Path, demo) -> None:
    sqlite_only()
    other = tmp_path / "other.sqlite3"
    database = sqlite3.connect(other)
    database.execute("CREATE TABLE django_migrations (id INTEGER PRIMARY KEY, app TEXT, name TEXT)")
    database.execute("CREATE TABLE customers (name TEXT)")
    database.commit()
    database.close()
    with pytest.raises(CommandError, match="not a TableRef backup: it has no auth_user, referee_auditentry"):
        restore(other, "--yes")
    assert Tournament.objects.exists()


def test_an_archive_of_another_database_is_refused(tmp_path: Path, demo) -> None:
    """A pg_dump archive, but not of a TableRef database (here, of one table of another kind)."""
    if connection.vendor != "postgresql":
        pytest.skip("pg_dump archives are restored into PostgreSQL only")
    archive = tmp_path / "sessions-only.backup"
    settings_dict = connection.settings_dict
    environment = {
        **os.environ,
        "PGHOST": settings_dict["HOST"] or "127.0.0.1",
        "PGUSER": settings_dict["USER"],
    }
    dump = [
        "pg_dump",
        "--format=custom",
        "--table=django_session",
        f"--file={archive}",
        settings_dict["NAME"],
    ]
    subprocess.run(dump, check=True, env=environment)
    with pytest.raises(CommandError, match="not a TableRef backup"):
        restore(archive, "--yes")
    assert Tournament.objects.exists()


def test_it_says_what_the_backup_holds_and_what_it_replaces(tmp_path: Path, demo) -> None:
    target = tmp_path / "morning.backup"
    backup(target)
    Tournament.objects.filter(slug="demo").update(name="renamed after the backup")
    said = restore(target, "--yes")
    held, _, replaced = said.partition("It will replace everything in")
    players = Player.objects.count()
    assert f"1 tournaments, {players} players:" in held
    assert "demo: " in held
    assert "renamed after the backup" not in held
    assert "renamed after the backup" in replaced
    assert "accounts with admin rights: siteadmin (superuser)" in held
    assert "last change: 20" in held
    assert "children's data kept until" in held
    assert "now holds" in said


def test_a_backup_giving_new_admin_rights_is_stopped_unless_expected(tmp_path: Path, demo) -> None:
    """The backup was made while an account had admin rights it no longer has (or was changed to)."""
    User.objects.create_superuser("mallory", password="a-long-pass-2")
    target = tmp_path / "with-mallory.backup"
    backup(target)
    User.objects.filter(username="mallory").delete()
    Tournament.objects.update(name="after")

    with pytest.raises(CommandError, match="gives admin rights to mallory; add --allow-new-admins"):
        restore(target, "--yes")
    assert not User.objects.filter(username="mallory").exists()
    assert Tournament.objects.get().name == "after"

    said = restore(target, "--yes", "--allow-new-admins")
    assert "CAREFUL: the backup gives admin rights to mallory" in said
    assert User.objects.get(username="mallory").is_superuser


def test_asked_in_a_terminal_the_warning_comes_before_the_question(tmp_path: Path, demo, monkeypatch) -> None:
    User.objects.create_superuser("mallory", password="a-long-pass-2")
    target = tmp_path / "asked.backup"
    backup(target)
    User.objects.filter(username="mallory").delete()
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    asked = []
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or "no")
    out = io.StringIO()
    with pytest.raises(CommandError, match="not confirmed"):
        call_command("restore", str(target), stdout=out)
    assert "CAREFUL: the backup gives admin rights to mallory" in out.getvalue()
    assert asked == ["Type yes to go on: "]
    assert not User.objects.filter(username="mallory").exists()


def test_a_backup_with_a_trigger_tableref_does_not_make_is_refused(tmp_path: Path, demo) -> None:
    target = tmp_path / "tampered.backup"
    if connection.vendor == "sqlite":
        backup(target)
        tampered = sqlite3.connect(target)
        tampered.execute(
            "CREATE TRIGGER promote AFTER INSERT ON auth_user BEGIN "
            "UPDATE auth_user SET is_superuser = 1 WHERE id = NEW.id; END"
        )
        tampered.commit()
        tampered.close()
    else:
        with connection.cursor() as cursor:
            cursor.execute(
                "CREATE FUNCTION promote() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                "NEW.is_superuser := true; RETURN NEW; END $$"
            )
            cursor.execute(
                "CREATE TRIGGER promote BEFORE INSERT ON auth_user FOR EACH ROW EXECUTE FUNCTION promote()"
            )
        backup(target)
        with connection.cursor() as cursor:
            cursor.execute("DROP FUNCTION promote() CASCADE")
    with pytest.raises(CommandError, match=r"triggers TableRef does not make \(promote\)"):
        restore(target, "--yes", "--allow-new-admins")


def test_the_seat_trigger_of_tableref_itself_is_known(tmp_path: Path, demo) -> None:
    target = tmp_path / "plain.backup"
    backup(target)
    contents = backup_contents(target)
    assert contents.triggers  # the seat trigger is there ...
    assert contents.unknown_triggers == []  # ... and is TableRef's own


def test_a_file_that_is_no_database_at_all_is_one_line(tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("not a backup")
    with pytest.raises(BackupError, match="is not a TableRef backup"):
        backup_contents(target)


def test_copy_text_is_read_with_its_escapes_and_nulls() -> None:
    text = (
        "SET statement_timeout = 0;\n"
        "COPY public.auth_user (id, username, is_superuser, last_login) FROM stdin;\n"
        "1\tamy\\tb\\\\c\tt\t\\N\n"
        "\\.\n"
    )
    assert copy_rows(text) == {
        "auth_user": [{"id": "1", "username": "amy\tb\\c", "is_superuser": "t", "last_login": None}]
    }
