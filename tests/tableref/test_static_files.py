"""Without DEBUG, static files have hashed names, gzipped copies and a cache lifetime of years."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tests.tableref.settings_probe import ROOT, clean_environment, run_python

YEAR = 365 * 24 * 3600


@pytest.mark.slow
def test_collected_files_are_hashed_compressed_and_cached_for_years(tmp_path) -> None:
    environment = clean_environment(
        SECRET_KEY="static-files-test-key",
        ALLOWED_HOSTS="testserver",
        STATIC_ROOT=str(tmp_path / "static"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'unused.sqlite3'}",
    )
    collected = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert collected.returncode == 0, collected.stderr
    manifest = json.loads((tmp_path / "static" / "staticfiles.json").read_text())["paths"]
    hashed = manifest["css/site.css"]
    assert re.fullmatch(r"css/site\.[0-9a-f]{12}\.css", hashed)
    assert (tmp_path / "static" / f"{hashed}.gz").exists()

    code = (
        "import django, json; django.setup(); from django.test import Client; c = Client(); "
        "page = c.get('/login/').content.decode(); "
        f"css = c.get('/static/{hashed}', HTTP_ACCEPT_ENCODING='gzip'); "
        "print(json.dumps([page, css.status_code, css['Cache-Control'], css.get('Content-Encoding')]))"
    )
    finished = run_python(code, {**environment, "DJANGO_SETTINGS_MODULE": "tableref.settings"})
    assert finished.returncode == 0, finished.stderr
    page, status, cache_control, encoding = json.loads(finished.stdout.strip().splitlines()[-1])
    assert f'href="/static/{hashed}"' in page
    assert status == 200
    max_age = int(re.search(r"max-age=(\d+)", cache_control)[1])
    assert max_age >= YEAR
    assert "immutable" in cache_control
    assert encoding == "gzip"
