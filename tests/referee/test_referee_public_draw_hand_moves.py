"""The public draw page shows the seats as they are: after a move by hand it lists the tables as seated,
marks who was moved, and works the report out again (classmates, repeats); the organiser's seat form warns of
classmates and marks absent children before it saves."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from referee.draws.selectors.draws import round_seated_draw
from referee.draws.services.seats import seat_assign, seat_remove
from referee.models import Player, Table
from referee.play.services.results import game_result_submit
from referee.play.services.seat_fixes import seat_player_correct
from referee.tournaments.services.schedule import table_assign_referee, table_create
from scoring import PlayerInput
from tests.referee.draw_helpers import draw_and_seat, make_field, make_round, seated


@pytest.fixture
def field(organiser, tournament):
    return make_field(organiser, tournament)


@pytest.fixture
def first(organiser, tournament, field):
    round_ = make_round(organiser, tournament, "第一輪")
    draw_and_seat(organiser, round_, seed=7)
    return round_


def public_url(round_) -> str:
    return reverse("public:round_draw", args=[round_.tournament.slug, round_.pk])


def page_tables(html: str) -> list[list[str]]:
    """The page's "as seated now" list, players by number (marks dropped)."""
    section = html[
        html.index('class="seated-tables"') : html.index("</ol>", html.index('class="seated-tables"'))
    ]
    rows = re.findall(r"<li[^>]*>(.*?)</li>", section, flags=re.S)
    return [re.findall(r"<span[^>]*>(\d+)\*?</span>", row) for row in rows]


def report_value(html: str, label: str) -> str:
    return re.search(rf"<dt>{re.escape(label)}</dt><dd>([^<]*)</dd>", html).group(1)


def move_by_hand(organiser, round_, first_number: int, second_number: int) -> None:
    """Two players of different tables exchange seats on the tables' pages (clear both, seat each)."""
    first_seat = round_.tables.get(seats__player__number=first_number).seats.get(player__number=first_number)
    second_seat = round_.tables.get(seats__player__number=second_number).seats.get(
        player__number=second_number
    )
    spots = [(first_seat.table, first_seat.letter), (second_seat.table, second_seat.letter)]
    players = [first_seat.player, second_seat.player]
    seat_remove(actor=organiser, seat=first_seat)
    seat_remove(actor=organiser, seat=second_seat)
    for (table, letter), player in zip(spots, reversed(players), strict=True):
        seat_assign(actor=organiser, table=table, player=player, letter=letter)


def test_before_any_move_the_page_shows_the_draw_as_seated(client, first):
    html = client.get(public_url(first), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert page_tables(html) == seated(first)
    assert "Nobody was moved by hand since the draw." in html


def test_after_a_hand_move_the_page_matches_the_tables(client, organiser, first):
    tables = seated(first)
    move_by_hand(organiser, first, int(tables[0][0]), int(tables[1][0]))
    html = client.get(public_url(first), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert page_tables(html) == seated(first)
    assert (
        f"players {tables[0][0]}, {tables[1][0]}" in html or f"players {tables[1][0]}, {tables[0][0]}" in html
    )
    assert html.count("*</span>") == 2


def test_the_report_is_worked_out_again_for_the_tables_as_seated(client, organiser, first, field):
    draw = round_seated_draw(first)
    assert draw.report["same_school_pairs"] == draw.report["same_school_pairs_min"]
    # Put two players of the largest school (HSP, numbers 1-6) together where the draw had kept them apart.
    tables = seated(first)
    home = next(ids for ids in tables if sum(1 for player in ids if int(player) <= 6) == 1)
    lone = next(player for player in home if int(player) <= 6)
    other = next(ids for ids in tables if ids is not home and any(int(p) <= 6 for p in ids))
    mate = next(player for player in other if int(player) <= 6)
    stranger = next(player for player in home if int(player) > 6)
    move_by_hand(organiser, first, int(mate), int(stranger))
    html = client.get(public_url(first), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    pairs = int(report_value(html, "Classmates at one table (pairs)").split()[0])
    assert pairs > draw.report["same_school_pairs"]
    assert lone in [p for ids in page_tables(html) for p in ids]


def test_a_seat_corrected_after_play_shows_on_the_page(client, organiser, referee, first):
    table = Table.objects.filter(round=first).order_by("number").first()
    other = Table.objects.filter(round=first).order_by("number")[1]
    table_assign_referee(actor=organiser, table=table, referee=referee)
    letters = list(table.seats.order_by("letter").values_list("letter", flat=True))
    hands = [PlayerInput(letters[0], went_out=True)] + [
        PlayerInput(letter, rack_value=5) for letter in letters[1:]
    ]
    game_result_submit(actor=referee, table=table, game_number=1, ending="went-out", hands=hands)
    wrong = table.seats.get(letter="A")
    right = other.seats.get(letter="A").player
    seat_player_correct(actor=organiser, seat=wrong, player=right, reason="坐錯了")
    html = client.get(public_url(first), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert page_tables(html) == seated(first)
    assert html.count("*</span>") == 2


class TestTheSeatForm:
    def test_classmates_are_warned_of_before_the_seat_is_saved(
        self, organiser_client, organiser, tournament, field
    ):
        round_ = make_round(organiser, tournament, "手排")
        table = table_create(actor=organiser, round_=round_)
        seat_assign(actor=organiser, table=table, player=field[0])
        address = reverse("organiser:table", args=[tournament.slug, table.pk])
        post = {"action": "add-seat", "player": field[1].pk, "letter": "", "drawn_number": ""}
        page = organiser_client.post(address, post, HTTP_ACCEPT_LANGUAGE="en")
        assert page.status_code == 200
        assert "Classmates at one table: #1" in page.content.decode()
        assert table.seats.count() == 1
        confirmed = organiser_client.post(address, {**post, "confirm": "on"})
        assert confirmed.status_code == 302
        assert table.seats.count() == 2

    def test_a_player_of_another_school_is_seated_at_once(
        self, organiser_client, organiser, tournament, field
    ):
        round_ = make_round(organiser, tournament, "手排")
        table = table_create(actor=organiser, round_=round_)
        seat_assign(actor=organiser, table=table, player=field[0])
        address = reverse("organiser:table", args=[tournament.slug, table.pk])
        post = {"action": "add-seat", "player": field[12].pk, "letter": "", "drawn_number": ""}
        assert organiser_client.post(address, post).status_code == 302

    def test_absent_children_are_marked_in_the_list_and_warned_of(
        self, organiser_client, organiser, tournament, field
    ):
        Player.objects.filter(pk=field[12].pk).update(attendance="absent")
        round_ = make_round(organiser, tournament, "手排")
        table = table_create(actor=organiser, round_=round_)
        address = reverse("organiser:table", args=[tournament.slug, table.pk])
        page = organiser_client.get(address, HTTP_ACCEPT_LANGUAGE="en")
        assert f"#{field[12].number} {field[12].display_name} · RVS (absent)" in page.content.decode()
        post = {"action": "add-seat", "player": field[12].pk, "letter": "", "drawn_number": ""}
        warned = organiser_client.post(address, post, HTTP_ACCEPT_LANGUAGE="en")
        assert "is marked absent" in warned.content.decode()
        assert not table.seats.exists()
