"""The public pages' shared cache: what every parent reloads costs one small query per view.

A page part is kept in Django's cache (a shared backend: every worker and machine sees the same entries)
under the tournament's public version (`core.versions`), the language and the address's choices. A change
bumps the version in its own transaction, so its readers move to a new key at the moment it commits; old
entries are never read again and expire on their own.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, QueryDict
from django.shortcuts import get_object_or_404
from django.utils import translation

from core.versions import with_public_version
from referee.models import Tournament

# The address's choices that change what the standings show; anything else is dropped before the page is
# made, so a stranger's ?anything= cannot reach the links that every other reader is served.
CHOICES = ("projector", "view", "round", "sort", "page")
LONGEST_CHOICE = 40


def public_tournament(slug: str) -> Tournament:
    """The tournament and its public version (`public_version_number`) in one query."""
    return get_object_or_404(with_public_version(Tournament.objects.all()), slug=slug)


def public_choices(request: HttpRequest) -> QueryDict:
    """The request's known choices, one value each, in a fixed order; `request.GET` becomes this."""
    chosen = QueryDict(mutable=True)
    for name in CHOICES:
        value = request.GET.get(name, "")
        if value and len(value) <= LONGEST_CHOICE:
            chosen[name] = value
    chosen._mutable = False
    return chosen


def page_key(tournament: Tournament, part: str, choices: QueryDict) -> str:
    digest = hashlib.sha256(choices.urlencode().encode()).hexdigest()[:24]
    language = translation.get_language() or settings.LANGUAGE_CODE
    return f"public:{tournament.pk}:{tournament.public_version_number}:{language}:{part}:{digest}"


def etag_of(key: str) -> str:
    return '"' + hashlib.sha256(key.encode()).hexdigest()[:32] + '"'


def cached(key: str, make: Callable[[], Any]) -> Any:
    """The part kept under `key`, made (and kept) when no worker has made it yet."""
    value = cache.get(key)
    if value is None:
        value = make()
        cache.set(key, value, settings.PUBLIC_PAGE_CACHE_SECONDS)
    return value
