"""The exporter contract: what an export is about, and how every exporter is rendered.

An exporter is a class with an `identifier`, a `verbose_name` and a `write()` that streams the file;
`render()` returns `(filename, mimetype, bytes)`. Rendering happens under the tournament's language and time
zone, so a printout reads the same whoever downloads it.
"""

from __future__ import annotations

import io
import zoneinfo
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import BinaryIO, ClassVar

from django.conf import settings
from django.utils import timezone, translation
from django.utils.functional import Promise
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core.errors import ServiceError
from referee.models import Player, Round, School, Table, Tournament
from referee.privacy.pseudonyms import is_pseudonym, pseudonym
from referee.wording.audiences import CHOSEN, ORGANISER, POSTING, audience_label, audience_note
from referee.wording.labels import SCOPE_LABELS
from referee.wording.names import numbered_name, public_label, public_name
from referee.wording.sentences import person_name

ROUND, SCHOOL, TABLE = "round", "school", "table"
LANGUAGES = ("zh-hant", "en")


class ExportError(ServiceError):
    """An export that cannot be made as asked (an unknown exporter, a missing round or school)."""


@dataclass(frozen=True)
class ExportRequest:
    """What to export. `round_`, `school` and `table` narrow it; `language` None means the tournament's.

    `entry_url` turns a table into the absolute address of its result-entry page (for QR codes);
    `include_unsigned` adds tables not yet signed off (provisional results); `site_url` is the site's own
    address, for QR codes of its public pages; `for_posting` asks an exporter whose audience is chosen (the
    school pack) for the version to post or give to parents.
    """

    tournament: Tournament
    round_: Round | None = None
    school: School | None = None
    table: Table | None = None
    language: str | None = None
    include_unsigned: bool = False
    for_posting: bool = False
    entry_url: Callable[[Table], str] | None = field(default=None, compare=False)
    site_url: str = ""  # the site's address (https://example.org), for QR codes of public pages

    @property
    def effective_language(self) -> str:
        return self.language or self.tournament.language or settings.LANGUAGE_CODE


def tournament_time_zone(tournament: Tournament) -> zoneinfo.ZoneInfo:
    """A tournament's own time zone when it has one, else the site's (Hong Kong)."""
    name = getattr(tournament, "time_zone", "") or settings.TIME_ZONE
    return zoneinfo.ZoneInfo(name)


