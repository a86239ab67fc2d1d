"""Fixtures shared by the whole suite."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.utils import translation


@pytest.fixture(autouse=True)
def site_language() -> Iterator[None]:
    """Every test starts in the site's language: a page rendered in English by one test (the locale
    middleware activates the request's language) must not leave the next test speaking English."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)
