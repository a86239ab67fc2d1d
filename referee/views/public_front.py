"""The public pages' front: a parent's reload of a kept page is answered before the rest of the site runs.

A kept page (`public_page`) costs its view one small query, but the reload still went through the whole
site around it: the sessions, the language, CSRF, the messages, the login checks, the security policy built
again, the address resolved. That was about 0.6 ms of the 1 ms a reload cost the server, on the cores the
referees' saves share, and each reload held its process's one public thread that long. This middleware comes
just after the security and static-file middleware. When a reader who shares the kept page (no session, no
waiting message) asks again for a page it has answered before, it reads the tournament's public version and,
when the page is still that version's, answers with the page and the headers the site gave it, with the
reader's own token, address and time put in. Anything else goes on through the site, and a kept page's answer
on its way back is remembered here for the next reader.

It answers only what the site would answer the same way:
- the language is found as the locale middleware finds it (the reader's choice, then their phone's), and is
  part of the key; an answer whose language differs from the key's is not remembered;
- a reader must already have the site's CSRF cookie, in a form it accepts: a newcomer gets the page from the
  site, which sets the cookie. Django sets that cookie again on every page that shows a token, to renew its
  year; the front does not, so a reader who comes back every day for a year is sent to the site once;
- the security middleware still runs before it (the HTTPS redirect) and adds its headers after it.
- an address is remembered only when its choices are the page's own, as the view checked them: a page number
  past the last, say, is answered by the site each time, and cannot push a real page out of this process.

Measured: a reload answered here costs 0.22 ms of CPU in the process against 0.62 ms through the site (a
third of it is Django masking the reader's CSRF token). In two pairs of load runs of 200 referees with 20
parents reloading without pause (2 cores), the server's CPU per reload (p50) fell by about 30% and the parents
got 12-24% more reloads a second, the referees' figures within the runs' noise (README, "Speed").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import translation

from core.versions import lately_with_public_version
from referee.models import Tournament
from referee.views.public_cache import NEARBY_PARTS, Kept, Nearby, identity, public_choices
from referee.views.public_page import Shareable, filled, shared

# Headers that are the reader's own (a cookie) or that the answer's own length decides.
NOT_SHARED_HEADERS = frozenset({"set-cookie", "content-length"})


@dataclass(frozen=True)
class AnswerKey:
    path: str
    language: str
    choices: str


@dataclass(frozen=True)
class Answer:
    """A kept page as the site answered it: the page with its marks, and the headers it went out with."""

    shareable: Shareable
    headers: tuple[tuple[str, str], ...]


class PublicPageFront:
    """`MIDDLEWARE`, after the security and static-file middleware and before the rest."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.csrf = CsrfViewMiddleware(get_response)  # only to read the reader's cookie as Django does

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = answer_key(request)
        if key is None:
            return self.get_response(request)
        kept = answers.peek(key)
        if kept is not None and self._has_csrf_cookie(request) and self._still_current(kept):
            return self._answer(kept.value, request)
        response = self.get_response(request)
        self._remember(key, response)
        return response

    def _still_current(self, kept: Kept) -> bool:
        shareable = kept.value.shareable
        tournament = lately_with_public_version(Tournament, shareable.slug)
        return (
            tournament is not None
            and identity(tournament) == shareable.tournament
            and tournament.public_version_number == kept.version
        )

    def _has_csrf_cookie(self, request: HttpRequest) -> bool:
        """Whether the reader has a CSRF cookie the site accepts, now in `request.META` as the CSRF middleware
        would put it, for `get_token`."""
        if settings.CSRF_COOKIE_NAME not in request.COOKIES:
            return False
        self.csrf.process_request(request)
        return "CSRF_COOKIE" in request.META and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")

    def _answer(self, answer: Answer, request: HttpRequest) -> HttpResponse:
        response = HttpResponse(filled(answer.shareable.page, request), headers=dict(answer.headers))
        response["Content-Length"] = str(len(response.content))
        return response

    def _remember(self, key: AnswerKey, response: HttpResponse) -> None:
        shareable = getattr(response, "shareable", None)
        if not isinstance(shareable, Shareable) or response.status_code != 200:
            return
        if shareable.choices != key.choices:
            return  # an address the page reads otherwise (a page past the last): kept under its own, not this
        if response.get("Content-Language") != key.language:
            return  # found otherwise than the site found it: the next reader goes to the site
        headers = tuple(item for item in response.items() if item[0].lower() not in NOT_SHARED_HEADERS)
        answers.keep(key, Kept(shareable.version, Answer(shareable, headers)))


# This process's answers, as `public_cache.nearby` keeps its parts: each is served only while it is as new as
# the version read from the database, so every process gives the same answer.
answers = Nearby(NEARBY_PARTS)


def answer_key(request: HttpRequest) -> AnswerKey | None:
    """The address, the language and the page's choices, for a read by a reader who shares the kept pages;
    None for anything else."""
    if request.method != "GET" or not shared(request):
        return None
    language = translation.get_language_from_request(request)
    return AnswerKey(request.path_info, language, public_choices(request).urlencode())
