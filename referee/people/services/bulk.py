"""Registration in bulk on the pages: many players of one school from a pasted list, many tables at once."""

from __future__ import annotations

import re
import unicodedata

from django.db import transaction
from django.db.models import CharField
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.checks import class_name, clean_text
from referee.locks import lock_tournament
from referee.models import Player, Round, School, Table, Tournament
from referee.people.services.people import next_player_number

MAX_LINES = 200
MAX_TABLES = 200
_SEPARATORS = re.compile(r"\t|,|，|、")


def _has_han(text: str) -> bool:
    return any(unicodedata.name(char, "").startswith("CJK") for char in text)


def player_line(line: str) -> dict[str, str]:
    """One pasted line: "陳大文", "Chan Tai Man", "陳大文, Chan Tai Man, 5A" (commas, full-width commas or
    tabs, as copied from a spreadsheet). A single name goes to Chinese or English by its characters."""
    parts = [part.strip() for part in _SEPARATORS.split(line.strip())]
    parts += [""] * (3 - len(parts))
    if len(parts) > 3:
        raise ValueError(line)
    first, second, class_name = parts
    if not second and not _has_han(first):
        first, second = "", first
    return {"name_zh": first, "name_en": second, "class_name": class_name}


@transaction.atomic
def players_create_many(
    *, actor: permissions.AnyUser, tournament: Tournament, school: School, lines: str
) -> list[Player]:
    """Every line a player of `school`, numbered on from the highest number; all or none."""
    permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    if school is None or school.tournament_id != tournament.pk:
        raise ServiceError(_("Choose a school of this tournament."), field="school", code="wrong-school")
    rows = [line for line in lines.splitlines() if line.strip()]
    if not rows:
        raise ServiceError(_("Type one player per line."), field="lines", code="required")
    if len(rows) > MAX_LINES:
        raise ServiceError(
            _("Add at most %(limit)d players at once.") % {"limit": MAX_LINES}, field="lines", code="too-many"
        )
    number = next_player_number(tournament)
    players = []
    for index, line in enumerate(rows, start=1):
        try:
            values = _line_values(line)
        except ServiceError as error:
            raise ServiceError(
                _("Line %(line)d: %(problem)s") % {"line": index, "problem": error.message},
                field="lines",
                code="bad-line",
            ) from None
        players.append(Player(tournament=tournament, school=school, number=number, **values))
        number += 1
    Player.objects.bulk_create(players)
    audit_record(
        actor=actor,
        tournament=tournament,
        action="player.create_many",
        after={
            "school": school.code,
            "players": [[p.number, p.name_zh, p.name_en, p.class_name] for p in players],
        },
    )
    return players


def _line_values(line: str) -> dict[str, str]:
    """A pasted line split (tabs included: they separate a spreadsheet's cells), then each value checked as
    the single-player form checks it: the same hostile-text rule and the model's lengths."""
    try:
        values = player_line(line)
    except ValueError:
        raise ServiceError(_("give at most a Chinese name, an English name and a class.")) from None
    cleaned = {
        name: clean_text(value, field=name, max_length=_text_length(name)) for name, value in values.items()
    }
    if not cleaned["name_zh"] and not cleaned["name_en"]:
        raise ServiceError(_("give a name."))
    cleaned["class_name"] = class_name(cleaned["class_name"])
    return cleaned


def _text_length(name: str) -> int:
    """The model's length of one of the player's text fields."""
    field = Player._meta.get_field(name)
    assert isinstance(field, CharField), name
    assert field.max_length is not None, name
    return field.max_length


@transaction.atomic
def tables_create_many(*, actor: permissions.AnyUser, round_: Round, count: int) -> list[Table]:
    """`count` tables numbered on from the round's highest table."""
    permissions.require_organiser(actor, round_.tournament)
    tournament = lock_tournament(round_.tournament)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_TABLES:
        raise ServiceError(
            _("Enter a whole number from 1 to %(max)d.") % {"max": MAX_TABLES},
            field="count",
            code="bad-count",
        )
    highest = round_.tables.order_by("-number").values_list("number", flat=True).first() or 0
    tables = Table.objects.bulk_create(
        [Table(round=round_, number=number) for number in range(highest + 1, highest + count + 1)]
    )
    audit_record(
        actor=actor,
        tournament=tournament,
        action="table.create_many",
        after={"round": round_.pk, "numbers": [highest + 1, highest + count]},
    )
    return tables
