"""The table page's forms: a game entered as tiles or values, its preview, and bad input on every field shown
next to that field, in the page's language; incidents, drawn numbers and the tie-break through the page."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from referee.draws.services.seats import seat_assign
from referee.models import Game, Incident
from referee.play.services.incidents import incident_record
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.tournaments.services.schedule import table_assign_referee, table_create
from tests.referee.conftest import form_errors

NO_SUCH_GAME = "This form does not match a game at this table. Reload the page and enter the game again."


def url(table) -> str:
    return reverse("referee:table", args=[table.pk])


def game_post(**overrides) -> dict:
    """Game 1 of the seed scoresheet: B went out; A and D as tiles, C as a value."""
    data = {
        "action": "save-game",
        "game_number": "1",
        "ending": "went-out",
        "went_out": "B",
        "submission": "k1",
        "rack_A": "r3 k4",
        "rack_value_C": "61",
        "rack_D": "J B10 Y10",
        "made_initial_meld_A": "on",
        "made_initial_meld_B": "on",
        "made_initial_meld_C": "on",
        "made_initial_meld_D": "on",
    }
    for key, value in overrides.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def scores(table, number=1) -> dict[str, int]:
    game = Game.objects.get(table=table, number=number)
    return {hand.seat.letter: hand.score for hand in game.hands.select_related("seat")}


def test_the_page_offers_the_next_game(referee_client, table):
    page = referee_client.get(url(table))
    form = page.context["entry_form"]
    assert form["game_number"].value() == 1
    assert form["submission"].value()
    assert set(form.fields) >= {"rack_A", "rack_value_D", "made_initial_meld_C", "could_meld_B", "went_out"}
    script = re.search(
        r'<script id="tile-points" type="application/json">(.*?)</script>', page.content.decode()
    )
    assert json.loads(script.group(1))["J"] == 30  # the running total reads the points from the page


def test_a_game_is_saved_from_tiles_and_values(referee_client, table):
    response = referee_client.post(url(table), game_post())
    assert response.status_code == 302
    assert response["Location"].endswith("#entry")  # the next game's form, not the sheet below it
    assert scores(table) == {"A": -7, "B": 118, "C": -61, "D": -50}
    assert Game.objects.get(table=table).hands.get(seat__letter="A").rack == "R3 K4"


def test_after_the_last_game_the_page_lands_on_the_scoresheet_and_its_sign_off(referee_client, table, play):
    """Every save returns to "#entry", where entering goes on; once the match is over the page puts that
    landing point above the scoresheet and its sign-off (the phone's script reloads at "#entry" too)."""
    play(table, "B", {"A": 7, "C": 61, "D": 50})
    play(table, "B", {"A": 12, "C": 2, "D": 23})
    response = referee_client.post(url(table), game_post(game_number="3", submission="k3"))
    assert response["Location"].endswith("#entry")
    page = referee_client.get(url(table)).content.decode()
    assert 'class="card entry"' not in page  # no game is left to enter
    landing, sheet, sign_off = (page.index(mark) for mark in ('id="entry"', 'id="sheet"', 'value="sign-off"'))
    assert landing < sheet < sign_off


@pytest.mark.parametrize("typed", ["R3K4", "R3，K4", "r3、k4", "紅3黑4", "紅色3 黑4"])
def test_a_rack_typed_as_referees_type_it_is_read_and_stored_as_the_notation(referee_client, table, typed):
    response = referee_client.post(url(table), game_post(rack_A=typed))
    assert response.status_code == 302
    assert Game.objects.get(table=table).hands.get(seat__letter="A").rack == "R3 K4"
    assert scores(table)["A"] == -7


def test_a_joker_typed_in_chinese_counts_thirty(referee_client, table):
    referee_client.post(url(table), game_post(rack_A="R3 百搭"))
    assert Game.objects.get(table=table).hands.get(seat__letter="A").rack == "R3 J"
    assert scores(table)["A"] == -33


def test_a_player_who_never_melded_is_judged_from_the_tiles(referee_client, table):
    referee_client.post(url(table), game_post(rack_A="R10 R11 R12 K1", made_initial_meld_A=None))
    assert scores(table)["A"] == -200
    referee_client.post(
        url(table), game_post(game_number="2", submission="k2", rack_A="R1 K5", made_initial_meld_A=None)
    )
    assert scores(table, 2)["A"] == -100


def test_a_pool_exhausted_game_with_a_shared_win(referee_client, table):
    referee_client.post(
        url(table),
        game_post(
            ending="pool-exhausted",
            went_out="A",
            rack_A="K1",
            rack_value_B="1",
            rack_value_C="10",
            rack_D="R3 B4",
        ),
    )
    assert {k: str(v) for k, v in scores(table).items()} == {"A": "15/2", "B": "15/2", "C": "-9", "D": "-6"}


def test_preview_shows_the_engines_scores_without_saving(referee_client, table):
    page = referee_client.post(
        url(table), game_post(action="preview-game", rack_A="R10 R11 R12 K1", made_initial_meld_A=None)
    )
    preview = page.context["preview"]
    rows = {row.letter: row for row in preview.rows}
    assert rows["A"].score == -200
    assert rows["A"].meld_value == 33
    assert rows["B"].won
    assert preview.sums_to_zero
    assert not Game.objects.exists()
    assert "R10" in page.content.decode()
    assert "共 33 分：<span" in page.content.decode()  # the list of sets follows a full-width colon


def test_the_live_preview_answers_html_and_errors_by_field(referee_client, table):
    preview_url = reverse("referee:preview", args=[table.pk])
    good = referee_client.post(preview_url, game_post(action="preview-game")).json()
    assert "+118" in good["html"]
    assert good["errors"] == {}
    bad = referee_client.post(preview_url, game_post(action="preview-game", rack_D="J B10 Q10")).json()
    assert list(bad["errors"]) == ["rack_D"]
    assert bad["html"].strip() == ""
    restore = referee_client.post(
        preview_url,
        {
            "action": "preview-restore",
            "kind": "overtime-unrestorable",
            "seat": "A",
            "table_tiles": "R5 R6 R7 K2",
        },
    ).json()
    assert "K2" in restore["html"]
    assert restore["errors"] == {}
    assert not Game.objects.exists()


def test_the_preview_is_only_for_those_who_enter_results(client, table, other_referee):
    client.force_login(other_referee)
    assert client.post(reverse("referee:preview", args=[table.pk]), game_post()).status_code == 403


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"ending": None}, "ending"),
        ({"ending": "abandoned"}, "ending"),
        ({"went_out": None}, "went_out"),
        ({"went_out": "Z"}, "went_out"),
        ({"rack_A": "R3 X4"}, "rack_A"),
        ({"rack_A": "J J J"}, "rack_A"),
        ({"rack_A": "", "rack_value_A": "-3"}, "rack_value_A"),
        ({"rack_A": "", "rack_value_A": "ten"}, "rack_value_A"),
        ({"rack_value_A": "9"}, "rack_value_A"),
        ({"rack_A": ""}, "rack_A"),
        ({"rack_A": "", "rack_value_A": "0"}, "rack_A"),
        ({"rack_B": "R5"}, "rack_B"),
        ({"made_initial_meld_C": None}, "could_meld_C"),
        ({"made_initial_meld_A": None, "rack_A": "R10 R11 R12", "could_meld_A": "no"}, "could_meld_A"),
        ({"could_meld_A": "perhaps", "made_initial_meld_A": None}, "could_meld_A"),
        ({"reason": "x" * 501}, "reason"),
    ],
)
def test_bad_input_is_shown_next_to_its_field_and_nothing_is_saved(referee_client, table, overrides, field):
    response = referee_client.post(url(table), game_post(**overrides))
    errors = form_errors(response, "entry_form")
    assert field in errors, errors
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"game_number": "2"}, "The next game at this table is game 1."),
        ({"game_number": "0"}, NO_SUCH_GAME),
        ({"version": "abc"}, NO_SUCH_GAME),
        ({"version": "4"}, "This game is no longer there."),
    ],
)
def test_hidden_fields_tampered_with_are_refused_above_the_form(referee_client, table, overrides, expected):
    response = referee_client.post(url(table), game_post(**overrides), HTTP_ACCEPT_LANGUAGE="en")
    messages = " ".join(
        str(message) for messages in response.context["entry_form"].errors.values() for message in messages
    )
    assert expected in messages
    assert not Game.objects.exists()


