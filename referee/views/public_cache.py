"""The public pages' shared cache: what every parent reloads costs one small query per view.

A page part is kept in Django's cache (a shared backend: every worker and machine sees the same entries)
under the tournament, the language and the address's choices, with the tournament's public version
(`core.versions`) it was made at. A change bumps the version in its own transaction, so once it commits every
reader finds the kept part older than the version and the part is made again.

Made again once, not by every reader: at 5,000 players a part takes about a tenth of a second of CPU, and
twenty parents reloading at the moment of a sign-off would otherwise make it twenty times at once, on the
same two cores as the referees' saves. The first reader to find the part old takes a short lock in the cache
(`cache.add`) and makes it; the others meanwhile get the part as it was, one change behind, for the moment
that takes. The part is kept with the version read *before* it was made, so a change that commits while it
is being made is made again by the next reader: a change is never hidden for longer than one making.

Each process also keeps its own copy of the parts it served last (`NEARBY_PARTS` of them): the shared cache
is itself a table of the database on a laptop, and reading a 40 KB page back from it cost a query and a
decoding on every parent's reload. The copy is only served while it is as new as the version that every
view reads from the database first, so every process still gives the same answer; it saves the trip, not the
check.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, QueryDict
from django.utils import translation

from core.versions import by_slug_with_public_version
from referee.models import Tournament

# The address's choices that change what the standings show; anything else is dropped before the page is
# made, so a stranger's ?anything= cannot reach the links that every other reader is served.
CHOICES = ("projector", "view", "round", "sort", "page")
LONGEST_CHOICE = 40
# Longer than any making of a part takes; a worker that dies while making one holds the others back no longer.
MAKING_LOCK_SECONDS = 30
# Enough for each language and each page a hall's readers look at; a page is some tens of kilobytes.
NEARBY_PARTS = 128


@dataclass(frozen=True)
class Kept:
    """A part as kept in the cache: the version it was made at, and what was made."""

    version: int
    value: Any


@dataclass(frozen=True)
class Served:
    """A part as `cached` gives it: its ETag, the version it was made at (which may be one change behind the
    tournament's while another worker makes it again) and what was made."""

    etag: str
    version: int
    value: Any


def public_tournament(slug: str) -> Tournament:
    """The tournament and its public version (`public_version_number`) in one query."""
    tournament = by_slug_with_public_version(Tournament, slug)
    if tournament is None:
        raise Http404(f"No tournament {slug!r}.")
    return tournament


def public_choices(request: HttpRequest) -> QueryDict:
    """The request's choices by name, one value each, in a fixed order, as the address gives them: the front
    (`public_front`) remembers a page only when they are the page's own, checked choices."""
    chosen = QueryDict(mutable=True)
    for name in CHOICES:
        value = request.GET.get(name, "")
        if value and len(value) <= LONGEST_CHOICE:
            chosen[name] = value
    chosen._mutable = False
    return chosen


class Nearby:
    """This process's copies of the parts it served last, newest last; the oldest goes when it is full."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.parts: dict[Hashable, Kept] = {}
        self.lock = threading.Lock()

    def get(self, key: Hashable, version: int) -> Kept | None:
        kept = self.parts.get(key)
        return kept if kept is not None and kept.version >= version else None

    def peek(self, key: Hashable) -> Kept | None:
        """The copy whatever its version, for a caller that learns the version only from the copy."""
        return self.parts.get(key)

    def keep(self, key: Hashable, kept: Kept) -> None:
        with self.lock:
            self.parts.pop(key, None)
            self.parts[key] = kept
            while len(self.parts) > self.size:
                del self.parts[next(iter(self.parts))]

    def clear(self) -> None:
        with self.lock:
            self.parts.clear()


nearby = Nearby(NEARBY_PARTS)


def identity(tournament: Tournament) -> str:
    """The tournament's number and the moment it was made: a tournament deleted in the admin gives its number
    (on SQLite) or its address to the next one made, whose version starts again from nothing."""
    return f"{tournament.pk}.{int(tournament.created_at.timestamp() * 1_000_000)}"


def part_key(tournament: Tournament, part: str, choices: QueryDict) -> str:
    digest = hashlib.sha256(choices.urlencode().encode()).hexdigest()[:24]
    language = translation.get_language() or settings.LANGUAGE_CODE
    return f"public:{identity(tournament)}:{language}:{part}:{digest}"


def etag_of(key: str, version: int) -> str:
    return '"' + hashlib.sha256(f"{key}:{version}".encode()).hexdigest()[:32] + '"'


def cached(tournament: Tournament, part: str, choices: QueryDict, make: Callable[[], Any]) -> Served:
    """The part as kept when it is as new as the tournament's public version; otherwise made again here,
    unless another worker is making it already, when the kept one is served meanwhile."""
    key = part_key(tournament, part, choices)
    lock = f"{key}:making"
    version = tournament.public_version_number
    near = nearby.get(key, version)
    if near is not None:
        return _served(key, near)
    found = cache.get_many([key, lock])  # one read; taking the lock is a write, made only when it looks free
    kept = found.get(key)
    if isinstance(kept, Kept) and kept.version >= version:
        nearby.keep(key, kept)
        return _served(key, kept)
    if isinstance(kept, Kept) and (lock in found or not cache.add(lock, True, MAKING_LOCK_SECONDS)):
        return _served(key, kept)
    try:
        value = make()
        newest = cache.get(key)
        if not isinstance(newest, Kept) or newest.version <= version:
            cache.set(key, Kept(version, value), settings.PUBLIC_PAGE_CACHE_SECONDS)
        nearby.keep(key, Kept(version, value))
    finally:
        if isinstance(kept, Kept):
            cache.delete(lock)
    return _served(key, Kept(version, value))


def _served(key: str, kept: Kept) -> Served:
    return Served(etag_of(key, kept.version), kept.version, kept.value)
