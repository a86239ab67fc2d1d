"""Error pages in the visitor's language with the site's header: an expired form (CSRF), a request that cannot
be handled and a server error.

The server-error and bad-request pages are drawn when something has already gone wrong, so they read nothing
that could fail in turn (no user, no session, no database): only the active language and two addresses, each
with a fallback.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme

logger = logging.getLogger(__name__)

# What a visitor sees if even the error template cannot be drawn: no template, no translation.
BARE_SERVER_ERROR = (
    '<!doctype html><html lang="zh-Hant-HK"><meta charset="utf-8"><title>500</title>'
    "<h1>伺服器錯誤 · Server error</h1></html>"
)
BARE_BAD_REQUEST = (
    '<!doctype html><html lang="zh-Hant-HK"><meta charset="utf-8"><title>400</title>'
    "<h1>無法處理這項要求 · This request cannot be handled</h1></html>"
)


def reload_address(request: HttpRequest) -> str:
    """The page the expired form was on (its Referer, if it is this site's), else the start page."""
    referer = request.META.get("HTTP_REFERER", "")
    if referer and url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return referer
    return reverse("home")


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form whose security token no longer matches: opened long ago, before a restart, or in another
    session. Nothing was saved; the visitor needs a fresh copy of the page, not Django's technical page."""
    context = {"reload_url": reload_address(request), "cookies_missing": "cookie" in reason.lower()}
    return render(request, "errors/csrf_failure.html", context, status=403)


def _safe(address: Callable[[], str], fallback: str) -> str:
    try:
        return address()
    except Exception:
        return fallback


def _plain_context() -> dict[str, str]:
    """What the plain error pages read (`templates/errors/_plain.html`): the visitor's language, as the locale
    middleware left it, and two addresses, each with a fallback."""
    return {
        "LANGUAGE_CODE": translation.get_language() or "zh-hant",
        "home_url": _safe(lambda: reverse("home"), "/"),
        "stylesheet_url": _safe(lambda: static("css/site.css"), ""),
    }


def _plain_page(template: str, status: int, bare: str) -> HttpResponse:
    try:
        return HttpResponse(render_to_string(template, _plain_context()), status=status)
    except Exception:
        logger.exception("the %s page itself failed", status)
        return HttpResponse(bare, status=status)


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's handler500: the visitor's language and the header."""
    return _plain_page("500.html", 500, BARE_SERVER_ERROR)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's handler400 (a form of too many fields, a body Django refuses, another site's host name): drawn
    as the 500 page is, since the request itself is in doubt."""
    return _plain_page("400.html", 400, BARE_BAD_REQUEST)
