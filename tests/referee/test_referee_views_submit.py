"""What the table page's script sends from its queue: a game or an incident, answered in JSON. A send whose
answer was lost goes again with the same submission key and stores nothing twice; every refusal says why."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from referee.models import Game, Incident

GAME_1 = {
    "action": "save-game",
    "game_number": "1",
    "ending": "went-out",
    "went_out": "B",
    "submission": "queue-1",
    "rack_A": "R3 K4",
    "rack_value_C": "61",
    "rack_D": "J B10 Y10",
    **{f"made_initial_meld_{letter}": "on" for letter in "ABCD"},
}


def submit_url(table) -> str:
    return reverse("referee:submit", args=[table.pk])


def test_a_game_is_saved_and_a_resend_stores_it_once(referee_client, table):
    first = referee_client.post(submit_url(table), GAME_1).json()
    assert first == {"state": "saved", "message": "已儲存第 1 局。", "game": 1, "version": 1}
    again = referee_client.post(submit_url(table), GAME_1).json()  # the first answer never arrived
    assert again["state"] == "saved"
    assert Game.objects.filter(table=table).count() == 1
    assert Game.objects.get().version == 1


def test_a_page_about_to_reload_gets_the_message_too(referee_client, table):
    response = referee_client.post(submit_url(table), {**GAME_1, "reload": "1"})
    assert [str(message) for message in get_messages(response.wsgi_request)] == ["已儲存第 1 局。"]


def test_a_refusal_names_the_field(referee_client, table):
    answer = referee_client.post(submit_url(table), {**GAME_1, "rack_A": "R3 R14"}).json()
    assert answer["state"] == "refused"
    assert list(answer["errors"]) == ["rack_A"]
    assert "R14" in answer["message"]
    assert not Game.objects.exists()


def test_an_engine_refusal_comes_back_by_field(referee_client, table):
    answer = referee_client.post(submit_url(table), {**GAME_1, "rack_B": "R5"}).json()
    assert answer["state"] == "refused"
    assert "rack_B" in answer["errors"]


def test_games_go_in_order(referee_client, table):
    answer = referee_client.post(submit_url(table), {**GAME_1, "game_number": "2"}).json()
    assert answer["state"] == "refused"
    assert "第 1 局" in answer["message"]


def test_a_logged_out_phone_keeps_its_save(table):
    response = Client().post(submit_url(table), GAME_1)
    assert response.status_code == 401
    assert response.json()["state"] == "signed-out"


def test_another_referee_is_refused(client, table, other_referee):
    client.force_login(other_referee)
    response = client.post(submit_url(table), GAME_1)
    assert response.status_code == 403
    assert response.json()["state"] == "refused"
    assert not Game.objects.exists()


def test_an_unknown_action_is_refused(referee_client, table):
    response = referee_client.post(submit_url(table), {**GAME_1, "action": "sign-off"})
    assert response.status_code == 400
    assert response.json()["state"] == "refused"


def test_only_posts(referee_client, table):
    assert referee_client.get(submit_url(table)).status_code == 405


def test_an_incident_in_play_from_the_queue_counts_once(referee_client, table):
    overtime = {
        "action": "record-incident",
        "game": "1",
        "seat": "C",
        "kind": "overtime",
        "submission": "t-1",
    }
    assert referee_client.post(submit_url(table), overtime).json()["state"] == "saved"
    assert referee_client.post(submit_url(table), overtime).json()["state"] == "saved"
    incident = Incident.objects.get()
    assert (incident.game, incident.game_number) == (None, 1)
    referee_client.post(submit_url(table), GAME_1)
    incident.refresh_from_db()
    assert incident.game == Game.objects.get()


def test_an_incident_refused_says_why(referee_client, table):
    answer = referee_client.post(
        submit_url(table), {"action": "record-incident", "game": "1", "seat": "Q", "kind": "overtime"}
    ).json()
    assert answer["state"] == "refused"
    assert "seat" in answer["errors"]


@pytest.mark.django_db
def test_a_conflict_returns_the_entry_and_what_changed(client, table, referee, organiser):
    client.force_login(referee)
    client.post(submit_url(table), GAME_1)
    client.force_login(organiser)
    client.post(submit_url(table), {**GAME_1, "version": "1", "submission": "desk", "rack_A": "R3 K5"})
    client.force_login(referee)
    answer = client.post(
        submit_url(table), {**GAME_1, "version": "1", "submission": "phone", "rack_value_C": "60"}
    ).json()
    assert answer["state"] == "conflict"
    assert answer["values"]["version"] == "2"
    assert answer["values"]["submission"] not in ("phone", "desk")
    assert answer["values"]["rack_A"] == "R3 K5"  # the desk's change is kept: this phone did not touch it
    assert answer["values"]["rack_value_C"] == "60"  # and this phone's own change too
    assert "R3 K5" in answer["conflict_html"]
    assert Game.objects.get().hands.get(seat__letter="C").rack_value == 61
