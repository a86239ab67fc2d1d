"""The referee's pages without network: the service worker, the web app manifest and the offline fallback.

The service worker is served by Django at /referee/sw.js, so its scope is every referee page. It is rendered
with the current static file names (hashed in production) and named after a digest of their content, so a
new deploy is a new worker with a new cache name: the browser notices the changed script on its next visit
(the script is sent with `no-cache`), installs it, and the new worker deletes the old caches. See
docs/architecture.md ("The referee's console offline") for what is kept on the phone and when it is dropped.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

OFFLINE_COPY_HEADER = "X-Offline-Copy"
# What a referee's page needs, fetched once and served from the phone when the network is gone.
OFFLINE_ASSETS = (
    "css/site.css",
    "css/console.css",
    "js/confirm.js",
    "js/forget.js",
    "js/offline.js",
    "js/table-store.js",
    "js/table-queue.js",
    "js/tile-pad.js",
    "js/turn-timer.js",
    "js/table.js",
    "js/hall-clock.js",
    "js/hall-strip.js",
    "favicon.svg",
    "icons/tableref-192.png",
    "icons/tableref-512.png",
)
WORKER_SOURCE = Path(settings.BASE_DIR) / "templates" / "referee" / "offline" / "sw.js"


def offline_copy(response: HttpResponse, *, keep: bool) -> HttpResponse:
    """Tell the service worker whether to keep this page for a reload without network, or drop its copy."""
    response[OFFLINE_COPY_HEADER] = "keep" if keep and response.status_code == 200 else "forget"
    return response


@lru_cache(maxsize=4)
def _digest(debug: bool) -> str:
    """A digest of the worker's own source and every asset it keeps: a changed file is a new cache."""
    digest = hashlib.sha256(WORKER_SOURCE.read_bytes())
    for name in OFFLINE_ASSETS:
        found = finders.find(name)
        digest.update(name.encode())
        if found:
            digest.update(Path(str(found)).read_bytes())
    return digest.hexdigest()[:16]


def cache_version() -> str:
    # With DEBUG on, files change under the same name while developing: no memo then.
    if settings.DEBUG:
        _digest.cache_clear()
    return _digest(settings.DEBUG)


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    assets = [static(name) for name in OFFLINE_ASSETS]
    source = render_to_string(
        "referee/offline/sw.js",
        {
            "version_json": json.dumps(cache_version()),
            "assets_json": json.dumps(assets),
            "offline_json": json.dumps(reverse("referee:offline")),
            "header_json": json.dumps(OFFLINE_COPY_HEADER),
        },
    )
    response = HttpResponse(source, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache, max-age=0"
    response["Service-Worker-Allowed"] = reverse("referee:my_tables")
    return response


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: the referee's pages added to a phone's home screen open like an app."""
    start = reverse("referee:my_tables")
    icons = [
        {"src": static(f"icons/tableref-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png"}
        for size in (192, 512)
    ] + [{"src": static("icons/tableref.svg"), "sizes": "any", "type": "image/svg+xml"}]
    body = {
        "name": _("TableRef referee"),
        "short_name": _("TableRef"),
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "background_color": "#f3f5f7",
        "theme_color": "#0b5d8c",
        "icons": icons,
    }
    response = JsonResponse(
        body, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )
    response["Cache-Control"] = "no-cache, max-age=0"
    return response


@require_GET
def offline_page(request: HttpRequest) -> HttpResponse:
    """What a referee sees for a page this phone did not keep, while the network is gone."""
    return render(request, "referee/offline/offline.html")
