"""Everything held about one child, or about one school's children, for an access request (the Ordinance's
principle 6): the player row, the school's consent, seats, games, incidents, standing, every audit entry that
names the child, the notice and the retention date. As JSON and as a workbook, in either language.

One document (`access_document`) is gathered in the chosen language and written either way, so both files say
the same. Keys of the JSON are stable English words; `labels` gives each in the file's language. Asking is
audited (who asked, for whom, in which form), without any name.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.utils import timezone, translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from openpyxl import Workbook

from core.audit import audit_record
from core.models import AuditEntry
from core.permissions import AnyUser
from referee import permissions
from referee.exports.exporters.base import tournament_time_zone
from referee.exports.exporters.xlsx import Column, SheetWriter, xml_safe
from referee.models import HandResult, Incident, Player, School, SchoolConsent, Seat, Tournament
from referee.privacy.notice import privacy_notice
from referee.privacy.retention import retention_of
from referee.privacy.scrubbing import Child, NameFinder, is_player_snapshot
from referee.standings.selectors.standings import standings
from referee.wording.actions import action_label
from referee.wording.codes import incident_label
from referee.wording.figures import count_text, score_text
from referee.wording.seats import seat_label

JSON, XLSX = "json", "xlsx"
FORMATS = (XLSX, JSON)
LANGUAGES = ("zh-hant", "en")
MIMETYPES = {
    JSON: "application/json",
    XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}

LABELS = {
    "number": gettext_lazy("Player number"),
    "name_zh": gettext_lazy("Name in Chinese"),
    "name_en": gettext_lazy("Name in English"),
    "school": gettext_lazy("School"),
    "class_name": gettext_lazy("Class"),
    "school_number": gettext_lazy("Number within the school (學號)"),
    "attendance": gettext_lazy("Attendance"),
    "personal_data_removed_at": gettext_lazy("Personal data removed at"),
    "rank": gettext_lazy("Rank"),
    "games_played": gettext_lazy("Games played"),
    "games_won": gettext_lazy("Games won"),
    "total": gettext_lazy("Total score"),
    "round": gettext_lazy("Round"),
    "date": gettext_lazy("Date"),
    "table": gettext_lazy("Table"),
    "seat": gettext_lazy("Seat"),
    "game": gettext_lazy("Game"),
    "went_out": gettext_lazy("Went out"),
    "rack": gettext_lazy("Tiles left"),
    "rack_value": gettext_lazy("Rack value"),
    "penalty": gettext_lazy("Penalty"),
    "score": gettext_lazy("Score"),
    "won": gettext_lazy("Won"),
    "kind": gettext_lazy("Incident"),
    "tiles_drawn": gettext_lazy("Tiles drawn"),
    "note": gettext_lazy("Note"),
    "recorded_at": gettext_lazy("Recorded at"),
    "at": gettext_lazy("When"),
    "action": gettext_lazy("What was done"),
    "reason": gettext_lazy("Reason"),
    "changes": gettext_lazy("What was recorded"),
    "consent": gettext_lazy("The school's agreement"),
    "given_on": gettext_lazy("Agreed on"),
    "kept_until": gettext_lazy("Kept until"),
    "notice": gettext_lazy("Privacy notice"),
}


def _yes(value: bool) -> str:
    return _("yes") if value else _("no")


def access_document(
    tournament: Tournament, players: Sequence[Player], *, language: str, scope: dict[str, Any]
) -> dict[str, Any]:
    """Everything held about these players, in `language` (the tournament's time zone)."""
    with translation.override(language), timezone.override(tournament_time_zone(tournament)):
        retention = retention_of(tournament)
        schools = School.objects.filter(pk__in={player.school_id for player in players}).order_by("code")
        return {
            "tournament": {"name": tournament.name, "address": f"/t/{tournament.slug}/"},
            "scope": scope,
            "language": language,
            "made_at": timezone.localtime().isoformat(timespec="seconds"),
            "kept_until": retention.kept_until.isoformat(),
            "notice": privacy_notice(tournament, language).paragraphs,
            "schools": [_school(school) for school in schools],
            "children": list(_children(tournament, players)),
            "labels": {key: str(label) for key, label in LABELS.items()},
        }


def _school(school: School) -> dict[str, Any]:
    consent = SchoolConsent.objects.filter(school=school).first()
    return {
        "code": school.code,
        "name_zh": school.name_zh,
        "name_en": school.name_en,
        "consent": {
            "given": bool(consent and consent.given),
            "given_on": consent.given_on.isoformat() if consent and consent.given_on else None,
            "note": consent.note if consent else "",
        },
    }


def _children(tournament: Tournament, players: Sequence[Player]) -> Iterator[dict[str, Any]]:
    pks = [player.pk for player in players]
    standing = {row.player_id: row for row in standings(tournament) if row.player_id in set(pks)}
    seats = _by_player(Seat.objects.filter(player__in=pks).select_related("table__round"), "player_id")
    hands = _by_player(
        HandResult.objects.filter(seat__player__in=pks).select_related("game__table__round", "seat"),
        "seat.player_id",
    )
    incidents = _by_player(
        Incident.objects.filter(seat__player__in=pks).select_related("table__round", "seat"), "seat.player_id"
    )
    entries = AuditEntry.objects.filter(tournament=tournament).order_by("created_at", "pk")
    audit = audit_by_player(entries.iterator(), players)
    for player in players:
        row = standing.get(player.pk)
        yield {
            "number": player.number,
            "name_zh": player.name_zh,
            "name_en": player.name_en,
            "school": player.school.code,
            "class_name": player.class_name,
            "school_number": player.school_number,
            "attendance": str(player.get_attendance_display()),
            "personal_data_removed_at": _moment(player.forgotten_at),
            "standing": None
            if row is None
            else {
                "rank": row.rank,
                "games_played": row.games_played,
                "games_won": count_text(row.games_won),
                "total": score_text(row.total),
            },
            "seats": [_seat(seat) for seat in seats.get(player.pk, [])],
            "games": [_hand(hand) for hand in hands.get(player.pk, [])],
            "incidents": [_incident(tournament, incident) for incident in incidents.get(player.pk, [])],
            "audit": [_entry(entry) for entry in audit[player.pk]],
        }


def _by_player(rows: Iterable[Any], path: str) -> dict[int, list[Any]]:
    grouped: dict[int, list[Any]] = {}
    for row in rows:
        key = row
        for part in path.split("."):
            key = getattr(key, part)
        grouped.setdefault(key, []).append(row)
    return grouped


def _moment(moment: Any) -> str | None:
    return timezone.localtime(moment).isoformat(timespec="seconds") if moment else None


def _seat(seat: Seat) -> dict[str, Any]:
    round_ = seat.table.round
    return {
        "round": round_.name,
        "date": round_.date.isoformat(),
        "table": seat.table.number,
        "seat": seat_label(seat.letter),
    }


def _hand(hand: HandResult) -> dict[str, Any]:
    table = hand.game.table
    return {
        "round": table.round.name,
        "table": table.number,
        "game": hand.game.number,
        "seat": seat_label(hand.seat.letter),
        "went_out": _yes(hand.went_out),
        "rack": hand.rack,
        "rack_value": hand.rack_value,
        "penalty": hand.penalty,
        "score": score_text(hand.score),
        "won": _yes(hand.won),
    }


def _incident(tournament: Tournament, incident: Incident) -> dict[str, Any]:
    return {
        "round": incident.table.round.name,
        "table": incident.table.number,
        "game": incident.game_number,
        "kind": incident_label(tournament.ruleset, incident.kind),
        "tiles_drawn": incident.tiles_drawn,
        "note": incident.note,
        "recorded_at": _moment(incident.created_at),
    }


def _entry(entry: AuditEntry) -> dict[str, Any]:
    return {
        "at": _moment(entry.created_at),
        "action": action_label(entry.action),
        "reason": entry.reason,
        "changes": entry.changes,
    }


def audit_by_player(entries: Iterable[AuditEntry], players: Sequence[Player]) -> dict[int, list[AuditEntry]]:
    """The audit entries about each player: those naming their row ("player": pk), their number in a player's
    snapshot, or their names anywhere in what they recorded or in their reason. One walk of each entry."""
    finder = NameFinder(
        (player.pk, Child(number=player.number, name_zh=player.name_zh, name_en=player.name_en))
        for player in players
    )
    by_number = {player.number: player.pk for player in players}
    known = set(by_number.values())
    found: dict[int, list[AuditEntry]] = {player.pk: [] for player in players}
    for entry in entries:
        about: set[int] = set()
        texts = [entry.reason or ""]
        stack: list[Any] = [entry.changes]
        while stack:
            value = stack.pop()
            if isinstance(value, dict):
                if value.get("player") in known:
                    about.add(value["player"])
                if is_player_snapshot(value) and value.get("number") in by_number:
                    about.add(by_number[value["number"]])
                stack.extend(value.values())
            elif isinstance(value, list):
                stack.extend(value)
            elif isinstance(value, str):
                texts.append(value)
        about |= finder.named("\n".join(texts))
        for pk in about:
            found[pk].append(entry)
    return found


def access_json(document: dict[str, Any]) -> bytes:
    return json.dumps(document, cls=DjangoJSONEncoder, ensure_ascii=False, indent=2).encode("utf-8")


def access_xlsx(document: dict[str, Any]) -> bytes:
    """The same document as a workbook: what the file is, then a sheet each for the children, their seats,
    games, incidents and audit entries; headers in the document's language."""
    labels = document["labels"]
    with translation.override(document["language"]):
        workbook = Workbook(write_only=True)
        workbook.properties.title = xml_safe(f"{document['tournament']['name']} · {_('Data held')}")
        about = SheetWriter(workbook, _("About this file"), [Column("", 28), Column("", 90)])
        about.append([_("Tournament"), document["tournament"]["name"]])
        about.append([_("Made at"), document["made_at"]])
        about.append([labels["kept_until"], document["kept_until"]])
        for school in document["schools"]:
            consent = school["consent"]
            given = (
                _("agreed on %(date)s") % {"date": consent["given_on"]}
                if consent["given"]
                else _("not recorded")
            )
            about.append([f"{labels['consent']} · {school['code']}", f"{given} {consent['note']}".strip()])
        for paragraph in document["notice"]:
            about.append([labels["notice"], paragraph])
        about.close()
        _sheet(
            workbook, _("Children"), labels, CHILD_KEYS, [_child_row(child) for child in document["children"]]
        )
        for title, part, keys in (
            (_("Seats"), "seats", SEAT_KEYS),
            (pgettext("sheet of everything held about a child", "Games"), "games", GAME_KEYS),
            (_("Incidents"), "incidents", INCIDENT_KEYS),
            (_("Audit log"), "audit", AUDIT_KEYS),
        ):
            rows = [
                {"number": child["number"], **item} for child in document["children"] for item in child[part]
            ]
            _sheet(workbook, title, labels, ["number", *keys], rows)
        buffer = io.BytesIO()
        workbook.save(buffer)
    return buffer.getvalue()


CHILD_KEYS = [
    "number",
    "name_zh",
    "name_en",
    "school",
    "class_name",
    "school_number",
    "attendance",
    "rank",
    "games_played",
    "games_won",
    "total",
    "personal_data_removed_at",
]
SEAT_KEYS = ["round", "date", "table", "seat"]
GAME_KEYS = ["round", "table", "game", "seat", "went_out", "rack", "rack_value", "penalty", "score", "won"]
INCIDENT_KEYS = ["round", "table", "game", "kind", "tiles_drawn", "note", "recorded_at"]
AUDIT_KEYS = ["at", "action", "reason", "changes"]


def _child_row(child: dict[str, Any]) -> dict[str, Any]:
    return {**child, **(child["standing"] or {})}


def _sheet(
    workbook: Workbook, title: str, labels: dict[str, str], keys: list[str], rows: list[dict[str, Any]]
) -> None:
    sheet = SheetWriter(workbook, title, [Column(labels[key], 16) for key in keys])
    for row in rows:
        sheet.append([_cell(row.get(key)) for key in keys])
    sheet.close()


def _cell(value: Any) -> Any:
    if isinstance(value, dict | list):
        return json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False)
    return "" if value is None else value


