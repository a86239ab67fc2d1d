"""Fixtures for the site: people in every role and a seated hk-school table, all built by services."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, Permission

from referee.draws.services.seats import seat_assign
from referee.models import Player, Round, School, Table, Tournament
from referee.people.services.people import player_create, school_create
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.tournaments.services.referees import referee_account_create
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import SETTINGS_FIELDS, tournament_create, tournament_update
from scoring import PlayerInput

User = get_user_model()
PASSWORD = "correct-horse-42"


@pytest.fixture
def organiser(db):
    """A person allowed to create tournaments (the administrator gave them the right)."""
    user = User.objects.create_user("organiser", password=PASSWORD, first_name="黃主任")
    user.user_permissions.add(
        Permission.objects.get(codename="add_tournament", content_type__app_label="referee")
    )
    return User.objects.get(pk=user.pk)


@pytest.fixture
def tournament(organiser) -> Tournament:
    return tournament_create(actor=organiser, name="小學邀請賽", slug="cup", ruleset="hk-school")


@pytest.fixture
def referee(organiser, tournament):
    return referee_account_create(
        actor=organiser, tournament=tournament, username="ref1", display_name="陳大文", password=PASSWORD
    )


@pytest.fixture
def other_referee(organiser, tournament):
    """A referee of the same tournament, but not of the table under test."""
    return referee_account_create(
        actor=organiser, tournament=tournament, username="ref2", display_name="李嘉欣", password=PASSWORD
    )


@pytest.fixture
def stranger(db):
    return User.objects.create_user("stranger", password=PASSWORD)


@pytest.fixture
def anonymous():
    return AnonymousUser()


@pytest.fixture
def roles(organiser, referee, other_referee, anonymous, stranger) -> dict:
    return {
        "organiser": organiser,
        "table referee": referee,
        "other referee": other_referee,
        "stranger": stranger,
        "anonymous": anonymous,
    }


@pytest.fixture
def school(organiser, tournament) -> School:
    return school_create(
        actor=organiser, tournament=tournament, name_zh="海濱小學", name_en="Harbourside Primary", code="HSP"
    )


@pytest.fixture
def players(organiser, tournament, school) -> list[Player]:
    names = ["陳俊傑", "李詠琳", "張家豪", "黃嘉儀", "劉子晴"]
    return [player_create(actor=organiser, tournament=tournament, school=school, name_zh=n) for n in names]


@pytest.fixture
def round_(organiser, tournament) -> Round:
    return round_create(
        actor=organiser,
        tournament=tournament,
        name="第一輪",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9, 30),
    )


@pytest.fixture
def table(organiser, round_, referee, players) -> Table:
    """Table 1 with its referee and four players in seats A-D."""
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for letter, player in zip("ABCD", players[:4], strict=True):
        seat_assign(actor=organiser, table=table, player=player, letter=letter)
    return Table.objects.get(pk=table.pk)


def went_out(winner: str, racks: dict[str, int]) -> list[PlayerInput]:
    """A went-out game: the winner and the other seats' rack values."""
    hands = [PlayerInput(seat=winner, went_out=True)]
    hands += [PlayerInput(seat=letter, rack_value=value) for letter, value in racks.items()]
    return hands


@pytest.fixture
def play(referee) -> Callable[..., object]:
    """Record the next game at a table as its referee."""

    def record(table: Table, winner: str = "A", racks: dict[str, int] | None = None, actor=None):
        racks = racks or {
            letter: 10 * (i + 1) for i, letter in enumerate(seat for seat in "ABCD" if seat != winner)
        }
        return game_result_submit(
            actor=actor or referee,
            table=table,
            game_number=table.games.count() + 1,
            ending="went-out",
            hands=went_out(winner, racks),
        )

    return record


@pytest.fixture
def finished_table(table, play) -> Table:
    """The seed-002 scoresheet: three games, B wins twice, C once."""
    play(table, "B", {"A": 7, "C": 61, "D": 50})
    play(table, "B", {"A": 12, "C": 2, "D": 23})
    play(table, "C", {"A": 49, "B": 32, "D": 17})
    return Table.objects.get(pk=table.pk)


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


@pytest.fixture
def referee_client(client, referee):
    client.force_login(referee)
    return client


def form_errors(response, form_name: str) -> dict:
    """The errors of one form on a re-shown page (the page answered 200 with the bound form)."""
    assert response.status_code == 200
    return response.context[form_name].errors


def release(organiser, tournament, **changes):
    values = {name: getattr(tournament, name) for name in SETTINGS_FIELDS}
    tournament_update(
        actor=organiser, tournament=tournament, **{**values, "standings_released": True, **changes}
    )


@pytest.fixture
def released(organiser, tournament, finished_table, referee):
    """The seed-002 table signed off, the standings released (privacy: initials)."""
    table_sign_off(actor=referee, table=finished_table)
    release(organiser, tournament)
    return tournament
