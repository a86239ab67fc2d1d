"""A whole public page kept for readers who are not logged in, so that a parent's reload costs one query.

The standings' table is kept already (`public_cache`), but the page around it was rendered again on every
reload: half of each view's CPU at 5,000 players, on the two cores that the referees' saves share. Between
two such readers a page differs in three places only: the language form's CSRF token, the address that form
comes back to, and the "Shown at" time. So the page is rendered once with a random mark in each of those
places and kept like any other part; each view puts the reader's own values in the marks.

The marks are random for each making, so no text typed into a name can match one. A request that carries a
session or waiting messages (an organiser checking the page, someone just logged out) gets the page
rendered for it alone: what it shows may be that person's own.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest, HttpResponse, QueryDict
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.dateformat import time_format
from django.utils.html import escape

from referee.models import Tournament
from referee.views.public_cache import cached, identity, public_tournament


@dataclass(frozen=True)
class Marks:
    """What the page is rendered with in place of the reader's own values: give these to the template as
    `csrf_token`, `language_next` and `shown_at`."""

    csrf_token: str
    language_next: str
    shown_at: str

    @classmethod
    def new(cls) -> Marks:
        return cls(*(f"mark-{secrets.token_hex(16)}" for _ in range(3)))

    def as_context(self) -> dict[str, str]:
        return {"csrf_token": self.csrf_token, "language_next": self.language_next, "shown_at": self.shown_at}


@dataclass(frozen=True)
class MarkedPage:
    html: str
    marks: Marks


@dataclass(frozen=True)
class Shareable:
    """What a kept page's response carries for the front (`public_front`): whose page it is, the version it
    was made at, and the page with its marks, to answer the next reader without the view."""

    slug: str
    tournament: str  # `public_cache.identity`
    version: int
    page: MarkedPage
    choices: str  # the page's choices as its key names them, urlencoded


def shared(request: HttpRequest) -> bool:
    """Whether nothing on the page can be the reader's own: no session (so nobody logged in) and no message
    waiting to be shown."""
    own = (settings.SESSION_COOKIE_NAME, CookieStorage.cookie_name)
    return not any(name in request.COOKIES for name in own)


def shown_at() -> str:
    """The time a page is shown, as the standings page says it ("Shown at 10:42"): Hong Kong time."""
    return time_format(timezone.localtime(), "H:i")


def kept_page(
    request: HttpRequest,
    tournament: Tournament,
    part: str,
    choices: QueryDict,
    render: Callable[[dict[str, str]], str],
) -> HttpResponse:
    """The page from the shared cache, with this reader's values filled in. `choices` are what the page is
    made from, and what its key names; `render(context)` renders it anew, with `context` added to the
    template's own."""

    def make() -> MarkedPage:
        marks = Marks.new()
        return MarkedPage(render(marks.as_context()), marks)

    request.GET = choices
    served = cached(tournament, part, choices, make)
    response = HttpResponse(filled(served.value, request))
    response.shareable = Shareable(
        tournament.slug, identity(tournament), served.version, served.value, choices.urlencode()
    )
    return response


class KeptPageMixin:
    """For a public TemplateView of one tournament: every parent gets the whole page from the cache. The
    tournament is found once, in `get`, as `self.tournament`; `kept_part` names the page in the cache."""

    kept_part: str
    template_name: str
    request: HttpRequest
    tournament: Tournament

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.tournament = public_tournament(kwargs["slug"])
        if not shared(request):
            return super().get(request, *args, **kwargs)  # type: ignore[misc]
        render = lambda marks: self._render(kwargs, marks)  # noqa: E731
        return kept_page(request, self.tournament, self.kept_part, self.kept_choices(), render)

    def kept_choices(self) -> QueryDict:
        """The address's choices that change the page, checked: the page is kept under them."""
        return QueryDict()

    def _render(self, kwargs: dict[str, Any], marks: dict[str, str]) -> str:
        context = {**self.get_context_data(**kwargs), **marks}  # type: ignore[attr-defined]
        return render_to_string(self.template_name, context, request=self.request)


def filled(page: MarkedPage, request: HttpRequest) -> str:
    """The page with this reader's CSRF token, own address and time in place of its marks."""
    html = page.html.replace(page.marks.csrf_token, get_token(request))
    html = html.replace(page.marks.language_next, escape(request.get_full_path()))
    return html.replace(page.marks.shown_at, shown_at())