class Exporter(ABC):
    """One kind of file. Subclasses set the class attributes and implement `write_content()`."""

    identifier: ClassVar[str]
    verbose_name: ClassVar[str | Promise]
    description: ClassVar[str | Promise] = ""
    extension: ClassVar[str]
    mimetype: ClassVar[str]
    accepts: ClassVar[frozenset[str]] = frozenset()
    requires: ClassVar[frozenset[str]] = frozenset()
    position: ClassVar[int] = 100
    offers_provisional: ClassVar[bool] = False
    # Made by a background task (`referee/exports/tasks.py`): too long to make inside a request.
    background: ClassVar[bool] = False
    # Who the file is for: POSTING (names by the privacy setting, as the public pages), ORGANISER (full
    # names, marked not for posting), CHOSEN by the request (`for_posting`), or HANDOUT (cards with full
    # names, each given to its own player).
    audience: ClassVar[str] = ORGANISER

    def __init__(self, request: ExportRequest) -> None:
        self.request = request
        self.tournament = request.tournament
        self.on_progress: Callable[[int, int], None] | None = None
        self._check_scope()

    @property
    def for_posting(self) -> bool:
        return self.audience == POSTING or (self.audience == CHOSEN and self.request.for_posting)

    def player_name(self, number: int, name_zh: str, name_en: str) -> str:
        """A player as this file names them: as on the public pages when it is for posting; a child whose
        data was removed by the pseudonym."""
        if is_pseudonym(number, name_zh, name_en):
            return pseudonym(number)
        if self.for_posting:
            player = Player(number=number, name_zh=name_zh, name_en=name_en)
            return public_name(player, self.tournament.privacy)
        return person_name(name_zh, name_en)

    def player_label(self, number: int, name_zh: str, name_en: str, school_code: str = "") -> str:
        """A player named in a sentence (why a rank), number first, where two names could be confused: as
        the public pages show them when the file is for posting, or when it is one school's file and the
        player is of another school; in full otherwise."""
        player = Player(number=number, name_zh=name_zh, name_en=name_en)
        if self.for_posting or (self.own_school and school_code != self.own_school):
            return public_label(player, self.tournament.privacy)
        return numbered_name(player)

    @property
    def own_school(self) -> str:
        """A school's code when the file is that school's (a school pack): only its children in full."""
        return ""

    def audience_note(self) -> str:
        return audience_note(self.for_posting, self.tournament.privacy, self.audience)

    def audience_label(self) -> str:
        return audience_label(self.for_posting, self.audience)

    def progress(self, done: int, total: int) -> None:
        """How far the file is (`done` of `total` parts), for the export page of a background job."""
        if self.on_progress is not None:
            self.on_progress(done, total)

    def _check_scope(self) -> None:
        given = {ROUND: self.request.round_, SCHOOL: self.request.school, TABLE: self.request.table}
        for part in self.requires:
            if given[part] is None:
                raise ExportError(self._missing_message(part), field=part, code=f"missing-{part}")
        for part, value in given.items():
            if value is not None and part not in self.accepts:
                raise ExportError(
                    _("This export cannot be narrowed to one %(part)s.") % {"part": SCOPE_LABELS[part]},
                    field=part,
                    code="not-accepted",
                )
        if self.request.language is not None and self.request.language not in LANGUAGES:
            raise ExportError(_("Choose Chinese or English."), field="language", code="bad-language")

    @staticmethod
    def _missing_message(part: str) -> str:
        messages = {
            ROUND: _("Choose a round for this export."),
            SCHOOL: _("Choose a school for this export."),
            TABLE: _("Choose a table for this export."),
        }
        return messages[part]

    def filename(self) -> str:
        """tournament-slug, the scope, the identifier: demo-round-1-scoresheets-pdf.pdf; a file that counts
        tables not yet signed off says so at the end: demo-results-xlsx-provisional.xlsx."""
        parts = [self.tournament.slug]
        if self.request.round_ is not None:
            parts.append(f"round-{self.request.round_.order}")
        if self.request.table is not None:
            parts.append(f"round-{self.request.table.round.order}-table-{self.request.table.number}")
        if self.request.school is not None:
            parts.append(slugify(self.request.school.code) or "school")
        parts.append(self.identifier)
        if self.request.include_unsigned:
            parts.append("provisional")
        if self.audience == CHOSEN and self.for_posting:
            parts.append("for-posting")
        return f"{'-'.join(parts)}.{self.extension}"

    def download_name(self) -> str:
        """The name a download is saved under: `filename()`, with the language when the organiser chose one
        (results-xlsx-en.xlsx beside results-xlsx-zh-hant.xlsx), so the two files never take one name."""
        name = self.filename()
        if self.request.language is None:
            return name
        stem, dot, extension = name.rpartition(".")
        return f"{stem}-{self.request.language}{dot}{extension}"

    def write(self, stream: BinaryIO) -> None:
        """Stream the file under the tournament's language and time zone."""
        with (
            translation.override(self.request.effective_language),
            timezone.override(tournament_time_zone(self.tournament)),
        ):
            self.write_content(stream)

    def render(self) -> tuple[str, str, bytes]:
        buffer = io.BytesIO()
        self.write(buffer)
        return self.filename(), self.mimetype, buffer.getvalue()

    @abstractmethod
    def write_content(self, stream: BinaryIO) -> None:
        """Write the whole file; called with the language and time zone already active."""
