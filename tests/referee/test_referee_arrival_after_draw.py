"""The door after the draw: an absence marked at check-in writes the child's state and nothing else; the
organiser re-seats the drawn round once without every child then marked absent (the withdrawal's repair), a
late arrival is seated in with the fewest moves, a substitute and a repair never both act on one absence, and
the public page's repairs still rerun to the tables seated."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from core.errors import ServiceError
from core.models import AuditEntry
from referee.draws.selectors.draws import round_seated_draw
from referee.models import Attendance, Player, Seat, Table
from referee.people.services import attendance as door
from referee.people.services.attendance import player_attendance_set, player_substitute
from referee.people.services.people import player_create
from referee.play.services.results import game_result_submit
from referee.play.services.withdrawals import player_seat_late, player_withdraw, round_reseat_absent
from seating.commands import run_command
from tests.referee.draw_helpers import (
    draw_and_seat,
    make_field,
    make_round,
    play_round,
    seated,
    services_hand,
)


@pytest.fixture
def field(organiser, tournament):
    return make_field(organiser, tournament)


@pytest.fixture
def first(organiser, tournament, field):
    round_ = make_round(organiser, tournament, "第一輪")
    draw_and_seat(organiser, round_, seed=7)
    return round_


def by_number(field: list[Player], seat_id: str) -> Player:
    return next(player for player in field if str(player.number) == seat_id)


def seat_count(round_) -> int:
    return Seat.objects.filter(round=round_).count()


def reruns_true(round_) -> None:
    """Every repair kept with the draw gives, rerun through the engine, the moves it recorded."""
    draw = round_seated_draw(round_)
    for entry in draw.repairs:
        if "request" in entry:
            assert run_command("repair", entry["request"])["moves"] == entry["moves"]
    assert [table for table in draw.tables if table] == seated(round_)


@pytest.mark.parametrize("helper", ["organiser", "referee"])
def test_an_absence_marked_at_the_door_keeps_the_seat_until_the_organiser_reseats(
    request, organiser, first, field, helper
):
    """13 at 4, 3, 3, 3: one marked absent at the door keeps the seat; the organiser's one re-seat sits the
    other 12 at 4, 4, 4, as the withdrawal does."""
    actor = request.getfixturevalue(helper)
    gone = seated(first)[0][0]
    player = player_attendance_set(actor=actor, player=by_number(field, gone), attendance="absent")
    assert player.attendance == Attendance.ABSENT
    assert seat_count(first) == 13
    assert not AuditEntry.objects.filter(action="round.repair").exists()
    repair = round_reseat_absent(actor=organiser, round_=first)
    assert repair.moves_minimal
    assert sorted(len(table) for table in seated(first)) == [4, 4, 4]
    assert all(gone not in table for table in seated(first))
    draw = round_seated_draw(first)
    assert draw.repairs[-1]["kind"] == "absent"
    assert draw.repairs[-1]["request"]["withdrawn"] == [gone]
    assert AuditEntry.objects.get(action="round.repair").changes["after"]["withdrawn"] == gone
    reruns_true(first)


def test_several_absences_are_reseated_in_one_repair(organiser, first, field):
    away = [seated(first)[0][0], seated(first)[1][0]]
    for number in away:
        player_attendance_set(actor=organiser, player=by_number(field, number), attendance="absent")
    repair = round_reseat_absent(actor=organiser, round_=first)
    assert seat_count(first) == 11
    assert sorted(round_seated_draw(first).repairs[-1]["request"]["withdrawn"]) == sorted(away)
    assert all(number not in table for table in seated(first) for number in away)
    assert repair.moves
    reruns_true(first)


def test_nobody_absent_nothing_to_reseat(organiser, first):
    with pytest.raises(ServiceError) as refused:
        round_reseat_absent(actor=organiser, round_=first)
    assert refused.value.code == "nobody-absent"


def test_marked_here_again_they_are_not_put_back(organiser, first, field):
    gone = by_number(field, seated(first)[0][0])
    player_attendance_set(actor=organiser, player=gone, attendance="absent")
    round_reseat_absent(actor=organiser, round_=first)
    player_attendance_set(actor=organiser, player=gone, attendance="present")
    assert seat_count(first) == 12
    assert not Seat.objects.filter(round=first, player=gone).exists()


def test_after_play_an_absence_keeps_the_seat(organiser, first, field):
    table = Table.objects.filter(round=first).order_by("number").first()
    letters = list(table.seats.values_list("letter", flat=True))
    hands = [services_hand(letter, "A", i) for i, letter in enumerate(letters)]
    game_result_submit(actor=organiser, table=table, game_number=1, ending="went-out", hands=hands)
    player = table.seats.get(letter="B").player
    player_attendance_set(actor=organiser, player=player, attendance="absent")
    with pytest.raises(ServiceError) as refused:
        round_reseat_absent(actor=organiser, round_=first)
    assert refused.value.code == "in-play"
    assert seat_count(first) == 13


def test_when_the_engine_cannot_reseat_the_absence_is_kept_and_the_seat_stays(
    organiser, tournament, school, players
):
    """Three at one table of three at least: without one, two cannot be seated. The door records the
    absence; the organiser's re-seat is refused with the reason and the seat stays."""
    type(players[0]).objects.filter(pk__in=[p.pk for p in players[3:]]).update(attendance="absent")
    round_ = make_round(organiser, tournament, "第一輪")
    draw_and_seat(organiser, round_, table_max=3, table_min=3, seed=1)
    player = player_attendance_set(actor=organiser, player=players[0], attendance="absent")
    assert player.attendance == Attendance.ABSENT
    with pytest.raises(ServiceError):
        round_reseat_absent(actor=organiser, round_=round_)
    assert seat_count(round_) == 3
    assert round_seated_draw(round_).repairs == []


