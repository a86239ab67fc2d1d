"""Reading the Observatory's live feeds over HTTP, with a short timeout.

The fetcher is a plain callable (url -> text) so that tests inject one and never touch the network.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Callable
from urllib.parse import urlencode

from weather.feed import FEEDS

API_URL = "https://data.weather.gov.hk/weatherAPI/opendata/weather.php"
TIMEOUT_SECONDS = 10.0
MAX_BYTES = 1_000_000

Fetcher = Callable[[str], str]


class FetchError(OSError):
    """The feed could not be read (network, HTTP status, size); one line, for cron's mail."""


def feed_url(feed: str, lang: str = "en") -> str:
    if feed not in FEEDS:
        raise ValueError(f"unknown feed {feed!r}")
    return f"{API_URL}?{urlencode({'dataType': feed, 'lang': lang})}"


def http_fetch(url: str, timeout: float = TIMEOUT_SECONDS) -> str:
    """GET `url` and return its body as text; every failure becomes one `FetchError`."""
    request = urllib.request.Request(url, headers={"User-Agent": "TableRef weather notices"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # fixed https URL
            body: bytes = response.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as exc:
        raise FetchError(f"HTTP {exc.code} from {url}") from exc
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise FetchError(f"cannot reach {url}: {reason}") from exc
    if len(body) > MAX_BYTES:
        raise FetchError(f"the answer from {url} is over {MAX_BYTES} bytes")
    try:
        return body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FetchError(f"the answer from {url} is not UTF-8") from exc
