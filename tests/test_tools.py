"""A test that needs a missing program skips on a laptop but fails in CI, so CI never passes by skipping."""

from __future__ import annotations

import pytest

from tests.tools import require_tool

MISSING = "tableref-no-such-program"


def test_a_program_on_the_path_is_found():
    assert require_tool(MISSING, "sh", package="dash", purpose="a shell").endswith("/sh")


def test_a_missing_program_skips_outside_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="Debian package example-pkg"):
        require_tool(MISSING, package="example-pkg", purpose="testing")


def test_a_missing_program_fails_in_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=f"{MISSING} is missing"):
        require_tool(MISSING, package="example-pkg", purpose="testing")