@pytest.fixture
def late(organiser, tournament, field):
    """Player 13 is absent at the draw (12 sit at 4, 4, 4), then arrives."""
    latecomer = field[-1]
    player_attendance_set(actor=organiser, player=latecomer, attendance="absent")
    round_ = make_round(organiser, tournament, "第一輪")
    draw_and_seat(organiser, round_, seed=7)
    return round_, latecomer


def test_a_late_arrival_is_seated_with_the_fewest_moves_and_marked_late(organiser, late):
    """12 at 4, 4, 4 and one more: 13 sit at 4, 3, 3, 3; a new table takes the arrival and two others."""
    round_, latecomer = late
    (repair,) = player_seat_late(actor=organiser, player=latecomer, round_=round_)
    tables = seated(round_)
    assert sorted(len(table) for table in tables) == [3, 3, 3, 4]
    assert any(str(latecomer.number) in table for table in tables)
    arrivals = [move for move in repair.moves if move.origin is None]
    assert [move.player for move in arrivals] == [str(latecomer.number)]
    assert len(repair.moves) == 3  # the arrival and the two who join them at the new table
    assert repair.moves_minimal
    latecomer.refresh_from_db()
    assert latecomer.attendance == Attendance.LATE
    draw = round_seated_draw(round_)
    assert draw.repairs[-1]["kind"] == "late"
    assert draw.report["same_school_pairs"] == draw.report["same_school_pairs_min"]
    assert draw.player_ids[str(latecomer.number)] == latecomer.pk
    audit = AuditEntry.objects.get(action="round.repair")
    assert audit.changes["after"]["added"] == str(latecomer.number)
    reruns_true(round_)


def test_a_late_arrival_takes_an_empty_seat_with_fewer_moves(organiser, late, field):
    """After one more leaves (11 at 4, 4, 3), the arrival takes the table of three's empty seat: no new
    table, so at most one classmate changes table to keep schools apart (not the three moves above)."""
    round_, latecomer = late
    player_withdraw(actor=organiser, player=by_number(field, seated(round_)[0][0]))
    (repair,) = player_seat_late(actor=organiser, player=latecomer, round_=round_)
    assert sorted(len(table) for table in seated(round_)) == [4, 4, 4]
    assert (str(latecomer.number), None) in [(move.player, move.origin) for move in repair.moves]
    assert len(repair.moves) <= 2
    assert repair.moves_minimal
    draw = round_seated_draw(round_)
    assert draw.report["same_school_pairs"] == draw.report["same_school_pairs_min"]
    reruns_true(round_)


def test_late_arrivals_refused_with_a_reason(organiser, late, field):
    round_, latecomer = late
    seated_player = by_number(field, seated(round_)[0][0])
    with pytest.raises(ServiceError) as refused:
        player_seat_late(actor=organiser, player=seated_player, round_=round_)
    assert refused.value.code == "already-seated"
    type(latecomer).objects.filter(pk=latecomer.pk).update(attendance="withdrawn")
    with pytest.raises(ServiceError) as refused:
        player_seat_late(actor=organiser, player=latecomer, round_=round_)
    assert refused.value.code == "withdrawn"
    assert seat_count(round_) == 12


