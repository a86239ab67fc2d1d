"""A per-address limit on a public page that answers one question a request ("find my table"), so that nobody
runs through every number of a tournament: a fixed window of a minute, counted in Django's cache, which every
process and machine of the site share (`CACHE_URL`). The address is the one login throttling uses
(`tableref.throttling.client_address`: the proxy's word behind HTTPS, else the connection's)."""

from __future__ import annotations

import hashlib
import time

from django.core.cache import cache
from django.http import HttpRequest

from tableref.throttling import client_address

WINDOW_SECONDS = 60


def within_limit(request: HttpRequest, *, scope: str, limit: int) -> bool:
    """Count this request against its address; False once the address has asked `limit` times this minute."""
    address = client_address(request) or "unknown"
    window = int(time.time() // WINDOW_SECONDS)
    digest = hashlib.sha256(address.encode()).hexdigest()[:32]  # a cache key any backend accepts
    key = f"throttle:{scope}:{window}:{digest}"
    if cache.add(key, 1, timeout=WINDOW_SECONDS * 2):  # the first of the minute: one write, as each next one
        count = 1
    else:
        try:
            count = cache.incr(key)
        except ValueError:  # the key expired between the two calls
            cache.set(key, 1, timeout=WINDOW_SECONDS * 2)
            count = 1
    return count <= limit
