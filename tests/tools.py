"""Outside programs some tests need (Chromium, poppler, zbar), found the same way everywhere.

On a developer's laptop a missing program skips the test with a message that names the Debian package; in CI
(`CI` set, as `.ci/run` does) it fails instead, because a test that silently skips proves nothing.
"""

from __future__ import annotations

import os
import shutil

import pytest


def require_tool(*names: str, package: str, purpose: str) -> str:
    """The path of the first of `names` found, or a skip (a failure in CI) naming the package."""
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    message = f"{names[0]} is missing (Debian package {package}); {purpose}."
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)
