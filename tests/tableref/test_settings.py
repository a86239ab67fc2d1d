"""The settings read the environment as the README promises."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def _settings_in_subprocess(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    code = (
        "import json, tableref.settings as s; "
        "print(json.dumps({'debug': s.DEBUG, 'hosts': s.ALLOWED_HOSTS,"
        " 'engine': s.DATABASES['default']['ENGINE'], 'tz': s.TIME_ZONE, 'lang': s.LANGUAGE_CODE}))"
    )
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "ALLOWED_HOSTS"}
    }
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "HALL_STATE_DIR": tempfile.mkdtemp(prefix="tableref-state-"), **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_without_debug_or_a_key_one_is_kept_for_the_owner_alone(tmp_path: Path) -> None:
    """`python manage.py ...` on a fresh copy works as the guides show it: the key is made once, kept in the
    hall's folder readable by its owner only, and the same at the next start."""
    state = tmp_path / "state"
    first = _settings_in_subprocess({"HALL_STATE_DIR": str(state)})
    again = _settings_in_subprocess({"HALL_STATE_DIR": str(state)})
    assert first.returncode == 0, first.stderr
    assert again.returncode == 0, again.stderr
    key = state / "secret-key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert len(key.read_text().strip()) >= 50


def test_on_the_halls_laptop_the_key_the_hall_kept_is_used(tmp_path: Path) -> None:
    """`manage.py backup` on the hall's laptop (Windows has no make to set the environment) needs no key
    typed by hand: it reads the one the hall made."""
    (tmp_path / "secret-key").write_text("k" * 60 + "\n", encoding="ascii")
    code = "import tableref.settings as s; print(s.SECRET_KEY)"
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "HALL_STATE_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "k" * 60


def test_debug_gives_a_development_key_and_sqlite_by_default() -> None:
    result = _settings_in_subprocess({"DEBUG": "1"})
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert values == {
        "debug": True,
        "hosts": ["127.0.0.1", "localhost"],
        "engine": "django.db.backends.sqlite3",
        "tz": "Asia/Hong_Kong",
        "lang": "zh-hant",
    }


def test_database_url_and_allowed_hosts_come_from_the_environment() -> None:
    result = _settings_in_subprocess(
        {
            "SECRET_KEY": "x" * 40,
            "DATABASE_URL": "postgres://someone@db.example:5432/tableref",
            "ALLOWED_HOSTS": "tableref.example, hall.example",
        }
    )
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert values["debug"] is False
    assert values["engine"] == "django.db.backends.postgresql"
    assert values["hosts"] == ["tableref.example", "hall.example"]


@pytest.mark.django_db
def test_sqlite_runs_in_wal_mode_with_immediate_transactions() -> None:
    if connection.vendor != "sqlite":
        assert connection.vendor == "postgresql"
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        mode = cursor.fetchone()[0]
    # The test database lives in memory, where SQLite reports "memory"; a file database reports "wal".
    assert mode in {"wal", "memory"}
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_a_file_database_is_in_wal_mode(tmp_path: Path) -> None:
    database = tmp_path / "check.sqlite3"
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='tableref.settings'; django.setup(); "
        "from django.db import connection; c = connection.cursor(); c.execute('PRAGMA journal_mode'); "
        "print(c.fetchone()[0])"
    )
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL"}}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "DEBUG": "1", "DATABASE_URL": f"sqlite:///{database}"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "wal"


def test_manage_py_without_a_key_and_nowhere_to_keep_one_says_so_in_one_line(tmp_path: Path) -> None:
    """An operator whose environment lacks the key, on a machine where the folder cannot be written, gets the
    remedy, not a traceback."""
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the folder would be")
    clean = {
        k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "DJANGO_SETTINGS_MODULE"}
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**clean, "HALL_STATE_DIR": str(blocked / "state")},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("manage.py: SECRET_KEY is not set and no key could be kept in ")
    assert lines[0].endswith("Set SECRET_KEY, or DEBUG=1 for development.")
