"""Builds the demo tournament from fixtures/demo.json through the services.

Going through the services means the engine derives every number, exactly as on the site.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, Permission
from django.db import transaction

import scoring
from referee.draws.services.seats import seat_assign
from referee.models import Player, Round, Table, Tournament
from referee.people.services.people import player_create, school_create
from referee.permissions import CREATE_TOURNAMENT_PERMISSION
from referee.play.services.incidents import incident_record
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.tournaments.services.referees import LOGIN_SEPARATOR, referee_account_create
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import SETTINGS_FIELDS, tournament_create, tournament_update

DEMO_FILE = Path(settings.BASE_DIR) / "fixtures" / "demo.json"
DEMO_SLUG = "demo"


@dataclass(frozen=True)
class DemoLogins:
    organiser: str
    referees: list[str]
    password: str


def read_demo(path: Path = DEMO_FILE) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def logins(demo: dict[str, Any]) -> DemoLogins:
    """The login names as typed: the referees' accounts are made for the demo tournament, so each logs in as
    its short name in the file, `@`, the tournament's short name (`referee1@demo`)."""
    slug = demo["tournament"]["slug"]
    return DemoLogins(
        organiser=demo["organiser"]["username"],
        referees=[f"{referee['username']}{LOGIN_SEPARATOR}{slug}" for referee in demo["referees"]],
        password=demo["password"],
    )


def database_is_empty() -> bool:
    return not Tournament.objects.exists() and not get_user_model().objects.exists()


def _create_organiser(demo: dict[str, Any]) -> AbstractBaseUser:
    app_label, codename = CREATE_TOURNAMENT_PERMISSION.split(".")
    organiser = get_user_model().objects.create_user(
        username=demo["organiser"]["username"],
        password=demo["password"],
        first_name=demo["organiser"]["name"],
    )
    organiser.user_permissions.add(
        Permission.objects.get(content_type__app_label=app_label, codename=codename)
    )
    return get_user_model().objects.get(pk=organiser.pk)


def _register(organiser: AbstractBaseUser, tournament: Tournament, demo: dict[str, Any]) -> dict[str, Any]:
    referees = {
        entry["username"]: referee_account_create(
            actor=organiser,
            tournament=tournament,
            username=entry["username"],
            display_name=entry["name"],
            password=demo["password"],
        )
        for entry in demo["referees"]
    }
    schools = {
        entry["code"]: school_create(actor=organiser, tournament=tournament, **entry)
        for entry in demo["schools"]
    }
    players = {}
    for entry in demo["players"]:
        values = dict(entry)
        school = schools[values.pop("school")]
        players[entry["number"]] = player_create(
            actor=organiser, tournament=tournament, school=school, **values
        )
    return {"referees": referees, "players": players}


def _play_table(
    organiser: AbstractBaseUser, table: Table, entry: dict[str, Any], people: dict[str, Any]
) -> None:
    referee = people["referees"][entry["referee"]]
    table_assign_referee(actor=organiser, table=table, referee=referee)
    for seat in entry["seats"]:
        player: Player = people["players"][seat["player"]]
        seat_assign(
            actor=organiser,
            table=table,
            player=player,
            letter=seat["letter"],
            drawn_number=seat.get("drawn_number"),
        )
    for number, game in enumerate(entry["games"], start=1):
        recorded = game_result_submit(
            actor=referee,
            table=table,
            game_number=number,
            ending=game["ending"],
            hands=[scoring.PlayerInput(**hand) for hand in game["hands"]],
        )
        for incident in game.get("incidents", []):
            incident_record(
                actor=referee,
                game=recorded,
                seat=table.seats.get(letter=incident["seat"]),
                kind=incident["kind"],
                tiles_left_over=incident.get("tiles_left_over"),
                note=incident.get("note", ""),
            )
    if entry.get("signed_off"):
        table_sign_off(actor=referee, table=table)


@transaction.atomic
def load_demo(demo: dict[str, Any]) -> Tournament:
    """All or nothing: a failure leaves the database as empty as it was."""
    organiser = _create_organiser(demo)
    settings_ = dict(demo["tournament"])
    released = settings_.pop("standings_released", False)
    tournament = tournament_create(actor=organiser, **settings_)
    people = _register(organiser, tournament, demo)
    for order, round_entry in enumerate(demo["rounds"], start=1):
        round_: Round = round_create(
            actor=organiser,
            tournament=tournament,
            name=round_entry["name"],
            date=datetime.date.fromisoformat(round_entry["date"]),
            start_time=datetime.time.fromisoformat(round_entry["start_time"]),
            order=order,
        )
        for table_entry in round_entry["tables"]:
            table = table_create(actor=organiser, round_=round_, number=table_entry["number"])
            _play_table(organiser, table, table_entry, people)
    if released:
        tournament.refresh_from_db()
        tournament_update(
            actor=organiser,
            tournament=tournament,
            **{name: getattr(tournament, name) for name in SETTINGS_FIELDS if name != "standings_released"},
            standings_released=True,
        )
    return tournament