@pytest.mark.parametrize("number", ["0", "abc", "²", "-1", "", "99999999999999999999999"])
def test_a_forged_game_number_is_refused_above_the_form_for_the_next_game(referee_client, table, number):
    """The hidden game number is not on the page: its refusal is said above the form, and the form is the next
    game's, not "Correct game 0"."""
    response = referee_client.post(url(table), game_post(game_number=number), HTTP_ACCEPT_LANGUAGE="en")
    form = response.context["entry_form"]
    assert form.non_field_errors() == [NO_SUCH_GAME]
    assert NO_SUCH_GAME in response.content.decode()
    assert (response.context["editing_number"], response.context["correcting"]) == (1, False)
    chinese = referee_client.post(url(table), game_post(game_number=number)).content.decode()
    assert "這份表格與此桌的任何一局都不相符。請重新載入頁面，再輸入該局。" in chinese
    assert "更正第 0 局" not in chinese
    assert "第 1 局" in chinese
    assert not Game.objects.exists()


def test_errors_speak_the_pages_language(client, referee, table):
    client.force_login(referee)
    chinese = client.post(url(table), game_post(rack_A="R3 X4"))
    assert "牌" in form_errors(chinese, "entry_form")["rack_A"][0]
    english = client.post(url(table), game_post(rack_A="R3 X4"), HTTP_ACCEPT_LANGUAGE="en")
    assert "tile" in form_errors(english, "entry_form")["rack_A"][0]


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"rack_A": "R3 R14"}, {"rack_A": "R14 is not a tile of this game"}),
        ({"rack_A": "x5 K4"}, {"rack_A": "X5 is not a tile of this game"}),
        ({"rack_A": "R5 R5 R5"}, {"rack_A": "R5 is entered 3 times across the racks; the game has 2."}),
        (
            {"rack_A": "R5 R5", "rack_D": "r5 B10"},
            {
                "rack_A": "R5 is entered 3 times across the racks; the game has 2.",
                "rack_D": "R5 is entered 3 times across the racks; the game has 2.",
            },
        ),
        (
            {"rack_A": "J", "rack_D": "J J"},
            {"rack_D": "J is entered 3 times across the racks; the game has 2."},
        ),
    ],
)
def test_a_wrong_tile_is_named_next_to_the_rack_that_holds_it(referee_client, table, overrides, expected):
    """Copies are counted over every rack of the game, and each rack holding the tile says so."""
    response = referee_client.post(url(table), game_post(**overrides), HTTP_ACCEPT_LANGUAGE="en")
    errors = form_errors(response, "entry_form")
    for field, message in expected.items():
        assert message in " ".join(errors.get(field, [])), errors
    assert "__all__" not in errors
    assert not Game.objects.exists()


