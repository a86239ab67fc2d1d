"""Every `manage.py` command the README and the guides show works as written on a fresh copy: no DEBUG, no
SECRET_KEY in the environment, only what a teacher or an operator would type. Each one found in the docs is
run with `--help` (it exists, and the settings load), and the ones that only read are run for real."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tableref.settings_probe import ROOT, clean_environment

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHOWN = re.compile(r"manage\.py ([a-z_]+)")


def documented_commands() -> list[str]:
    found = {name for path in DOCUMENTS for name in SHOWN.findall(path.read_text(encoding="utf-8"))}
    return sorted(found)


def run(arguments: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    environment = clean_environment(DATABASE_URL=f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    return subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_docs_show_commands_at_all() -> None:
    assert {"backup", "restore", "export", "import_people", "db_worker"} <= set(documented_commands())


@pytest.mark.parametrize("command", documented_commands())
def test_each_documented_command_runs_as_written(command: str, tmp_path: Path) -> None:
    finished = run([command, "--help"], tmp_path)
    assert finished.returncode == 0, finished.stderr
    assert "Traceback" not in finished.stderr


@pytest.mark.slow
def test_reading_commands_run_for_real_on_a_fresh_copy(tmp_path: Path) -> None:
    for arguments in (["migrate", "--noinput"], ["check"], ["export", "--list"]):
        finished = run(arguments, tmp_path)
        assert finished.returncode == 0, (arguments, finished.stderr)
