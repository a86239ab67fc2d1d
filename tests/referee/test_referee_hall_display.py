"""The hall's screen: its state document and panels, kept under the public version, answered 304 for one
query while nothing changes; results held until released; a prize-giving that never shows a prize early."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from referee.draws.services.seats import seat_assign, seat_remove
from referee.hall_screen.selectors.hall import hall_state
from referee.hall_screen.services.announcements import announcement_post
from referee.hall_screen.services.prizes import prize_giving_show, prize_reveal_next, prizes_add, prizes_fill
from referee.hall_screen.services.round_clock import round_clock_start
from referee.models import Table
from referee.play.services.results_release import round_results_release
from referee.play.services.signoff import table_sign_off
from referee.play.services.table_time import table_time_extend
from referee.tournaments.services.schedule import table_create
from referee.wording.names import public_label
from tests.referee.conftest import release


def state(client, tournament) -> dict:
    response = client.get(reverse("public:hall_state", args=[tournament.slug]))
    assert response.status_code == 200
    return json.loads(response.content)


def panel(client, tournament) -> str:
    return client.get(reverse("public:hall_panel", args=[tournament.slug])).content.decode()


def test_no_seated_round_is_a_welcome(client, tournament):
    assert state(client, tournament)["mode"] == "idle"


def test_before_the_clock_the_screen_shows_the_draw_by_number(client, tournament, table, players):
    shown = state(client, tournament)
    assert (shown["mode"], shown["round"]["name"]) == ("draw", "第一輪")
    assert shown["panel"].startswith("draw:")
    html = panel(client, tournament)
    assert f"<li><b>{players[0].number}</b>" in html
    assert "陳○○" in html
    assert "陳俊傑" not in html
    assert "<em>1</em>" in html


def test_the_draw_stamp_moves_only_when_a_seat_moves(client, organiser, tournament, table, players):
    before = state(client, tournament)["panel"]
    announcement_post(actor=organiser, tournament=tournament, text_zh="歡迎", text_en="Welcome")
    after_notice = state(client, tournament)
    assert after_notice["panel"] == before  # the version moved, the draw did not: the screen keeps it
    assert after_notice["announcement"] == {"zh": "歡迎", "en": "Welcome"}
    seat_remove(actor=organiser, seat=table.seats.get(letter="D"))
    assert state(client, tournament)["panel"] != before


def test_during_play_the_screen_has_the_clock_and_the_tables(client, organiser, tournament, round_, table):
    round_clock_start(actor=organiser, round_=round_, minutes=40)
    table_time_extend(actor=organiser, table=table, minutes=5, reason="Late start 遲了開始")
    shown = state(client, tournament)
    assert shown["mode"] == "play"
    assert (shown["clock"]["state"], shown["clock"]["minutes"]) == ("running", 40)
    assert shown["clock"]["ends_at"]
    assert shown["tables"] == [[1, 0, 5, "Late start 遲了開始", None]]


def test_an_unchanged_state_is_a_304_for_one_query(client, tournament, table, django_assert_num_queries):
    address = reverse("public:hall_state", args=[tournament.slug])
    first = client.get(address)
    with django_assert_num_queries(1):
        again = client.get(address, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    with django_assert_num_queries(2):  # the version, then the kept document
        assert client.get(address).content == first.content


def test_the_state_costs_the_same_queries_for_one_table_or_many(
    organiser, tournament, round_, table, django_assert_max_num_queries
):
    round_clock_start(actor=organiser, round_=round_)
    with django_assert_max_num_queries(9) as counted:
        hall_state(tournament, 1)
    for _ in range(5):
        table_create(actor=organiser, round_=round_)
    with django_assert_max_num_queries(len(counted.captured_queries)):
        hall_state(tournament, 2)


def test_results_are_held_until_the_round_is_released(
    client, organiser, tournament, round_, finished_table, referee, players, play
):
    release(organiser, tournament, hold_results=True)
    other = table_create(actor=organiser, round_=round_)
    seat_assign(actor=organiser, table=other, player=players[4], letter="A")
    table_sign_off(actor=referee, table=finished_table)
    round_clock_start(actor=organiser, round_=round_)
    shown = state(client, tournament)
    assert (shown["mode"], shown["held"]) == ("play", True)
    standings = client.get(reverse("public:standings_fragment", args=[tournament.slug])).content.decode()
    assert "李○○" not in standings  # the signed-off table's winner is held with its round
    assert "第一輪" in standings  # and the page says which round is held
    round_results_release(actor=organiser, round_=round_)
    shown = state(client, tournament)
    assert (shown["mode"], shown["held"]) == ("results", False)
    html = panel(client, tournament)
    assert "李○○" in html
    assert "李○○" in client.get(reverse("public:standings_fragment", args=[tournament.slug])).content.decode()


def test_a_round_whose_tables_are_all_signed_off_is_public_by_itself(
    client, organiser, tournament, round_, finished_table, referee
):
    release(organiser, tournament, hold_results=True)
    round_clock_start(actor=organiser, round_=round_)
    assert state(client, tournament)["mode"] == "play"
    table_sign_off(actor=referee, table=finished_table)
    assert state(client, tournament)["mode"] == "results"


@pytest.fixture
def prizes(organiser, released):
    prizes_add(actor=organiser, tournament=released, kind="place", places=3)
    prizes_fill(actor=organiser, tournament=released)
    prize_giving_show(actor=organiser, tournament=released, shown=True)
    return list(released.prizes.order_by("position"))


def test_the_prize_giving_holds_no_prize_before_its_tap(client, organiser, released, prizes):
    page = client.get(reverse("public:hall", args=[released.slug])).content.decode()
    shown = state(client, released)
    html = panel(client, released)
    assert shown["mode"] == "prizes"
    assert "prize-soon" in html
    prize_reveal_next(actor=organiser, tournament=released)
    html = panel(client, released)
    third, second, first = prizes
    assert [prize.place for prize in prizes] == [3, 2, 1]  # the 1st place last
    everything = page + json.dumps(state(client, released), ensure_ascii=False) + html
    for winner in third.players.all():
        assert public_label(winner, released.privacy) in html
    for unrevealed in (second, first):
        for winner in unrevealed.players.all():
            assert public_label(winner, released.privacy) not in everything
    assert "第 1 名" not in everything
    assert "1st place" not in everything
    assert html.count("data-prize") == 1


def test_the_screen_page_is_the_same_for_everyone_and_has_no_form(client, tournament, table):
    first = client.get(reverse("public:hall", args=[tournament.slug]))
    assert first.status_code == 200
    assert "csrfmiddlewaretoken" not in first.content.decode()
    again = client.get(reverse("public:hall", args=[tournament.slug]), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_the_referees_console_carries_the_clock_strip(referee_client, table):
    page = referee_client.get(reverse("referee:table", args=[table.pk])).content.decode()
    assert "data-hall-strip" in page
    assert reverse("public:hall_state", args=[table.round.tournament.slug]) in page
    assert 'data-table="1"' in page
    assert f'data-round="{table.round_id}"' in page
    assert Table.objects.filter(pk=table.pk).exists()


def test_the_panel_goes_gzipped_and_a_gzipped_etag_still_answers_304(client, tournament, table):
    address = reverse("public:hall_panel", args=[tournament.slug])
    sent = client.get(address, HTTP_ACCEPT_ENCODING="gzip")
    assert sent["Content-Encoding"] == "gzip"
    assert sent["ETag"].startswith("W/")
    again = client.get(address, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=sent["ETag"])
    assert again.status_code == 304


def test_the_public_table_winners_say_a_held_round_is_held(
    client, organiser, tournament, round_, finished_table, referee, players
):
    release(organiser, tournament, hold_results=True)
    other = table_create(actor=organiser, round_=round_)
    seat_assign(actor=organiser, table=other, player=players[4], letter="A")
    table_sign_off(actor=referee, table=finished_table)
    page = client.get(reverse("public:standings", args=[tournament.slug]) + "?view=tables").content.decode()
    assert "賽果保留至本輪公布" in page
    assert "李○○" not in page
