"""A server error leaves its traceback on standard error, where gunicorn, systemd and `make hall` show it."""

from __future__ import annotations

from tests.tableref.settings_probe import clean_environment, run_python


def test_a_500_writes_its_traceback_to_stderr(tmp_path) -> None:
    code = (
        "import django; django.setup(); from django.conf import settings; "
        "settings.ROOT_URLCONF = 'tests.tableref.failing_urls'; "
        "from django.test import Client; "
        "print(Client(raise_request_exception=False).get('/boom/').status_code)"
    )
    environment = clean_environment(
        DJANGO_SETTINGS_MODULE="tableref.settings",
        SECRET_KEY="logging-test-key",
        ALLOWED_HOSTS="testserver",
        DATABASE_URL=f"sqlite:///{tmp_path / 'unused.sqlite3'}",
    )
    finished = run_python(code, environment)
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.strip() == "500"
    assert "ERROR django.request: Internal Server Error: /boom/" in finished.stderr
    assert "Traceback (most recent call last)" in finished.stderr
    assert "DeliberateFailure: a deliberate failure for the test" in finished.stderr


def test_requests_that_succeed_leave_standard_error_quiet(tmp_path) -> None:
    code = (
        "import django; django.setup(); from django.test import Client; "
        "print(Client().get('/healthz').status_code)"
    )
    environment = clean_environment(
        DJANGO_SETTINGS_MODULE="tableref.settings",
        SECRET_KEY="logging-test-key",
        ALLOWED_HOSTS="testserver",
        DATABASE_URL=f"sqlite:///{tmp_path / 'quiet.sqlite3'}",
    )
    finished = run_python(code, environment)
    assert finished.stdout.strip() == "200", finished.stderr
    assert finished.stderr == ""


def test_a_request_for_another_host_name_is_one_line(tmp_path) -> None:
    code = (
        "import django; django.setup(); from django.test import Client; "
        "print(Client().get('/', HTTP_HOST='elsewhere.example').status_code)"
    )
    environment = clean_environment(
        DJANGO_SETTINGS_MODULE="tableref.settings",
        SECRET_KEY="logging-test-key",
        ALLOWED_HOSTS="testserver",
        DATABASE_URL=f"sqlite:///{tmp_path / 'hosts.sqlite3'}",
    )
    finished = run_python(code, environment)
    assert finished.stdout.strip() == "400", finished.stderr
    assert "Invalid HTTP_HOST header: 'elsewhere.example'" in finished.stderr
    assert "Traceback" not in finished.stderr
    assert len(finished.stderr.strip().splitlines()) == 1
