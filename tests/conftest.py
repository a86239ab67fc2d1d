"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.utils import translation
from hypothesis import settings as hypothesis_settings

# Hypothesis: on a laptop, new random examples each run and failures remembered in .hypothesis/; in CI, the
# same examples every run (a red build is reproducible) and nothing written. A test's own @settings (its
# number of examples) applies on both.
hypothesis_settings.register_profile("dev", deadline=None, print_blob=True)
hypothesis_settings.register_profile("ci", deadline=None, print_blob=True, derandomize=True, database=None)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "dev")


# Tiers (`pyproject.toml`'s markers): browser tests drive Chromium; server tests start the real hall in a
# process of its own, over a SQLite database of their own whatever DATABASE_URL says; plain tests are the
# plain-Python packages', which touch no database. CI runs these once and the rest on both databases.
TIERS = {
    "tests/browser/": "browser",
    "tests/tableref/hall/": "server",
    "tests/scoring/": "plain",
    "tests/seating/": "plain",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for folder, tier in TIERS.items():
            if item.nodeid.startswith(folder):
                item.add_marker(tier)


@pytest.fixture(autouse=True)
def site_language() -> Iterator[None]:
    """Every test starts in the site's language: a page rendered in English by one test (the locale
    middleware activates the request's language) must not leave the next test speaking English."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)
