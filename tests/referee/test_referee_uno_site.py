"""UNO on the site: who deals and who starts (seed 001), the last-card question on the hand form, and the
blank sheet for a race to 500 (hands and a running total)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from core.errors import ServiceError
from referee.draws.services.seats import seat_assign, seat_draws_record
from referee.exports.exporters import ExportRequest, get_exporter
from referee.models import Game, Table
from referee.people.services.people import player_create, school_create
from referee.play.selectors.sheets import table_sheet
from referee.play.services.results import game_result_submit
from referee.results.table_rules import deal_order, play_order
from referee.tournaments.services.referees import referee_add
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import tournament_create
from scoring import PlayerInput
from tests.referee.exporters.conftest import pdf_text


@pytest.fixture
def uno_table(organiser, referee) -> Table:
    tournament = tournament_create(actor=organiser, name="UNO 盃", slug="uno-cup", ruleset="uno")
    referee_add(actor=organiser, tournament=tournament, username=referee.username)
    school = school_create(actor=organiser, tournament=tournament, name_zh="海濱小學", name_en="", code="HSP")
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="R1",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9),
    )
    table = table_create(actor=organiser, round_=round_)
    table_assign_referee(actor=organiser, table=table, referee=referee)
    for name in ("甲生", "乙生", "丙生"):
        player = player_create(actor=organiser, tournament=tournament, school=school, name_zh=name)
        seat_assign(actor=organiser, table=table, player=player)
    return Table.objects.select_related("round__tournament").get(pk=table.pk)


class TestWhoDealsAndWhoStarts:
    def test_the_highest_card_deals_and_the_dealers_left_starts(self):
        order, deal = deal_order("uno", {"A": 5, "B": 9, "C": 2}, {})
        assert (order, deal.dealer) == (["C", "A", "B"], "B")
        assert play_order({"A": 5, "B": 9, "C": 2}) == ["B", "C", "A"]  # Rummikub: the highest starts

    def test_zero_and_equal_cards_are_recorded(self, client, referee, uno_table):
        """Seed 001 counts action cards as 0 for this draw, and every colour has a 0: two 0s are two draws."""
        client.force_login(referee)
        address = reverse("referee:table", args=[uno_table.pk])
        response = client.post(
            address, {"action": "record-draws", "drawn_A": "0", "drawn_B": "0", "drawn_C": "4"}
        )
        assert response.status_code == 302
        assert dict(uno_table.seats.values_list("letter", "drawn_number")) == {"A": 0, "B": 0, "C": 4}
        page = client.get(address, HTTP_ACCEPT_LANGUAGE="en")
        assert page.context["sheet"].dealer == "C"
        assert "drew 0" in page.content.decode()

    def test_players_tied_on_the_highest_card_draw_again_through_the_page(self, client, referee, uno_table):
        client.force_login(referee)
        address = reverse("referee:table", args=[uno_table.pk])
        tie = {"action": "record-draws", "drawn_A": "9", "drawn_B": "3", "drawn_C": "9"}
        assert client.post(address, tie).status_code == 302
        page = client.get(address, HTTP_ACCEPT_LANGUAGE="en")
        sheet, form = page.context["sheet"], page.context["draws_form"]
        assert (sheet.dealer, sheet.draw_again) == (None, ["A", "C"])
        assert sorted(name for name in form.fields if name.startswith("again_")) == ["again_A", "again_C"]
        assert "A, C drew the same highest card: they draw again" in page.content.decode()
        assert client.post(address, {**tie, "again_A": "2", "again_C": "6"}).status_code == 302
        page = client.get(address, HTTP_ACCEPT_LANGUAGE="zh-hant")
        assert (page.context["sheet"].dealer, page.context["sheet"].starter) == ("C", "A")
        assert [seat.drawn_again for seat in page.context["sheet"].seats] == [(2,), (), (6,)]

    @pytest.mark.parametrize(
        "posted, field",
        [
            ({"drawn_A": "10"}, "drawn_A"),
            ({"drawn_A": "-1"}, "drawn_A"),
            ({"again_B": "4"}, "again_B"),
            ({"drawn_A": "9", "drawn_C": "9", "again_A": "x"}, "again_A"),
        ],
    )
    def test_impossible_draws_are_refused_next_to_the_seat(self, client, referee, uno_table, posted, field):
        client.force_login(referee)
        address = reverse("referee:table", args=[uno_table.pk])
        data = {"action": "record-draws", "drawn_A": "5", "drawn_B": "3", "drawn_C": "1", **posted}
        response = client.post(address, data, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200
        assert field in response.context["draws_form"].errors
        assert not uno_table.seats.filter(drawn_number__isnull=False).exists()

    def test_the_service_keeps_rummikub_numbers_distinct_and_uno_cards_in_range(
        self, referee, uno_table, table
    ):
        with pytest.raises(ServiceError) as caught:
            seat_draws_record(actor=referee, table=table, numbers={"A": 3, "B": 3})
        assert caught.value.code == "duplicate"
        with pytest.raises(ServiceError) as caught:
            seat_draws_record(actor=referee, table=uno_table, numbers={"A": 12})
        assert caught.value.code == "bad-deal-draw"
        with pytest.raises(ServiceError) as caught:
            seat_draws_record(
                actor=referee, table=uno_table, numbers={"A": 9, "B": 3, "C": 1}, again={"A": [4]}
            )
        assert caught.value.code == "deal-draw-unexpected"

    def test_the_table_page_says_so(self, client, referee, uno_table):
        seat_draws_record(actor=referee, table=uno_table, numbers={"A": 5, "B": 9, "C": 2})
        client.force_login(referee)
        page = client.get(reverse("referee:table", args=[uno_table.pk]), HTTP_ACCEPT_LANGUAGE="en")
        sheet = page.context["sheet"]
        assert (sheet.dealer, sheet.starter, sheet.play_order) == ("B", "C", ["C", "A", "B"])
        assert "B drew the highest card and deals; C, on the dealer's left, starts." in page.content.decode()

    def test_before_the_draw_the_page_gives_the_rule(self, client, referee, uno_table):
        client.force_login(referee)
        page = client.get(reverse("referee:table", args=[uno_table.pk]), HTTP_ACCEPT_LANGUAGE="en")
        assert "the highest card deals, and the player on the dealer's left starts" in page.content.decode()
        assert "the highest starts" not in page.content.decode()


class TestTheLastCard:
    def post_hand(self, client, table, **fields):
        address = reverse("referee:table", args=[table.pk])
        form = client.get(address).context["entry_form"]
        data = {
            "action": "save-game",
            "game_number": form["game_number"].value(),
            "submission": form["submission"].value(),
            "ending": "went-out",
            "went_out": "A",
            **fields,
        }
        return client.post(address, data)

    def test_a_wild_draw_four_the_next_player_drew_counts(self, client, referee, uno_table):
        client.force_login(referee)
        response = self.post_hand(
            client,
            uno_table,
            last_card="W4",
            rack_B="R5 G7 B3 Y1 R2",
            drawn_B="G7 B3 Y1 R2",
            rack_C="GD",
        )
        assert response.status_code == 302
        game = Game.objects.get(table=uno_table)
        assert game.last_card == "W4"
        hands = {hand.seat.letter: hand for hand in game.hands.select_related("seat")}
        assert hands["B"].drawn == "G7 B3 Y1 R2"
        assert (hands["A"].score_sixtieths // 60, hands["A"].penalty) == (38, 0)  # 5+7+3+1+2, and 20

    def test_drawn_cards_without_the_last_card_are_refused(self, client, referee, uno_table):
        client.force_login(referee)
        response = self.post_hand(client, uno_table, rack_B="R5 G7 B3", drawn_B="G7 B3", rack_C="GD")
        assert response.status_code == 200
        assert response.context["entry_form"].errors
        assert not Game.objects.filter(table=uno_table).exists()

    def test_rummikub_has_no_last_card(self, referee_client, table):
        form = referee_client.get(reverse("referee:table", args=[table.pk])).context["entry_form"]
        assert "last_card" not in form.fields
        assert "drawn_A" not in form.fields

    def test_the_service_refuses_a_last_card_that_draws_nothing(self, referee, uno_table):
        with pytest.raises(ServiceError) as refused:
            game_result_submit(
                actor=referee,
                table=uno_table,
                game_number=1,
                ending="went-out",
                hands=[
                    PlayerInput("A", went_out=True),
                    PlayerInput("B", rack="R5"),
                    PlayerInput("C", rack="G5"),
                ],
                last_card="R7",
            )
        assert refused.value.field == "last_card"


def test_the_blank_sheet_is_hands_and_a_running_total(uno_table):
    tournament = uno_table.round.tournament
    request = ExportRequest(tournament=tournament, language="en", round_=uno_table.round)
    text = pdf_text(get_exporter("blank-scoresheets-pdf")(request).render()[2])
    assert "Running total" in text
    assert "Target: 500 points" in text
    assert "Hand 16" in text
    assert "Game 1" not in text


def test_the_filled_sheet_keeps_the_running_total(referee, uno_table):
    for number, points in enumerate((40, 70), start=1):
        game_result_submit(
            actor=referee,
            table=uno_table,
            game_number=number,
            ending="went-out",
            hands=[
                PlayerInput("A", went_out=True),
                PlayerInput("B", rack_value=points),
                PlayerInput("C", rack_value=0),
            ],
        )
    tournament = uno_table.round.tournament
    request = ExportRequest(tournament=tournament, language="en", round_=uno_table.round)
    text = pdf_text(get_exporter("scoresheets-pdf")(request).render()[2], layout=True)
    assert "110" in text  # A's running total after two hands: 40 + 70
    assert table_sheet(uno_table).games_required is None


def test_two_devices_keep_the_last_card_the_other_one_added(client, referee, organiser, uno_table):
    url = reverse("referee:table", args=[uno_table.pk])
    first = {
        "action": "save-game",
        "game_number": "1",
        "ending": "went-out",
        "went_out": "A",
        "submission": "phone-1",
        "rack_B": "R5 G7",
        "rack_C": "GD",
    }
    client.force_login(referee)
    assert client.post(url, first).status_code == 302
    client.force_login(organiser)  # the desk: the last card was a Wild Draw Four, B drew four
    desk = {"version": "1", "submission": "desk", "last_card": "W4", "drawn_B": "B3 Y1 R2 G1"}
    desk_post = client.post(
        reverse("organiser:table", args=[uno_table.round.tournament.slug, uno_table.pk]),
        {**first, **desk, "rack_B": "R5 G7 B3 Y1 R2 G1"},
    )
    assert desk_post.status_code == 302
    client.force_login(referee)  # the phone, still at version 1, changes C's hand
    late = client.post(url, {**first, "version": "1", "submission": "phone-2", "rack_C": "GD B9"})
    rows = {row.field: row for row in late.context["conflict"].rows}
    assert rows["last_card"].they_changed
    assert not rows["last_card"].you_changed
    form = late.context["entry_form"]
    assert form["last_card"].value() == "W4"
    assert form["drawn_B"].value() == "B3 Y1 R2 G1"
    assert client.post(url, {**form.data.dict(), "action": "save-game"}).status_code == 302
    assert Game.objects.get(table=uno_table).last_card == "W4"


def test_the_uno_table_page_speaks_of_cards_not_tiles(client, referee, uno_table):
    game_result_submit(
        actor=referee,
        table=uno_table,
        game_number=1,
        ending="went-out",
        hands=[PlayerInput("A", went_out=True), PlayerInput("B", rack_value=20), PlayerInput("C", rack="R5")],
    )
    client.force_login(referee)
    html = client.get(
        reverse("referee:table", args=[uno_table.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    words = re.sub(r"<script.*?</script>|<[^>]+>", " ", html, flags=re.S)
    assert not re.search(r"\b(tiles?|racks?)\b", words, flags=re.I)
    assert "hand value 20" in words
