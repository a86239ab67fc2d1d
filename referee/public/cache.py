"""The public pages in Django's cache: a parent's 15-second poll costs one small query, or a 304.

Each key holds the tournament's public version (`core.versions`), which every audited change bumps in its own
transaction: once the change commits, every reader on every process and machine reads the new number and so a
new key, and entries under the old one are never read again (they expire after `PUBLIC_PAGE_CACHE_SECONDS`).
A page is the same bytes for every reader of one language (the language switch is a link, and the time shown
is when the results last changed), so anonymous readers share whole pages; a page's ETag is its key's digest.
A page made while a change commits may show that change under the older key: newer than its key, never older.
The parts that cost most to make are kept apart (`served`): a reader finding one a version behind gets it as
it was while a background task makes it again, so no parent's poll waits for a making.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist
from django.http import Http404, HttpRequest, QueryDict
from django.utils import translation

from referee.models import Tournament


def public_tournament(slug: str) -> Tournament:
    """The tournament with its public version, in one query. The short name is unique, so the query asks for
    no order: making the model's ORDER BY was a quarter of the CPU of a poll answered 304."""
    found = Tournament.objects.select_related("public_version").filter(slug=slug).order_by()[:1]
    tournament = next(iter(found), None)
    if tournament is None:
        raise Http404(f"No tournament {slug!r}.")
    return tournament


def version_of(tournament: Tournament) -> int:
    try:
        return int(tournament.public_version.number)
    except ObjectDoesNotExist:  # no change recorded yet
        return 0


def changed_at(tournament: Tournament) -> datetime | None:
    """When what the public pages show last changed (the tournament's own creation before any change)."""
    try:
        return tournament.public_version.changed_at or tournament.created_at
    except ObjectDoesNotExist:
        return tournament.created_at


def identity(tournament: Tournament) -> str:
    """The tournament's number and the moment it was made: a tournament deleted in the admin gives its number
    (on SQLite) or its address to the next one made, whose version starts again from nothing."""
    return f"{tournament.pk}.{int(tournament.created_at.timestamp() * 1_000_000)}"


def cache_key(tournament: Tournament, part: str, choices: QueryDict) -> str:
    digest = hashlib.sha256(choices.urlencode().encode()).hexdigest()[:24]
    language = translation.get_language() or settings.LANGUAGE_CODE
    return f"public:{identity(tournament)}:{version_of(tournament)}:{language}:{part}:{digest}"


def etag_of(key: str) -> str:
    return '"' + hashlib.sha256(key.encode()).hexdigest()[:32] + '"'


def cached(tournament: Tournament, part: str, choices: QueryDict, make: Callable[[], Any]) -> Any:
    """The part kept under the tournament's current version, made (and kept) here if there is none."""
    key = cache_key(tournament, part, choices)
    value = cache.get(key)
    if value is None:
        value = make()
        cache.set(key, value, settings.PUBLIC_PAGE_CACHE_SECONDS)
    return value


def shared(request: HttpRequest) -> bool:
    """Whether nothing on the page can be the reader's own: nobody logged in, no message waiting."""
    own = (settings.SESSION_COOKIE_NAME, CookieStorage.cookie_name)
    return not any(name in request.COOKIES for name in own)


# The costly parts of the public pages (the standings' table, the front page's top ten): a change may make
# dozens a minute at a big event, and each takes a tenth of a second to make at 5,000 players.
@dataclass(frozen=True)
class Kept:
    """A part as kept: the public version it shows, and what was made."""

    version: int
    value: Any


REFRESH_SECONDS = 60  # one request to make a part again per version; longer than any making takes


def part_key(tournament: Tournament, part: str, choices: QueryDict) -> str:
    """The part's key whatever the version: the part kept there says which version it shows."""
    digest = hashlib.sha256(choices.urlencode().encode()).hexdigest()[:24]
    language = translation.get_language() or settings.LANGUAGE_CODE
    return f"public-part:{identity(tournament)}:{language}:{part}:{digest}"


def served(tournament: Tournament, part: str, choices: QueryDict, make: Callable[[], Any]) -> Kept:
    """The part as kept when it shows the tournament's current version. Kept at an older version, it is asked
    to be made again by a background task (`referee.public.tasks.public_part_make`, once per version) and
    served as it was meanwhile, so that no reader waits for the making; where tasks run at once (tests,
    `make run`), it is made before this returns. Never made yet, it is made here."""
    key = part_key(tournament, part, choices)
    current = version_of(tournament)
    kept = cache.get(key)
    if isinstance(kept, Kept) and kept.version >= current:
        return kept
    if isinstance(kept, Kept):
        if cache.add(f"{key}:refresh:{current}", True, REFRESH_SECONDS):
            from referee.public.tasks import public_part_make

            public_part_make.enqueue(
                tournament.pk, part, choices.urlencode(), translation.get_language() or ""
            )
        newer = cache.get(key)
        return newer if isinstance(newer, Kept) and newer.version > kept.version else kept
    made = Kept(current, make())
    keep(key, made)
    return made


def keep(key: str, made: Kept) -> None:
    """Keep a part unless a newer one is kept already (two makings may end in either order)."""
    kept = cache.get(key)
    if not isinstance(kept, Kept) or kept.version <= made.version:
        cache.set(key, made, settings.PUBLIC_PAGE_CACHE_SECONDS)
