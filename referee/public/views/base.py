"""The base of the public pages of one tournament: a whole page from Django's cache for every reader who is
not logged in, and 304 for a reload that already has it (`referee/public/cache.py`)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, QueryDict
from django.utils.cache import patch_cache_control, patch_vary_headers

from referee.models import Tournament
from referee.public.cache import cache_key, etag_of, public_tournament, shared


def public_headers(response: HttpResponse, etag: str) -> HttpResponse:
    """Every reload asks again (the ETag makes it a 304 when nothing changed); pages vary by language. An
    empty `etag` leaves it to Django's `condition`, which sets the one its function gave."""
    if etag:
        response["ETag"] = etag
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    return response


class PublicPageMixin:
    """For a TemplateView of one tournament's public page. The tournament is found once, in `get`, as
    `self.tournament`; `cache_part` names the page in the cache, `cache_choices` the address's choices that
    change it (checked: anything else is dropped, so strangers cannot fill the cache with new pages)."""

    cache_part: str
    request: HttpRequest
    tournament: Tournament

    def cache_choices(self) -> QueryDict:
        return QueryDict()

    def embedded_version(self) -> str:
        """The version of a costly part the page shows (`public_cache.served`), which may be one behind the
        tournament's while it is regenerated: the page is kept under both."""
        return ""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.tournament = public_tournament(kwargs["slug"])
        if not shared(request):
            return super().get(request, *args, **kwargs)  # type: ignore[misc]
        choices = self.cache_choices()
        request.GET = choices
        key = f"{cache_key(self.tournament, self.cache_part, choices)}:{self.embedded_version()}"
        etag = etag_of(key)
        if etag in request.headers.get("If-None-Match", ""):
            return public_headers(HttpResponseNotModified(), etag)
        html = cache.get(key)
        if html is None:
            html = self._render(request, args, kwargs)
            cache.set(key, html, settings.PUBLIC_PAGE_CACHE_SECONDS)
        return public_headers(HttpResponse(html), etag)

    def _render(self, request: HttpRequest, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
        response = super().get(request, *args, **kwargs)  # type: ignore[misc]
        response.render()
        return response.content.decode()
