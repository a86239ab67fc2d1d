"""A bench measures in a process of its own (a fresh interpreter, its own memory and caches): the parent runs
`python -m <module> <arguments>` from the project's folder and reads the last line it printed (its JSON)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
# The site as the hall serves it: DEBUG off, with a key of its own when none is set.
SITE_OFF_DEBUG = {"DEBUG": "0", "SECRET_KEY": os.environ.get("SECRET_KEY") or "benchmark-only"}


def child_line(module: str, *arguments: str, environment: Mapping[str, str] | None = None) -> str:
    """The child's last line of output; its error output's end as a RuntimeError if it failed."""
    done = subprocess.run(
        [sys.executable, "-m", module, *arguments],
        cwd=PROJECT,
        env={**os.environ, **(environment or {})},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-3000:])
    lines = done.stdout.strip().splitlines()
    return lines[-1] if lines else ""
