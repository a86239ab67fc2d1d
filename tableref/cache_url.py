"""`CACHE_URL`: which shared cache Django uses, written as one address like `DATABASE_URL`.

Gunicorn runs several worker processes, and a cloud server may run several machines: a cache in one process's
memory (locmem) would give each of them a different answer. The default is a table in the site's own database,
which every process and every machine already shares; Redis suits a bigger site.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

DEFAULT_CACHE_URL = "db://tableref_cache"
BACKENDS = {
    "db": "django.core.cache.backends.db.DatabaseCache",
    "file": "django.core.cache.backends.filebased.FileBasedCache",
    "redis": "django.core.cache.backends.redis.RedisCache",
    "rediss": "django.core.cache.backends.redis.RedisCache",
    "locmem": "django.core.cache.backends.locmem.LocMemCache",
    "dummy": "django.core.cache.backends.dummy.DummyCache",
}


MAX_ENTRIES = 20_000


def cache_from_url(url: str) -> dict[str, Any]:
    """One entry of Django's CACHES: `db://TABLE`, `file:///ABSOLUTE/PATH`, `redis://HOST:PORT/DB`,
    `rediss://...`, and for development or tests only `locmem://` and `dummy://`."""
    parts = urlsplit(url.strip())
    backend = BACKENDS.get(parts.scheme)
    if backend is None:
        known = ", ".join(f"{scheme}://" for scheme in BACKENDS)
        raise ImproperlyConfigured(f"CACHE_URL {url!r} is not one of {known}.")
    if parts.scheme == "db":
        table = parts.netloc or parts.path.lstrip("/")
        if not table.replace("_", "").isalnum():
            raise ImproperlyConfigured(f"CACHE_URL {url!r} needs a table name: db://tableref_cache.")
        # Django's default keeps 300 entries and then drops a third at random: a hall's public pages (each
        # language, view and page, under each version) and find-my-table's counters would push each other out.
        return {"BACKEND": backend, "LOCATION": table, "OPTIONS": {"MAX_ENTRIES": MAX_ENTRIES}}
    if parts.scheme == "file":
        if not parts.path.startswith("/") or parts.netloc:
            raise ImproperlyConfigured(
                f"CACHE_URL {url!r} needs an absolute folder: file:///var/cache/tableref."
            )
        return {"BACKEND": backend, "LOCATION": parts.path, "OPTIONS": {"MAX_ENTRIES": MAX_ENTRIES}}
    if parts.scheme in {"redis", "rediss"}:
        return {"BACKEND": backend, "LOCATION": url.strip()}
    return {"BACKEND": backend}