@transaction.atomic
def access_export(
    *,
    actor: AnyUser,
    tournament: Tournament,
    file_format: str,
    language: str,
    player: Player | None = None,
    school: School | None = None,
) -> tuple[str, str, bytes]:
    """The file for an access request about one child or one school's children: (filename, mimetype, bytes).
    The request is audited by number or school code."""
    permissions.require_organiser(actor, tournament)
    permissions.require(file_format in FORMATS and language in LANGUAGES)
    permissions.require((player is None) != (school is None))
    scope: dict[str, int | str]
    if player is not None:
        permissions.require(player.tournament_id == tournament.pk)
        players, scope = [player], {"player": player.number}
        name = f"player-{player.number}"
    else:
        assert school is not None
        permissions.require(school.tournament_id == tournament.pk)
        players = list(Player.objects.filter(school=school).select_related("school").order_by("number"))
        scope, name = {"school": school.code}, slugify(school.code) or "school"
    document = access_document(tournament, players, language=language, scope=scope)
    audit_record(
        actor=actor,
        tournament=tournament,
        action="privacy.access",
        after={**scope, "format": file_format, "language": language},
        public=False,
    )
    content = access_json(document) if file_format == JSON else access_xlsx(document)
    filename = f"{tournament.slug}-{name}-data-held-{language}.{file_format}"
    return filename, MIMETYPES[file_format], content
