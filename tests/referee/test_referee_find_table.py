"""The public "find my table" page: a player number gives the table and seat of the current round."""

from __future__ import annotations

import pytest

from referee.models.tournament import Privacy

pytestmark = pytest.mark.django_db


def find(client, number: str):
    return client.get("/t/cup/find/", {"number": number})


class StoppedClock:
    """The throttle's clock, held still in the middle of a minute so that a count never straddles two windows
    (200 requests can take longer than what is left of a minute on a slow machine); `advance` moves it on."""

    def __init__(self, now: float) -> None:
        self.now = now

    def time(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch) -> StoppedClock:
    from referee.public import throttle

    stopped = StoppedClock(now=1_800_000_030.0)  # 30 s into a minute
    monkeypatch.setattr(throttle, "time", stopped)
    return stopped


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
    from referee.play.services.signoff import table_sign_off

    table_sign_off(actor=referee, table=finished_table)
    response = find(client, "1")
    assert response.context["found"].seat.table == finished_table  # the last round played, once all are done


@pytest.mark.parametrize("number", ["999", "abc", "-1", "99999999999999999999", "\x00", ""])
def test_unknown_or_odd_numbers_say_so_without_error(client, tournament, players, number):
    response = find(client, number)
    assert response.status_code == 200
    assert response.context["found"] is None


def test_an_unknown_tournament_is_404(client, db):
    assert client.get("/t/nothing/find/").status_code == 404


def no_table(page: str) -> bool:
    return 'id="no-table"' in page and 'id="found-seat"' not in page


def answer(client, number: str) -> str:
    """The page's answer alone (the form and what follows it), without the number asked."""
    page = find(client, number).content.decode()
    return page.split('id="find-table-form"', 1)[1].split("</main>", 1)[0].replace(number, "N")


def test_a_player_not_seated_in_the_current_round_learns_nothing_but_that(client, table, players):
    """Number 5 is registered but not seated: the page says what it says of a number nobody has."""
    registered = find(client, "5").content.decode()
    assert no_table(registered)
    assert players[4].name_zh[0] not in registered.split('id="no-table"')[1]
    assert answer(client, "5") == answer(client, "555")


def test_before_any_round_is_seated_a_registered_number_tells_nothing(client, players):
    page = find(client, str(players[0].number)).content.decode()
    assert no_table(page)
    assert players[0].name_zh not in page
    assert "HSP" not in page


def test_the_number_stands_beside_the_name_the_privacy_setting_allows(client, tournament, table, players):
    page = find(client, str(players[1].number)).content.decode()
    assert f"#{players[1].number} 李○○" in page
    assert players[1].name_zh not in page


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_a_player_left_out_of_the_latest_round_is_told_only_that_there_is_no_table(
    client, finished_table, players, organiser, referee, language
):
    """Round 1 over, round 2 seated without this child: no old table, no word of why."""
    import datetime

    from referee.draws.services.seats import seat_assign
    from referee.play.services.signoff import table_sign_off
    from referee.tournaments.services.schedule import round_create, table_create

    table_sign_off(actor=referee, table=finished_table)
    second = round_create(
        actor=organiser,
        tournament=finished_table.round.tournament,
        name="第二輪",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(11, 0),
    )
    table = table_create(actor=organiser, round_=second)
    seat_assign(actor=organiser, table=table, player=players[1], letter="A")
    client.cookies["django_language"] = language
    left_out = find(client, str(players[0].number)).content.decode()
    assert no_table(left_out)
    assert "第一輪" not in left_out
    seated = find(client, str(players[1].number)).content.decode()
    assert "第二輪" in seated


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_absence_is_never_shown(client, table, players, language):
    from referee.models import Player

    Player.objects.filter(pk=players[0].pk).update(attendance="absent")
    Player.objects.filter(pk=players[4].pk).update(attendance="absent")
    client.cookies["django_language"] = language
    seated = find(client, str(players[0].number)).content.decode()
    assert 'id="found-seat"' in seated
    for words in ("absent", "缺席"):
        assert words not in seated
    assert answer(client, str(players[4].number)) == answer(client, "9999")


@pytest.mark.parametrize(("language", "words"), [("en", "Too many player numbers"), ("zh-hant", "太多")])
def test_two_hundred_numbers_from_one_address_are_refused_well_before_the_end(
    client, table, players, settings, clock, language, words
):
    settings.FIND_TABLE_PER_MINUTE = 30
    client.cookies["django_language"] = language
    statuses = [find(client, str(number)).status_code for number in range(1, 201)]
    assert statuses[:30] == [200] * 30
    assert statuses[30:] == [429] * 170
    refused = find(client, "1")
    assert refused.status_code == 429
    assert words in refused.content.decode()
    assert client.get("/t/cup/find/").status_code == 200  # the page itself, with no number asked, still opens
    other = client.get("/t/cup/find/", {"number": "1"}, REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 200  # another address is counted apart


def test_the_next_minute_opens_again_for_a_refused_address(client, table, players, settings, clock):
    settings.FIND_TABLE_PER_MINUTE = 3
    statuses = [find(client, str(number)).status_code for number in range(1, 5)]
    assert statuses == [200, 200, 200, 429]
    clock.advance(29)  # still the same minute
    assert find(client, "1").status_code == 429
    clock.advance(2)  # the next minute
    assert find(client, "1").status_code == 200
