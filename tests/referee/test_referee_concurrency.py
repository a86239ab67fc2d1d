"""Two devices, one game: the later save of a version is refused and keeps what was typed; a double-clicked
save stores one result. The threaded race runs on PostgreSQL, where the row lock is what keeps it apart."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.errors import ServiceError
from core.models import AuditEntry
from referee.models import Game
from referee.play.services.results import game_result_submit
from scoring import PlayerInput
from tests.referee.races import race, require_server_database

FIRST = [
    PlayerInput("A", went_out=True),
    PlayerInput("B", rack_value=5),
    PlayerInput("C", rack_value=6),
    PlayerInput("D", rack_value=7),
]
SECOND = [
    PlayerInput("B", went_out=True),
    PlayerInput("A", rack_value=9),
    PlayerInput("C", rack_value=6),
    PlayerInput("D", rack_value=7),
]


def submit(table, actor, hands, *, version=None, submission=""):
    return game_result_submit(
        actor=actor,
        table=table,
        game_number=1,
        ending="went-out",
        hands=hands,
        expected_version=version,
        submission=submission,
    )


def test_two_saves_of_one_version_store_the_first_and_refuse_the_second(table, referee, organiser):
    submit(table, referee, FIRST)
    submit(table, referee, SECOND, version=1)
    with pytest.raises(ServiceError) as refused:
        submit(table, organiser, FIRST, version=1)
    assert refused.value.code == "stale"
    game = Game.objects.get(table=table)
    assert game.version == 2
    assert game.hands.get(seat__letter="B").went_out
    assert AuditEntry.objects.filter(action="game.correct").count() == 1


def test_two_devices_entering_a_new_game(table, referee, organiser):
    submit(table, referee, FIRST)
    with pytest.raises(ServiceError) as refused:
        submit(table, organiser, SECOND)
    assert refused.value.code == "exists"
    assert Game.objects.filter(table=table).count() == 1


def test_a_double_submit_stores_one_result(table, referee):
    first = submit(table, referee, FIRST, submission="form-key-1")
    again = submit(table, referee, FIRST, submission="form-key-1")
    assert again.pk == first.pk
    assert again.version == 1
    assert Game.objects.filter(table=table).count() == 1
    assert AuditEntry.objects.filter(action__startswith="game.").count() == 1


def test_a_double_submitted_correction_applies_once(table, referee):
    submit(table, referee, FIRST, submission="key-a")
    submit(table, referee, SECOND, version=1, submission="key-b")
    replay = submit(table, referee, SECOND, version=1, submission="key-b")
    assert replay.version == 2
    assert AuditEntry.objects.filter(action="game.correct").count() == 1


def entry_post(**overrides) -> dict:
    data = {
        "action": "save-game",
        "game_number": "1",
        "ending": "went-out",
        "went_out": "A",
        "submission": "page-key",
        "rack_B": "R3 K4",
        "rack_value_C": "6",
        "rack_value_D": "7",
        "made_initial_meld_B": "on",
        "made_initial_meld_C": "on",
        "made_initial_meld_D": "on",
    }
    data.update(overrides)
    return data


def test_a_double_click_on_the_page_saves_once(referee_client, table):
    url = reverse("referee:table", args=[table.pk])
    first = referee_client.post(url, entry_post())
    second = referee_client.post(url, entry_post())
    assert first.status_code == second.status_code == 302
    assert Game.objects.filter(table=table).count() == 1


def test_the_later_save_on_the_page_is_refused_and_keeps_the_entry(client, table, referee, organiser):
    url = reverse("referee:table", args=[table.pk])
    client.force_login(referee)
    client.post(url, entry_post(submission="device-1"))
    client.post(url, entry_post(version="1", submission="device-1b", rack_B="R3 K5"))
    client.force_login(organiser)
    late = client.post(url, entry_post(version="1", submission="device-2", rack_B="R9 K9 J"))
    assert late.status_code == 200
    form = late.context["entry_form"]
    assert "Someone else changed this game" in " ".join(
        form.non_field_errors()
    ) or "其他人剛更改" in " ".join(form.non_field_errors())
    assert form["rack_B"].value() == "R9 K9 J"
    assert form["version"].value() == "2"
    assert Game.objects.get(table=table).hands.get(seat__letter="B").rack == "R3 K5"
    again = client.post(url, {**form.data.dict(), "action": "save-game"})
    assert again.status_code == 302
    assert Game.objects.get(table=table).hands.get(seat__letter="B").rack == "R9 K9 J"


@pytest.mark.django_db(transaction=True)
def test_racing_saves_under_the_row_lock(table, referee, organiser):
    require_server_database()
    outcomes = race(
        lambda: submit(table, referee, FIRST),
        lambda: submit(table, organiser, SECOND),
        done="saved",
    )
    assert outcomes == ["exists", "saved"]
    assert Game.objects.filter(table=table).count() == 1
