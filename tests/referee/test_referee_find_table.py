"""The public "find my table" page: a player number gives the table and seat of the current round."""

from __future__ import annotations

import pytest

from referee.models.tournament import Privacy

pytestmark = pytest.mark.django_db


def find(client, number: str):
    return client.get("/t/cup/find/", {"number": number})


def test_a_seated_player_finds_table_and_seat(client, table, players):
    page = find(client, str(players[1].number)).content.decode()
    assert 'id="found-seat"' in page
    assert "乙" in page  # seat B on the school sheet
    assert "1" in page


def test_full_width_digits_are_read(client, table, players):
    response = find(client, "２")
    assert response.context["found"].player == players[1]


def test_names_follow_the_privacy_setting(client, tournament, table, players):
    tournament.privacy = Privacy.PLAYER_NUMBERS
    tournament.save(update_fields=["privacy"])
    page = find(client, "1").content.decode()
    assert players[0].name_zh not in page


def test_the_current_round_is_the_first_table_not_signed_off(
    client, finished_table, players, organiser, referee
):
    from referee import services

    services.table_sign_off(actor=referee, table=finished_table)
    response = find(client, "1")
    assert response.context["found"].seat.table == finished_table  # the last round played, once all are done


@pytest.mark.parametrize("number", ["999", "abc", "-1", "99999999999999999999", "\x00", ""])
def test_unknown_or_odd_numbers_say_so_without_error(client, tournament, players, number):
    response = find(client, number)
    assert response.status_code == 200
    assert response.context["found"] is None


def test_an_unknown_tournament_is_404(client, db):
    assert client.get("/t/nothing/find/").status_code == 404


def test_a_player_not_yet_seated(client, players):
    page = find(client, "5").content.decode()
    assert 'id="found-seat"' in page