def test_a_wrong_tile_is_named_in_chinese_too(referee_client, table):
    response = referee_client.post(url(table), game_post(rack_A="R5 R5", rack_D="R5"))
    errors = form_errors(response, "entry_form")
    assert errors["rack_D"] == ["R5 在各牌架合共輸入了 3 隻，但整副牌只有 2 隻。"]
    errors = form_errors(referee_client.post(url(table), game_post(rack_A="R14")), "entry_form")
    assert errors["rack_A"] == ["這副牌沒有 R14（牌的寫法例如 R7、K13、J）。"]


def test_edit_link_loads_the_stored_game_for_correction(referee_client, table):
    referee_client.post(url(table), game_post())
    page = referee_client.get(url(table) + "?game=1")
    form = page.context["entry_form"]
    assert page.context["correcting"]
    assert (form["version"].value(), form["went_out"].value(), form["rack_A"].value()) == (1, "B", "R3 K4")
    assert form["rack_value_C"].value() == 61
    response = referee_client.post(
        url(table), game_post(version="1", submission="k9", rack_value_C="60", reason="數錯")
    )
    assert response.status_code == 302
    assert scores(table)["C"] == -60


def test_after_sign_off_the_referee_has_no_form_and_the_organiser_must_give_a_reason(
    referee_client, client, finished_table, referee, organiser, tournament
):
    table_sign_off(actor=referee, table=finished_table)
    page = referee_client.get(url(finished_table) + "?game=3")
    assert "entry_form" not in page.context
    assert not page.context["can_edit"]
    refused = referee_client.post(url(finished_table), game_post(game_number="3", version="1"))
    assert "only an organiser" in str(form_errors(refused, "entry_form")) or "只有主辦人" in str(
        form_errors(refused, "entry_form")
    )
    client.force_login(organiser)
    organiser_url = reverse("organiser:table", args=[tournament.slug, finished_table.pk])
    assert client.get(organiser_url + "?game=3").context["needs_reason"]
    third = {
        "went_out": "C",
        "rack_A": "",
        "rack_value_A": "40",
        "rack_value_B": "32",
        "rack_D": "B8 Y9",
        "rack_value_C": None,
        "game_number": "3",
        "version": "1",
        "submission": "o1",
    }
    no_reason = client.post(organiser_url, game_post(**third))
    assert "reason" in form_errors(no_reason, "entry_form")
    done = client.post(organiser_url, game_post(**third, reason="甲的牌架總值是 40"))
    assert done.status_code == 302
    assert scores(finished_table, 3)["A"] == -40


