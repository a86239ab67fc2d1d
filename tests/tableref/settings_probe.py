"""Read the settings in a fresh interpreter with a given environment: settings are read once, at import."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# Everything the settings (and Django's checks) read, so that the test's own environment never leaks in.
SETTINGS_VARIABLES = {
    "DEBUG",
    "SECRET_KEY",
    "DATABASE_URL",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "CACHE_URL",
    "CONN_MAX_AGE",
    "HTTPS",
    "HSTS_SECONDS",
    "HSTS_INCLUDE_SUBDOMAINS",
    "HSTS_PRELOAD",
    "LOG_LEVEL",
    "SESSION_HOURS",
    "LOGIN_FAILURE_LIMIT",
    "LOGIN_LOCKOUT_MINUTES",
    "LOGIN_ADDRESS_FAILURE_LIMIT",
    "HALL_STATE_DIR",
    "ACCESS_LOG_FILE",
    "DJANGO_SETTINGS_MODULE",
    # Set by the browser tests' conftest for Playwright; `check --deploy` rightly refuses it.
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}


def clean_environment(**overrides: str) -> dict[str, str]:
    """The environment without the settings' variables; the hall's folder a new temporary one (a key made
    there, without DEBUG, never lands in this checkout), unless given."""
    base = {key: value for key, value in os.environ.items() if key not in SETTINGS_VARIABLES}
    return {**base, "HALL_STATE_DIR": tempfile.mkdtemp(prefix="tableref-state-"), **overrides}


def run_python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def settings_values(names: list[str], **env: str) -> dict[str, Any]:
    """The named settings as Django sees them, its defaults included (repr for what JSON cannot hold)."""
    code = (
        "import json; from django.conf import settings as s; "
        f"print(json.dumps({{n: getattr(s, n, None) for n in {names!r}}}, default=repr))"
    )
    finished = run_python(code, clean_environment(DJANGO_SETTINGS_MODULE="tableref.settings", **env))
    assert finished.returncode == 0, finished.stderr
    return json.loads(finished.stdout)
