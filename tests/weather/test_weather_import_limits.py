"""Hostile files for `weather_import`: too big, too deep, numbers too long. Each is one clear line, never a
traceback, and nothing is stored."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from weather.feed import FeedError, detect_feed, parse_summary
from weather.management.commands.weather_import import MAX_FILE_BYTES
from weather.models import WarningSnapshot

ROOT = Path(__file__).resolve().parents[2]
AT = "2025-07-19T06:55:00+08:00"
DEEP = "[" * 100_000 + "]" * 100_000
LONG_NUMBER = '{"WRAIN": {"code": "WRAINA", "actionCode": "ISSUE", "name": ' + "9" * 5000 + "}}"


def import_file(path: Path) -> None:
    call_command("weather_import", str(path), "--at", AT)


@pytest.mark.django_db
def test_a_file_over_the_cap_is_refused_and_nothing_is_stored(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_bytes(b"{}" + b" " * MAX_FILE_BYTES)
    with pytest.raises(CommandError, match=rf"over {MAX_FILE_BYTES} bytes"):
        import_file(path)
    assert not WarningSnapshot.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("payload", "words"), [(DEEP, "nested too deeply"), (LONG_NUMBER, "number")])
def test_deep_nesting_and_long_numbers_are_clear_errors(tmp_path: Path, payload: str, words: str) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(payload, encoding="utf-8")
    with pytest.raises(CommandError, match=rf"nothing stored: unreadable payload .*{words}"):
        import_file(path)
    assert not WarningSnapshot.objects.exists()


@pytest.mark.parametrize("payload", [DEEP, LONG_NUMBER])
def test_the_feed_reader_raises_its_own_error_for_them(payload: str) -> None:
    with pytest.raises(FeedError):
        detect_feed(payload)
    with pytest.raises(FeedError):
        parse_summary(payload)


def _limit_memory() -> None:
    """A reader that swallowed the whole stream would run out of memory here instead of on the machine."""
    limit = 2 * 1024**3
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def test_an_endless_stream_is_read_only_up_to_the_cap(tmp_path: Path) -> None:
    """/dev/zero has no size to look at first: the command must stop reading at the cap by itself."""
    env = {**os.environ, "DEBUG": "1", "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}"}
    finished = subprocess.run(
        [sys.executable, "manage.py", "weather_import", "/dev/zero", "--at", AT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_limit_memory,
        check=False,
    )
    assert finished.returncode == 1
    assert "Traceback" not in finished.stderr
    assert f"over {MAX_FILE_BYTES} bytes" in finished.stderr
