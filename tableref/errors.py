"""Error pages in the visitor's language with the site's header: an expired form (CSRF) and a server error.

The server-error page is drawn when something has already gone wrong, so it reads nothing that could fail in
turn (no user, no session, no database): only the active language and two addresses, each with a fallback.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseServerError
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


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's handler500: the visitor's language (as the locale middleware left it) and the header."""
    language = translation.get_language() or "zh-hant"
    context = {
        "LANGUAGE_CODE": language,
        "home_url": _safe(lambda: reverse("home"), "/"),
        "stylesheet_url": _safe(lambda: static("css/site.css"), ""),
    }
    try:
        return HttpResponseServerError(render_to_string("500.html", context))
    except Exception:
        logger.exception("the 500 page itself failed")
        return HttpResponseServerError(BARE_SERVER_ERROR)