def test_no_late_seat_once_play_has_begun(organiser, late):
    round_, latecomer = late
    table = Table.objects.filter(round=round_).order_by("number").first()
    letters = list(table.seats.values_list("letter", flat=True))
    hands = [services_hand(letter, "A", i) for i, letter in enumerate(letters)]
    game_result_submit(actor=organiser, table=table, game_number=1, ending="went-out", hands=hands)
    with pytest.raises(ServiceError) as refused:
        player_seat_late(actor=organiser, player=latecomer, round_=round_)
    assert refused.value.code == "in-play"
    with pytest.raises(ServiceError) as refused:
        player_seat_late(actor=organiser, player=latecomer)
    assert refused.value.code == "no-round"


def test_after_a_repair_the_substitute_has_no_seat_to_take(organiser, first, field):
    """The organiser re-seated the round without the absent: the seat is gone, so the substitute service
    refuses and the substitute comes in as a late arrival (one action on one absence, never both)."""
    absent = by_number(field, seated(first)[0][0])
    player_attendance_set(actor=organiser, player=absent, attendance="absent")
    round_reseat_absent(actor=organiser, round_=first)
    substitute = player_create(
        actor=organiser, tournament=absent.tournament, school=absent.school, name_zh="替補"
    )
    with pytest.raises(ServiceError) as refused:
        player_substitute(actor=organiser, absent=absent, substitute=substitute)
    assert refused.value.code == "no-seat"
    player_seat_late(actor=organiser, player=substitute)
    assert Seat.objects.filter(round=first, player=substitute).exists()
    assert seat_count(first) == 13
    substitute.refresh_from_db()
    assert substitute.attendance == Attendance.PRESENT  # seated by the organiser: no longer "not yet here"
    reruns_true(first)


def test_a_substitute_before_any_repair_is_kept_true_on_the_draw(organiser, first, field):
    """The substitute takes the seat (and is marked here); the draw names them there, lists the change and
    reports again, and the absent player then holds no seat to re-seat around."""
    absent = by_number(field, seated(first)[1][0])
    substitute = player_create(
        actor=organiser, tournament=absent.tournament, school=absent.school, name_zh="替補"
    )
    door.player_substitute(actor=organiser, absent=absent, substitute=substitute)
    draw = round_seated_draw(first)
    assert draw.tables == seated(first)
    entry = draw.repairs[-1]
    assert entry["kind"] == "substitute"
    assert entry["withdrawn"] == [str(absent.number)]
    assert entry["added"] == [str(substitute.number)]
    assert draw.report["players"] == 13
    substitute.refresh_from_db()
    assert substitute.attendance == Attendance.PRESENT
    player_attendance_set(actor=organiser, player=absent, attendance="absent")
    with pytest.raises(ServiceError) as refused:
        round_reseat_absent(actor=organiser, round_=first)
    assert refused.value.code == "nobody-absent"
    assert seat_count(first) == 13
    reruns_true(first)


# The pages


def draw_url(round_) -> str:
    return reverse("organiser:round_draw", args=[round_.tournament.slug, round_.pk])


def test_the_draw_page_seats_a_late_arrival_and_lists_the_moves(referee, late, organiser_client):
    round_, latecomer = late
    url = draw_url(round_)
    page = organiser_client.get(url).content.decode()
    assert 'id="late-form"' in page
    assert f'value="{latecomer.number}"' in page
    client = Client()
    client.force_login(referee)
    assert client.post(url, {"action": "late", "player": latecomer.number}).status_code == 403
    assert seat_count(round_) == 12
    response = organiser_client.post(url, {"action": "late", "player": latecomer.number})
    assert response.status_code == 302
    assert seat_count(round_) == 13
    page = organiser_client.get(url).content.decode()
    assert 'id="repair-moves"' in page
    assert f"{latecomer.number} 號選手遲到，已安排入座。" in page
    public = Client().get(reverse("public:round_draw", args=[round_.tournament.slug, round_.pk]))
    assert f"{latecomer.number} 號選手遲到，已安排入座。" in public.content.decode()


