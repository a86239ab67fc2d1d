"""The hypothesis profile follows CI: reproducible examples there, fresh ones on a laptop."""

from __future__ import annotations

import os

from hypothesis import settings


def test_the_profile_follows_ci():
    in_ci = bool(os.environ.get("CI"))
    assert settings.default.derandomize is in_ci
    assert (settings.default.database is None) is in_ci
    assert settings.default.deadline is None
