"""The settings a server needs: HTTPS behind a proxy, a shared cache, kept database connections, logging."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from tableref.cache_url import cache_from_url
from tests.tableref.settings_probe import clean_environment, run_python, settings_values

PRODUCTION_KEY = "k" * 20 + "-production-only-secret-key-of-fifty-chars"


def test_https_turns_on_hsts_secure_cookies_the_redirect_and_the_proxy_header() -> None:
    names = [
        "SECURE_PROXY_SSL_HEADER",
        "SECURE_SSL_REDIRECT",
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
        "SECURE_HSTS_SECONDS",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    ]
    values = settings_values(names, SECRET_KEY=PRODUCTION_KEY, HTTPS="1")
    assert values == {
        "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
        "SECURE_SSL_REDIRECT": True,
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_HSTS_SECONDS": 31_536_000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
    }


def test_without_https_nothing_pretends_the_site_is_https() -> None:
    """The hall's laptop serves plain HTTP: a secure cookie would never come back, and forms would fail."""
    values = settings_values(
        ["SECURE_PROXY_SSL_HEADER", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_HSTS_SECONDS"],
        SECRET_KEY=PRODUCTION_KEY,
    )
    assert values == {
        "SECURE_PROXY_SSL_HEADER": None,
        "SESSION_COOKIE_SECURE": False,
        "CSRF_COOKIE_SECURE": False,
        "SECURE_HSTS_SECONDS": 0,
    }


def test_the_default_cache_is_a_database_table_every_worker_shares() -> None:
    values = settings_values(["CACHES"], SECRET_KEY=PRODUCTION_KEY)
    assert values["CACHES"]["default"] == {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "tableref_cache",
        "OPTIONS": {"MAX_ENTRIES": 20_000},  # Django's 300 would let a hall's pages push each other out
    }


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (
            "db://site_cache",
            {
                "BACKEND": "django.core.cache.backends.db.DatabaseCache",
                "LOCATION": "site_cache",
                "OPTIONS": {"MAX_ENTRIES": 20_000},
            },
        ),
        (
            "file:///var/cache/tableref",
            {
                "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                "LOCATION": "/var/cache/tableref",
                "OPTIONS": {"MAX_ENTRIES": 20_000},
            },
        ),
        (
            "redis://cache.internal:6379/1",
            {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": "redis://cache.internal:6379/1",
            },
        ),
    ],
)
def test_cache_url_names_the_backend_and_its_location(url: str, expected: dict) -> None:
    assert cache_from_url(url) == expected


@pytest.mark.parametrize("url", ["memcached://x", "db://", "file://relative/path", "nonsense"])
def test_a_bad_cache_url_is_refused_with_its_remedy(url: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="CACHE_URL"):
        cache_from_url(url)


def test_every_database_keeps_its_connections_postgresql_with_health_checks() -> None:
    postgres = settings_values(
        ["DATABASES"], SECRET_KEY=PRODUCTION_KEY, DATABASE_URL="postgres://someone@db.example:5432/tableref"
    )["DATABASES"]["default"]
    assert (postgres["CONN_MAX_AGE"], postgres["CONN_HEALTH_CHECKS"]) == (60, True)
    sqlite = settings_values(["DATABASES"], SECRET_KEY=PRODUCTION_KEY)["DATABASES"]["default"]
    assert (sqlite["CONN_MAX_AGE"], sqlite["ENGINE"]) == (600, "django.db.backends.sqlite3")
    chosen = settings_values(
        ["DATABASES"],
        SECRET_KEY=PRODUCTION_KEY,
        DATABASE_URL="postgres://someone@db.example:5432/tableref",
        CONN_MAX_AGE="300",
    )["DATABASES"]["default"]
    assert chosen["CONN_MAX_AGE"] == 300


def test_a_bad_number_stops_manage_py_with_its_name() -> None:
    finished = run_python(
        "import runpy, sys; sys.argv = ['manage.py', 'check']; "
        "runpy.run_path('manage.py', run_name='__main__')",
        clean_environment(SECRET_KEY=PRODUCTION_KEY, HTTPS="1", HSTS_SECONDS="a year"),
    )
    assert finished.returncode == 1
    assert "Traceback" not in finished.stderr
    assert "HSTS_SECONDS must be a whole number" in finished.stderr


def test_the_content_security_policy_allows_only_the_site_itself() -> None:
    directives = settings_values(["CONTENT_SECURITY_POLICY"], SECRET_KEY=PRODUCTION_KEY)[
        "CONTENT_SECURITY_POLICY"
    ]["DIRECTIVES"]
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert not any("unsafe" in source for sources in directives.values() for source in sources)
