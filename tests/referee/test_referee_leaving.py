"""A player who leaves during a table (RULES.md): the games before stand, later games are played and scored by
those still there, the player cannot be recorded in them (least of all as going out), the standings show the
withdrawal as the tournament says, and the next draws leave the player out until marked back."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from core.errors import ServiceError
from core.models import AuditEntry
from referee.draws.services.draws import round_draw_commit, round_draw_preview
from referee.draws.services.seats import seat_assign
from referee.models import Attendance, Player, Table
from referee.people.services.people import player_create, school_create
from referee.play.selectors.sheets import sheet_outcome, table_sheet
from referee.play.services.leaving import seat_leave, seat_return
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.play.services.withdrawals import player_reinstate
from referee.standings.selectors.standings import standings
from referee.tournaments.services.referees import referee_add
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import tournament_create
from scoring import PlayerInput
from tests.referee.conftest import release


def leave(table, actor, letter="C", from_game=3, reason=""):
    return seat_leave(actor=actor, seat=table.seats.get(letter=letter), from_game=from_game, reason=reason)


@pytest.fixture
def two_played(table, play):
    """Games 1 and 2 at table 1: B wins the first, C the second."""
    play(table, "B", {"A": 7, "C": 61, "D": 50})
    play(table, "C", {"A": 12, "B": 2, "D": 23})
    return Table.objects.get(pk=table.pk)


def test_later_games_are_played_and_scored_by_those_still_there(two_played, referee, play):
    leave(two_played, referee, reason="身體不適，家長接走")
    game = play(two_played, "A", {"B": 10, "D": 20})
    assert sorted(hand.seat.letter for hand in game.hands.select_related("seat")) == ["A", "B", "D"]
    sheet = table_sheet(Table.objects.get(pk=two_played.pk))
    assert [cell is None for cell in sheet.games[2].cells] == [False, False, True, False]
    assert sheet.seats[2].left_after == 2
    player = two_played.seats.get(letter="C").player
    assert player.attendance == Attendance.WITHDRAWN
    entry = AuditEntry.objects.get(action="seat.leave")
    assert (entry.reason, entry.changes["after"]["from_game"]) == ("身體不適，家長接走", 3)


@pytest.mark.parametrize("as_winner", [True, False])
def test_the_player_who_left_cannot_be_recorded_in_a_later_game(two_played, referee, as_winner):
    leave(two_played, referee)
    hands = [PlayerInput("C", went_out=True)] if as_winner else [PlayerInput("C", rack_value=5)]
    hands += [PlayerInput(letter, rack_value=5) for letter in "ABD"]
    if not as_winner:
        hands[1] = PlayerInput("A", went_out=True)
    with pytest.raises(ServiceError) as refused:
        game_result_submit(actor=referee, table=two_played, game_number=3, ending="went-out", hands=hands)
    assert refused.value.code == "left"
    assert two_played.games.count() == 2


def test_the_table_is_decided_among_all_its_players(two_played, referee, play):
    leave(two_played, referee)
    play(two_played, "A", {"B": 10, "D": 20})
    outcome = sheet_outcome(two_played.round.tournament, table_sheet(two_played))
    assert outcome.finished
    assert sorted(outcome.places) == ["A", "B", "C", "D"]
    table_sign_off(actor=referee, table=two_played)


def test_the_standings_rank_the_player_on_what_they_played_by_default(
    two_played, referee, play, organiser, tournament
):
    leave(two_played, referee)
    play(two_played, "A", {"B": 10, "D": 20})
    rows = {row.number: row for row in standings(tournament, final_only=False)}
    left = rows[two_played.seats.get(letter="C").player.number]
    assert (left.games_played, left.withdrawn) == (2, True)
    assert left.rank == 3  # 1 game won, total -24: above D, who won none
    release(organiser, tournament, withdrawn_placing="after-finishers")
    rows = standings(Table.objects.get(pk=two_played.pk).round.tournament, final_only=False)
    assert rows[-1].number == left.number
    assert rows[-1].rank == 4


def test_the_reason_line_says_so(client, two_played, referee, play, organiser, tournament):
    leave(two_played, referee)
    play(two_played, "A", {"B": 10, "D": 20})
    table_sign_off(actor=referee, table=two_played)
    release(organiser, tournament, withdrawn_placing="after-finishers")
    page = client.get(reverse("public:standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert "left the tournament" in html
    assert "a player who left is placed after every player who finished" in html


def test_the_next_draw_leaves_the_player_out_until_marked_back(two_played, referee, organiser, tournament):
    leave(two_played, referee)
    gone = two_played.seats.get(letter="C").player
    second = round_create(
        actor=organiser,
        tournament=tournament,
        name="第二輪",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(11),
    )
    draw = round_draw_preview(actor=organiser, round_=second, table_max=4, table_min=2, seed=4)
    drawn = {number for table in draw.tables for number in table}
    assert str(gone.number) not in drawn
    assert len(drawn) == 4  # the other four players of the tournament


def test_a_drawn_round_not_begun_is_seated_again_without_them(two_played, referee, organiser, tournament):
    second = round_create(
        actor=organiser,
        tournament=tournament,
        name="第二輪",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(11),
    )
    draw = round_draw_preview(actor=organiser, round_=second, table_max=3, table_min=2, seed=4)
    round_draw_commit(actor=organiser, draw=draw)
    gone = two_played.seats.get(letter="C").player
    assert second.tables.filter(seats__player=gone).exists()
    repairs = leave(two_played, referee)
    assert [repair.round for repair in repairs] == [second]
    assert not second.tables.filter(seats__player=gone).exists()


@pytest.mark.parametrize(
    "from_game, code", [(1, "before-play"), (2, "played"), (4, "out-of-order"), (0, "not-positive")]
)
def test_a_leaving_from_an_impossible_game_is_refused(two_played, referee, from_game, code):
    with pytest.raises(ServiceError) as refused:
        leave(two_played, referee, from_game=from_game)
    assert refused.value.code == code
    assert two_played.seats.get(letter="C").left_after is None
    assert two_played.seats.get(letter="C").player.attendance != Attendance.WITHDRAWN


def test_a_table_keeps_at_least_the_ruleset_s_players(organiser, referee, round_, players, play):
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for player in players[:2]:
        seat_assign(actor=organiser, table=table, player=player)
    game_result_submit(
        actor=referee,
        table=table,
        game_number=1,
        ending="went-out",
        hands=[PlayerInput("A", went_out=True), PlayerInput("B", rack_value=5)],
    )
    with pytest.raises(ServiceError) as refused:
        leave(table, referee, letter="B", from_game=2)
    assert refused.value.code == "too-few-left"


def test_a_leaving_marked_by_mistake_is_undone_before_the_next_game(two_played, referee, play):
    leave(two_played, referee)
    seat = two_played.seats.get(letter="C")
    seat_return(actor=referee, seat=seat)
    seat.refresh_from_db()
    assert seat.left_after is None
    assert seat.player.attendance == Attendance.PRESENT
    leave(two_played, referee)
    play(two_played, "A", {"B": 10, "D": 20})
    with pytest.raises(ServiceError) as refused:
        seat_return(actor=referee, seat=two_played.seats.get(letter="C"))
    assert refused.value.code == "played-without"


def test_a_smaller_uno_table_plays_on(organiser, referee):
    tournament = tournament_create(actor=organiser, name="UNO", slug="uno-left", ruleset="uno")
    referee_add(actor=organiser, tournament=tournament, username=referee.username)
    school = school_create(actor=organiser, tournament=tournament, name_zh="海濱", name_en="", code="H")
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="R1",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9),
    )
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for name in ("甲", "乙", "丙"):
        player = player_create(actor=organiser, tournament=tournament, school=school, name_zh=name)
        seat_assign(actor=organiser, table=table, player=player)
    hands = [
        PlayerInput("A", went_out=True),
        PlayerInput("B", rack_value=40),
        PlayerInput("C", rack_value=60),
    ]
    game_result_submit(actor=referee, table=table, game_number=1, ending="went-out", hands=hands)
    leave(table, referee, letter="C", from_game=2)
    game_result_submit(
        actor=referee,
        table=table,
        game_number=2,
        ending="went-out",
        hands=[PlayerInput("B", went_out=True), PlayerInput("A", rack_value=30)],
    )
    assert table.games.get(number=2).hands.count() == 2


class TestThroughTheTablePage:
    def test_the_referee_marks_a_child_gone_and_the_next_game_asks_only_about_the_others(
        self, referee_client, two_played
    ):
        address = reverse("referee:table", args=[two_played.pk])
        page = referee_client.get(address)
        form = page.context["leave_form"]
        assert form["from_game"].value() == 3
        response = referee_client.post(
            address, {"action": "leave-table", "seat": "C", "from_game": "3", "reason": "不適"}
        )
        assert response.status_code == 302
        entry = referee_client.get(address).context["entry_form"]
        assert [seat.letter for seat in entry.seats] == ["A", "B", "D"]
        assert "rack_C" not in entry.fields

    def test_a_refusal_is_shown_next_to_its_field(self, referee_client, two_played):
        address = reverse("referee:table", args=[two_played.pk])
        page = referee_client.post(
            address, {"action": "leave-table", "seat": "C", "from_game": "2"}, HTTP_ACCEPT_LANGUAGE="en"
        )
        assert page.status_code == 200
        assert page.context["leave_form"].errors["from_game"] == [
            "Game 2 is saved with this player: correct it (or void it) first."
        ]

    def test_the_organiser_page_offers_it_too(self, organiser_client, two_played, tournament):
        page = organiser_client.get(reverse("organiser:table", args=[tournament.slug, two_played.pk]))
        assert "leave_form" in page.context

    def test_a_game_posted_with_the_player_who_left_is_refused_in_words(self, client, referee, two_played):
        client.force_login(referee)
        leave(two_played, referee)
        address = reverse("referee:table", args=[two_played.pk])
        data = {
            "action": "save-game",
            "game_number": "3",
            "ending": "went-out",
            "went_out": "C",
            "submission": "s3",
            "rack_value_A": "5",
            "rack_value_B": "6",
            "rack_value_D": "7",
        }
        page = client.post(address, data, HTTP_ACCEPT_LANGUAGE="en")
        assert page.status_code == 200
        assert "went_out" in page.context["entry_form"].errors
        assert two_played.games.count() == 2


def test_the_table_s_history_says_who_left_and_from_which_game(client, referee, two_played):
    leave(two_played, referee, reason="不適")
    client.force_login(referee)
    page = client.get(reverse("referee:table", args=[two_played.pk]), HTTP_ACCEPT_LANGUAGE="en")
    lines = [line for entry in page.context["history"] for line in entry.lines]
    name = two_played.seats.get(letter="C").player
    assert f"C: #{name.number} {name.display_name}: gone from game 3 on" in lines


def test_a_child_marked_away_who_still_plays_is_pointed_out_at_the_table(
    referee_client, organiser, two_played
):
    child = two_played.seats.get(letter="C").player
    Player.objects.filter(pk=child.pk).update(attendance="absent")
    page = referee_client.get(reverse("referee:table", args=[two_played.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "is marked away (absent or withdrawn) but still plays at this table" in page.content.decode()


def test_an_organiser_marks_a_player_who_left_back(
    organiser_client, organiser, referee, two_played, tournament
):
    leave(two_played, referee)
    child = two_played.seats.get(letter="C").player
    players_page = reverse("organiser:players", args=[tournament.slug])
    assert "Mark back" in organiser_client.get(players_page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert organiser_client.post(players_page, {"action": "mark-back", "player": child.pk}).status_code == 302
    child.refresh_from_db()
    assert child.attendance == Attendance.PRESENT
    with pytest.raises(ServiceError) as refused:
        player_reinstate(actor=organiser, player=child)
    assert refused.value.code == "not-withdrawn"


def test_marking_a_child_absent_at_the_door_during_play_points_to_the_table(
    organiser_client, two_played, tournament
):
    child = two_played.seats.get(letter="C").player
    answer = organiser_client.post(
        reverse("organiser:checkin", args=[tournament.slug]),
        {"action": "set", "player": child.pk, "attendance": "absent"},
        headers={"Accept": "application/json"},
        HTTP_ACCEPT_LANGUAGE="en",
    ).json()
    assert (
        "They play at table 1 (第一輪): if they left, the table's referee marks them gone there"
        in answer["message"]
    )