def test_the_draw_page_refuses_a_player_not_offered(organiser_client, late, field):
    round_, _latecomer = late
    seated_number = seated(round_)[0][0]
    response = organiser_client.post(draw_url(round_), {"action": "late", "player": seated_number})
    assert response.status_code == 200
    assert seat_count(round_) == 12


def test_the_substitute_page_offers_the_late_seat_once_the_seat_is_gone(
    organiser, organiser_client, first, field
):
    absent = by_number(field, seated(first)[0][0])
    player_attendance_set(actor=organiser, player=absent, attendance="absent")
    round_reseat_absent(actor=organiser, round_=first)
    url = reverse("organiser:substitute", args=[first.tournament.slug, absent.pk])
    page = organiser_client.get(url).content.decode()
    assert 'id="seat-gone"' in page
    assert 'id="late-substitute-form"' in page
    response = organiser_client.post(url, {"name_zh": "替補生"})
    assert response.status_code == 302
    substitute = Player.objects.get(name_zh="替補生")
    assert Seat.objects.filter(round=first, player=substitute).exists()
    assert seat_count(first) == 13


def test_a_door_tap_after_the_draw_keeps_the_seat_and_offers_a_substitute(organiser_client, first, field):
    absent = by_number(field, seated(first)[0][0])
    response = organiser_client.post(
        reverse("organiser:checkin", args=[first.tournament.slug]),
        {"action": "set", "player": absent.pk, "attendance": "absent"},
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 200
    answer = response.json()
    assert "第一輪" in answer["message"]
    assert answer["players"][0]["substitute"] == reverse(
        "organiser:substitute", args=[first.tournament.slug, absent.pk]
    )
    assert seat_count(first) == 13


def test_the_organiser_reseats_from_the_check_in_page_with_the_moves_shown(
    organiser_client, organiser, first, field
):
    absent = by_number(field, seated(first)[0][0])
    player_attendance_set(actor=organiser, player=absent, attendance="absent")
    address = reverse("organiser:checkin", args=[first.tournament.slug])
    page = organiser_client.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'id="reseat-{first.pk}"' in page
    assert f"1 child marked absent still has a seat (#{absent.number})" in page
    done = organiser_client.post(address, {"action": "reseat", "round": first.pk}, HTTP_ACCEPT_LANGUAGE="en")
    assert done.status_code == 302
    shown = organiser_client.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "第一輪 seated again:" in shown
    assert "moves from table" in shown
    assert seat_count(first) == 12


def test_a_referee_at_the_door_cannot_reseat(client, referee, organiser, first, field):
    player_attendance_set(actor=organiser, player=by_number(field, seated(first)[0][0]), attendance="absent")
    client.force_login(referee)
    response = client.post(
        reverse("organiser:checkin", args=[first.tournament.slug]), {"action": "reseat", "round": first.pk}
    )
    assert response.status_code == 403
    assert seat_count(first) == 13


def test_a_late_tap_after_the_draw_says_an_organiser_seats_them(organiser_client, late):
    round_, latecomer = late
    response = organiser_client.post(
        reverse("organiser:checkin", args=[round_.tournament.slug]),
        {"action": "set", "player": latecomer.pk, "attendance": "late"},
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 200
    assert "請主辦人在編排頁以遲到選手身分安排入座" in response.json()["message"]
    assert seat_count(round_) == 12


def test_the_check_in_page_names_the_drawn_round_not_yet_begun(organiser_client, referee, first):
    page = organiser_client.get(reverse("organiser:checkin", args=[first.tournament.slug])).content.decode()
    assert 'id="drawn-rounds"' in page
    assert reverse("organiser:round_draw", args=[first.tournament.slug, first.pk]) in page
    helper = Client()
    helper.force_login(referee)
    page = helper.get(reverse("organiser:checkin", args=[first.tournament.slug])).content.decode()
    assert 'id="drawn-rounds"' in page
    assert reverse("organiser:round_draw", args=[first.tournament.slug, first.pk]) not in page


def test_a_round_of_the_top_players_offers_no_late_arrivals(organiser, organiser_client, tournament, first):
    """Those left out of a round of the top four are not late: the page offers nobody to seat."""
    play_round(organiser, first)
    final = make_round(organiser, tournament, "決賽")
    draw_and_seat(organiser, final, rule="top", top=4)
    page = organiser_client.get(draw_url(final)).content.decode()
    assert 'id="withdraw-form"' in page
    assert 'id="late-form"' not in page
