"""/healthz: 200 and a small JSON body while the database answers, 503 when it does not."""

from __future__ import annotations

import json
import socket

import pytest
from django.db import OperationalError, connection

from tests.tableref.settings_probe import clean_environment, run_python


@pytest.mark.django_db
def test_healthz_answers_ok_when_the_database_answers(client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_healthz_is_503_when_the_database_fails(client, monkeypatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OperationalError("the database is down")

    monkeypatch.setattr(type(connection._connections["default"]), "cursor", refuse)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "database": "unavailable"}


def _closed_port() -> int:
    """A port on 127.0.0.1 where nothing listens (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_healthz_is_503_with_a_postgresql_server_that_is_not_there() -> None:
    """A real refused connection, in a process of its own: no mock between the view and the driver."""
    code = (
        "import django, json; django.setup(); from django.test import Client; "
        "r = Client().get('/healthz'); print(json.dumps([r.status_code, r.json()]))"
    )
    environment = clean_environment(
        DJANGO_SETTINGS_MODULE="tableref.settings",
        SECRET_KEY="health-check-test-key",
        ALLOWED_HOSTS="testserver",
        DATABASE_URL=f"postgres://nobody@127.0.0.1:{_closed_port()}/nothing",
    )
    finished = run_python(code, environment)
    assert finished.returncode == 0, finished.stderr
    assert json.loads(finished.stdout.strip().splitlines()[-1]) == [
        503,
        {"status": "unavailable", "database": "unavailable"},
    ]
    assert "the database does not answer" in finished.stderr
