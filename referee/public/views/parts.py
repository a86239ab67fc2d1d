"""Making a public page's costly part again outside a request: what the background task does when a reader
found the part a version behind (`referee.public.cache.served`, `referee.public.tasks.public_part_make`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, QueryDict
from django.urls import reverse
from django.utils import translation

from referee.models import Tournament
from referee.public.cache import Kept, keep, part_key, version_of


def anonymous_request(path: str, choices: QueryDict) -> HttpRequest:
    """A GET of `path` with `choices`, as a parent who is not logged in makes it: what the templates of a
    public part read from a request."""
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = path
    request.GET = choices
    request.user = AnonymousUser()
    return request


def _standings(tournament: Tournament, choices: QueryDict) -> Any:
    from referee.public.views.pages import _make_standings_part

    path = reverse("public:standings", args=[tournament.slug])
    return _make_standings_part(anonymous_request(path, choices), tournament)


def _front(tournament: Tournament, choices: QueryDict) -> Any:
    from referee.public.views.pages import _front_standings

    return _front_standings(tournament)


PARTS: dict[str, Callable[[Tournament, QueryDict], Any]] = {"standings": _standings, "front": _front}


def make_public_part(tournament_pk: int, part: str, choices: str, language: str) -> int:
    """Make the part at the tournament's current version and keep it; the version, or 0 if it is gone."""
    with translation.override(language or settings.LANGUAGE_CODE):
        tournament = Tournament.objects.select_related("public_version").filter(pk=tournament_pk).first()
        if tournament is None or part not in PARTS:
            return 0
        version = version_of(tournament)
        query = QueryDict(choices)
        keep(part_key(tournament, part, query), Kept(version, PARTS[part](tournament, query)))
        return version