class TestIncidentForm:
    def post(self, client, table, **fields):
        data = {"action": "record-incident", "game": "1", "seat": "C", "kind": "overtime"}
        data.update({key: value for key, value in fields.items() if value is not None})
        for key in [key for key, value in fields.items() if value is None]:
            data.pop(key, None)
        return client.post(url(table), data)

    def test_an_overtime_is_recorded(self, referee_client, table, play):
        play(table)
        response = self.post(referee_client, table, note="第 5 回合")
        assert response.status_code == 302
        assert response["Location"].endswith("#incidents")
        assert Incident.objects.get().tiles_drawn == 3

    def test_an_unrestorable_table_from_its_tiles(self, referee_client, table, play):
        play(table)
        arranged = self.post(
            referee_client,
            table,
            action="preview-restore",
            kind="overtime-unrestorable",
            table_tiles="R5 R6 R7 K2 B9",
        )
        restored = arranged.context["restored"]
        assert (restored.unplaced_count, restored.tiles_drawn, restored.sets) == (2, 5, ["R5 R6 R7"])
        assert not Incident.objects.exists()
        self.post(referee_client, table, kind="overtime-unrestorable", table_tiles="R5 R6 R7 K2 B9")
        incident = Incident.objects.get()
        assert (incident.tiles_left_over, incident.tiles_drawn) == (2, 5)
        page = referee_client.get(url(table)).content.decode()
        assert "R5" in page
        assert "K2" in page

    @pytest.mark.parametrize(
        ("fields", "field"),
        [
            ({"game": "9"}, "game"),
            ({"game": None}, "game"),
            ({"seat": "Q"}, "seat"),
            ({"kind": "wrong-card"}, "kind"),
            ({"kind": "overtime-unrestorable"}, "table_tiles"),
            ({"kind": "overtime-unrestorable", "table_tiles": "R5 Z5"}, "table_tiles"),
            (
                {"kind": "overtime-unrestorable", "table_tiles": "R5 R6 R7", "tiles_left_over": "3"},
                "tiles_left_over",
            ),
            ({"kind": "overtime-unrestorable", "tiles_left_over": "-1"}, "tiles_left_over"),
            ({"note": "x" * 1001}, "note"),
            ({"reason": "x" * 501}, "reason"),
        ],
    )
    def test_bad_input_on_every_field(self, referee_client, table, play, fields, field):
        play(table)
        response = self.post(referee_client, table, **fields)
        assert field in form_errors(response, "incident_form")
        assert not Incident.objects.exists()

    @pytest.mark.parametrize(
        ("tiles", "message"),
        [
            ("R5 R14 K2", "R14 is not a tile of this game"),
            ("R5 R5 R5 R6 R7", "R5 is entered 3 times; the game has 2."),
        ],
    )
    def test_a_wrong_table_tile_is_named(self, client, referee, table, play, tiles, message):
        play(table)
        client.force_login(referee)
        response = client.post(
            url(table),
            {
                "action": "record-incident",
                "game": "1",
                "seat": "C",
                "kind": "overtime-unrestorable",
                "table_tiles": tiles,
            },
            HTTP_ACCEPT_LANGUAGE="en",
        )
        assert message in " ".join(form_errors(response, "incident_form")["table_tiles"])
        assert not Incident.objects.exists()

    def test_before_any_game_the_incident_waits_for_the_result(self, referee_client, table):
        response = self.post(referee_client, table, game=None)
        assert "game" in form_errors(response, "incident_form")

    def test_remove_an_incident(self, referee_client, table, play, referee):
        game = play(table)
        incident = incident_record(
            actor=referee, game=game, seat=table.seats.get(letter="A"), kind="overtime"
        )
        response = referee_client.post(url(table), {"action": "remove-incident", "incident": incident.pk})
        assert response.status_code == 302
        assert not Incident.objects.exists()


