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


@pytest.mark.parametrize(("language", "words"), [("en", "is drawn without you"), ("zh-hant", "沒有你的桌號")])
def test_a_player_left_out_of_the_latest_draw_is_told_so_not_sent_to_an_old_table(
    client, finished_table, players, organiser, referee, language, words
):
    """Round 1 over, round 2 drawn without this child: their round 1 table is no longer where they go."""
    import datetime

    from referee import services

    services.table_sign_off(actor=referee, table=finished_table)
    second = services.round_create(
        actor=organiser,
        tournament=finished_table.round.tournament,
        name="第二輪",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(11, 0),
    )
    table = services.table_create(actor=organiser, round_=second)
    services.seat_assign(actor=organiser, table=table, player=players[1], letter="A")
    client.cookies["django_language"] = language
    page = find(client, str(players[0].number)).content.decode()
    assert words in page
    assert "第二輪" in page
    seated = find(client, str(players[1].number)).content.decode()
    assert words not in seated


@pytest.mark.parametrize(("language", "words"), [("en", "marked absent"), ("zh-hant", "標示為缺席")])
def test_an_absent_player_is_sent_to_the_desk(client, players, language, words):
    from referee.models import Player

    Player.objects.filter(pk=players[4].pk).update(attendance="absent")
    client.cookies["django_language"] = language
    page = find(client, str(players[4].number)).content.decode()
    assert words in page
