"""With the production environment that docs/deploy.md documents, `manage.py check --deploy` warns of nothing.

The environment is read from the guide itself (the block after "tableref.env"), so the guide and the settings
cannot drift apart; only the secret key's placeholder is replaced by a real random key.
"""

from __future__ import annotations

import re
import secrets
import subprocess
import sys
from pathlib import Path

from tests.tableref.settings_probe import ROOT, clean_environment

GUIDES = [ROOT / "docs" / "deploy.md", ROOT / "docs" / "deploy.zh-Hant.md"]
ASSIGNMENT = re.compile(r"^([A-Z][A-Z0-9_]*)=(.*)$")


def documented_environment(guide: Path) -> dict[str, str]:
    """The NAME=value lines of the fenced block that follows the line naming tableref.env."""
    lines = guide.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if "tableref.env" in line and not line.startswith("```"))
    opening = next(i for i in range(start, len(lines)) if lines[i].startswith("```"))
    closing = next(i for i in range(opening + 1, len(lines)) if lines[i].startswith("```"))
    environment = {}
    for line in lines[opening + 1 : closing]:
        match = ASSIGNMENT.match(line.strip())
        if match:
            environment[match[1]] = match[2]
    return environment


def check_deploy(environment: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=clean_environment(**environment),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_both_guides_document_the_same_environment() -> None:
    english, chinese = (documented_environment(guide) for guide in GUIDES)
    assert english == chinese
    assert {"SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "HTTPS", "CSRF_TRUSTED_ORIGINS"} <= set(english)


def test_the_documented_production_environment_passes_check_deploy_without_a_warning() -> None:
    environment = documented_environment(GUIDES[0])
    assert "<" in environment["SECRET_KEY"], "the guide shows a placeholder, never a key to copy"
    environment["SECRET_KEY"] = secrets.token_urlsafe(50)
    finished = check_deploy(environment)
    assert finished.returncode == 0, finished.stderr
    assert "WARNING" not in finished.stderr + finished.stdout
    assert "System check identified no issues" in finished.stdout


def test_the_check_can_fail_without_https() -> None:
    """The same environment without HTTPS=1 is warned about: the test above is not vacuous."""
    environment = documented_environment(GUIDES[0])
    environment["SECRET_KEY"] = secrets.token_urlsafe(50)
    del environment["HTTPS"]
    finished = check_deploy(environment)
    assert finished.returncode != 0
    assert "security.W004" in finished.stderr  # no HSTS
    assert "security.W008" in finished.stderr  # no HTTPS redirect