def test_drawn_numbers_through_the_page(referee_client, table):
    response = referee_client.post(
        url(table),
        {"action": "record-draws", "drawn_A": "5", "drawn_B": "11", "drawn_C": "2", "drawn_D": "8"},
    )
    assert response.status_code == 302
    page = referee_client.get(url(table))
    assert [seat.letter for seat in page.context["play_seats"]] == ["B", "C", "D", "A"]
    duplicate = referee_client.post(url(table), {"action": "record-draws", "drawn_A": "5", "drawn_B": "5"})
    assert "drawn_B" in form_errors(duplicate, "draws_form")
    negative = referee_client.post(url(table), {"action": "record-draws", "drawn_A": "-5"})
    assert "drawn_A" in form_errors(negative, "draws_form")


def test_drawn_numbers_posted_once_play_has_started_are_refused_with_a_message(
    referee_client, finished_table, referee
):
    """The form is gone from the page after the first game (and after sign-off): the refusal is a message."""
    for sign_off in (False, True):
        if sign_off:
            table_sign_off(actor=referee, table=finished_table)
        response = referee_client.post(
            url(finished_table),
            {"action": "record-draws", "drawn_A": "5"},
            HTTP_ACCEPT_LANGUAGE="en",
            follow=True,
        )
        assert [str(message) for message in response.context["messages"]] == [
            "The drawn numbers are fixed once the first game is recorded."
        ]
        assert not finished_table.seats.filter(drawn_number__isnull=False).exists()
    chinese = referee_client.post(
        url(finished_table), {"action": "record-draws", "drawn_A": "x"}, follow=True
    )
    assert [str(message) for message in chinese.context["messages"]] == [
        "記錄第一局後，抽出的號碼便不能再更改。"
    ]


def test_tie_break_through_the_organisers_page(
    organiser_client, tournament, organiser, referee, round_, players
):
    from scoring import PlayerInput

    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for player in players[:2]:
        seat_assign(actor=organiser, table=table, player=player)
    games = [
        ("went-out", [PlayerInput("A", went_out=True), PlayerInput("B", rack_value=4)]),
        ("went-out", [PlayerInput("B", went_out=True), PlayerInput("A", rack_value=4)]),
        ("pool-exhausted", [PlayerInput("A", rack_value=5), PlayerInput("B", rack_value=5)]),
    ]
    for number, (ending, hands) in enumerate(games, start=1):
        game_result_submit(actor=referee, table=table, game_number=number, ending=ending, hands=hands)
    players[1].name_zh, players[1].name_en = "", "Mary Smith"
    players[1].save()
    page_url = reverse("organiser:table", args=[tournament.slug, table.pk])
    before = organiser_client.get(page_url)
    assert "陳俊傑、Mary Smith 的勝出局數及總得分均相同" in before.content.decode()
    assert before.context["tie_form"] is not None
    assert before.context["ranks"] == ["=1", "=1"]  # a shared first place, marked as in the standings
    missing = organiser_client.post(page_url, {"action": "tie-break", "seat": "A", "how": ""})
    assert "how" in form_errors(missing, "tie_form")
    organiser_client.post(page_url, {"action": "tie-break", "seat": "B", "how": "抽籤"})
    page = organiser_client.get(page_url)
    assert page.context["outcome"].decided_by == "tie-break"
    assert page.context["winner_name"] == "Mary Smith"
    assert page.context["ranks"] == ["2", "1"]  # the rank row follows the tie-break
    footer = page.content.decode().split("<tfoot>")[1].split("</tfoot>")[0]
    rank_row = footer.split("</tr>")[2]  # after games won and total score
    assert re.findall(r"<td>([^<]*)</td>", rank_row) == ["2", "1"]


def test_a_rack_value_above_the_whole_set_is_refused_in_the_pages_language(client, referee, table):
    """A typo such as 4000 is worth more than every tile of the game: the engine refuses and says why."""
    client.force_login(referee)
    overrides = {"rack_A": "", "rack_value_A": "4000"}
    english = client.post(url(table), game_post(**overrides), HTTP_ACCEPT_LANGUAGE="en")
    english = form_errors(english, "entry_form")
    assert english["rack_value_A"] == [
        "This rack value is more than all the tiles of the game together are worth; check the number."
    ]
    chinese = form_errors(client.post(url(table), game_post(**overrides)), "entry_form")
    assert chinese["rack_value_A"] == ["牌架總值超過整副牌所有牌加起來的總值，請檢查數字。"]
    assert not Game.objects.exists()
