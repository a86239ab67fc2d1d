"""A tie broken at a table (by lot, by the organisers) carries into the player standings, with its reason;
and the preview says a rack's value as a value, not as a count of tiles."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from referee.draws.services.seats import seat_assign
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off, table_tie_break_record
from referee.standings.selectors.standings import standings
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from scoring import PlayerInput
from tests.referee.conftest import release

A_OUT = ("went-out", [PlayerInput("A", went_out=True), PlayerInput("B", rack_value=4)])
B_OUT = ("went-out", [PlayerInput("B", went_out=True), PlayerInput("A", rack_value=4)])
SHARED = ("pool-exhausted", [PlayerInput("A", rack_value=5), PlayerInput("B", rack_value=5)])


@pytest.fixture
def tied_table(organiser, referee, tournament, players):
    """Two players, one game won each and a shared win: tied on games won and total, signed off."""
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="第一輪",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9),
    )
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for player in players[:2]:
        seat_assign(actor=organiser, table=table, player=player)
    for number, (ending, hands) in enumerate([A_OUT, B_OUT, SHARED], start=1):
        game_result_submit(actor=referee, table=table, game_number=number, ending=ending, hands=hands)
    return table_sign_off(actor=referee, table=table)


def test_without_a_tie_break_the_two_share_a_rank(tied_table, tournament):
    rows = standings(tournament)
    assert [(row.rank, row.tied) for row in rows] == [(1, True), (1, True)]


def test_the_table_s_tie_break_orders_the_standings(tied_table, organiser, tournament, players):
    table_tie_break_record(actor=organiser, table=tied_table, seat="B", how="抽籤")
    rows = standings(tournament)
    assert [(row.number, row.rank, row.tied) for row in rows] == [
        (players[1].number, 1, False),
        (players[0].number, 2, False),
    ]
    assert rows[0].table_tie_break is not None
    assert rows[0].table_tie_break.how == "抽籤"


def test_the_standings_page_gives_the_reason(client, tied_table, organiser, tournament):
    table_tie_break_record(actor=organiser, table=tied_table, seat="B", how="by lot")
    release(organiser, tournament, privacy="full-names")
    page = client.get(reverse("public:standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert "by the tie-break at table 1 (第一輪): by lot" in html
    assert "behind 陳俊傑" not in html


def test_a_tie_with_a_player_from_elsewhere_stays_a_tie(tied_table, organiser, referee, tournament, players):
    """Three tied: the table decided only between its two players, not about the third."""
    table_tie_break_record(actor=organiser, table=tied_table, seat="B", how="抽籤")
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="第二輪",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(11),
    )
    other = table_create(actor=organiser, round_=round_)
    other = table_assign_referee(actor=organiser, table=other, referee=referee)
    for player in players[2:4]:
        seat_assign(actor=organiser, table=other, player=player)
    for number, (ending, hands) in enumerate([A_OUT, B_OUT, SHARED], start=1):
        game_result_submit(actor=referee, table=other, game_number=number, ending=ending, hands=hands)
    table_sign_off(actor=referee, table=other)
    rows = standings(tournament)
    assert [row.rank for row in rows] == [1, 1, 1, 1]


class TestThePreviewSaysValues:
    def test_a_rack_value_is_named_a_value(self, referee_client, table):
        data = {
            "action": "preview-game",
            "game_number": "1",
            "ending": "went-out",
            "went_out": "A",
            "submission": "p",
            "rack_value_B": "15",
            "rack_value_C": "20",
            "rack_value_D": "30",
            "made_initial_meld_B": "on",
            "made_initial_meld_C": "on",
            "made_initial_meld_D": "on",
        }
        page = referee_client.post(reverse("referee:table", args=[table.pk]), data, HTTP_ACCEPT_LANGUAGE="en")
        html = page.content.decode()
        assert "rack value 15" in html
        assert "15 <small>tiles on the rack" not in html
