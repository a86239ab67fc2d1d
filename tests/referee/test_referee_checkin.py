"""The door on the morning: taps by several helpers, counts per school, the rest of a school, substitutes."""

from __future__ import annotations

import pytest
from django.test import Client

from core.errors import ServiceError
from core.models import AuditEntry
from referee.models import Attendance, Player, Seat
from referee.people.selectors.attendance import attendance_counts, players_for_draw
from referee.people.services import attendance as door
from referee.people.services.people import player_create, school_create

pytestmark = pytest.mark.django_db

PAGE = "/organise/cup/check-in/"


def tap(client: Client, player: Player, attendance: str, *, json: bool = True):
    headers = {"HTTP_ACCEPT": "application/json"} if json else {}
    data = {"action": "set", "player": player.pk, "attendance": attendance}
    return client.post(PAGE, data, **headers)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    ("role", "status"),
    [("organiser", 200), ("table referee", 200), ("stranger", 403), ("anonymous", 302)],
)
def test_who_opens_the_check_in_page(roles, tournament, players, role, status):
    client = Client()
    if role != "anonymous":
        client.force_login(roles[role])
    assert client.get(PAGE).status_code == status


def test_two_helpers_tap_different_players_and_neither_overwrites_the_other(organiser, referee, players):
    first, second = logged_in(organiser), logged_in(referee)
    stale_page = second.get(PAGE)  # the second helper's page was loaded before the first tap
    assert stale_page.status_code == 200
    assert tap(first, players[0], "absent").json()["players"][0]["attendance"] == "absent"
    answer = tap(second, players[1], "present").json()
    assert answer["counts"]["HSP"] == {"here": 1, "absent": 1, "expected": 3, "total": 5}
    states = dict(Player.objects.values_list("pk", "attendance"))
    assert (states[players[0].pk], states[players[1].pk]) == ("absent", "present")


def test_a_tap_without_javascript_comes_back_to_the_school(organiser_client, players):
    response = tap(organiser_client, players[0], "late", json=False)
    assert response.status_code == 302
    assert response["Location"].endswith("#school-HSP")
    assert Player.objects.get(pk=players[0].pk).attendance == Attendance.LATE


def test_each_change_is_audited_and_a_repeat_is_not(organiser, players):
    before = AuditEntry.objects.count()
    door.player_attendance_set(actor=organiser, player=players[0], attendance="present")
    door.player_attendance_set(actor=organiser, player=players[0], attendance="present")
    entry = AuditEntry.objects.latest("pk")
    assert AuditEntry.objects.count() == before + 1
    assert (entry.action, entry.changes["before"]["attendance"]) == ("player.attendance", "expected")


def test_bad_values_are_refused_without_change(organiser_client, players):
    assert tap(organiser_client, players[0], "withdrawn").status_code == 409
    assert tap(organiser_client, players[0], "nonsense").status_code == 409
    response = organiser_client.post(PAGE, {"action": "set", "player": "99999999999", "attendance": "absent"})
    assert response.status_code == 404
    assert not Player.objects.exclude(attendance="expected").exists()


def test_the_rest_of_a_school_is_marked_here_in_one_tap_and_the_absent_stay_out_of_the_draw(
    organiser_client, tournament, school, players
):
    tap(organiser_client, players[0], "absent")
    response = organiser_client.post(PAGE, {"action": "rest-present", "school": school.pk})
    assert response.status_code == 302
    (row,) = attendance_counts(tournament)
    assert (row.here, row.absent, row.expected) == (4, 1, 0)
    assert players[0] not in players_for_draw(tournament)


def test_a_stranger_cannot_tap(stranger, players):
    client = logged_in(stranger)
    assert tap(client, players[0], "absent").status_code == 403
    assert Player.objects.get(pk=players[0].pk).attendance == "expected"


def test_the_page_loads_in_a_fixed_number_of_queries(
    organiser_client, organiser, tournament, school, django_assert_max_num_queries
):
    for number in range(40):
        player_create(actor=organiser, tournament=tournament, school=school, name_zh=f"選手{number}")
    with django_assert_max_num_queries(12):
        assert organiser_client.get(PAGE).status_code == 200


def test_a_substitute_takes_the_absent_players_seat_at_unplayed_tables_only(organiser, table, players, play):
    absent, substitute = players[0], players[4]
    door.player_attendance_set(actor=organiser, player=absent, attendance="absent")
    seats = door.player_substitute(actor=organiser, absent=absent, substitute=substitute)
    assert [seat.letter for seat in seats] == ["A"]
    assert Seat.objects.get(table=table, letter="A").player == substitute
    assert AuditEntry.objects.filter(table=table, action="seat.substitute").count() == 1
    play(table, "B")
    late_comer = player_create(
        actor=organiser, tournament=table.round.tournament, school=absent.school, name_zh="遲到生"
    )
    with pytest.raises(ServiceError) as refused:  # the table has been played: its seats keep their players
        door.player_substitute(actor=organiser, absent=substitute, substitute=late_comer)
    assert refused.value.code == "no-seat"


def test_a_substitute_from_another_school_is_refused(organiser, tournament, table, players):
    other = school_create(actor=organiser, tournament=tournament, name_zh="九龍小學", name_en="", code="KLN")
    stranger = player_create(actor=organiser, tournament=tournament, school=other, name_zh="王小明")
    with pytest.raises(ServiceError) as refused:
        door.player_substitute(actor=organiser, absent=players[0], substitute=stranger)
    assert refused.value.code == "wrong-school"


def test_the_substitute_page_adds_a_new_player_who_takes_the_seat(organiser_client, table, players):
    absent = players[0]
    url = f"/organise/cup/players/{absent.pk}/substitute/"
    assert organiser_client.get(url).status_code == 200
    response = organiser_client.post(url, {"name_zh": "替補生"})
    assert response.status_code == 302
    new = Player.objects.get(name_zh="替補生")
    assert Seat.objects.get(table=table, letter="A").player == new
    assert Player.objects.get(pk=absent.pk).attendance == Attendance.ABSENT


def test_the_substitute_page_is_for_organisers(referee, table, players):
    client = logged_in(referee)
    assert client.get(f"/organise/cup/players/{players[0].pk}/substitute/").status_code == 403


@pytest.mark.parametrize(
    ("role", "status"),
    [("organiser", 200), ("table referee", 403), ("stranger", 403), ("anonymous", 302)],
)
def test_who_opens_the_substitute_page(roles, table, players, role, status):
    client = Client()
    if role != "anonymous":
        client.force_login(roles[role])
    url = f"/organise/cup/players/{players[0].pk}/substitute/"
    assert client.get(url).status_code == status
    assert client.post(url, {"substitute": players[4].pk}).status_code == (302 if status == 200 else status)
    moved = Seat.objects.filter(player=players[4]).exists()
    assert moved == (role == "organiser")


def test_the_pages_script_reads_every_players_state_and_the_counts(organiser, referee, players):
    logged_in(organiser).post(PAGE, {"action": "set", "player": players[2].pk, "attendance": "late"})
    answer = logged_in(referee).get(PAGE, HTTP_ACCEPT="application/json").json()
    states = {entry["player"]: entry["attendance"] for entry in answer["players"]}
    assert states[players[2].pk] == "late"
    assert answer["counts"]["HSP"]["here"] == 1


def test_the_states_stay_two_queries_whatever_the_number_of_players(
    organiser, tournament, school, players, django_assert_max_num_queries
):
    client = logged_in(organiser)
    with django_assert_max_num_queries(8):
        assert client.get(PAGE, HTTP_ACCEPT="application/json").status_code == 200


def test_the_tables_history_names_the_substitute(organiser_client, organiser, table, players):
    door.player_attendance_set(actor=organiser, player=players[0], attendance="absent")
    door.player_substitute(actor=organiser, absent=players[0], substitute=players[4])
    page = organiser_client.get(f"/organise/cup/tables/{table.pk}/").content.decode()
    assert "已安排替補" in page
    assert "#1 陳俊傑" in page
    assert "#5 劉子晴" in page


def test_a_referee_finds_the_check_in_page_from_my_tables(referee_client, tournament):
    page = referee_client.get("/referee/").content.decode()
    assert f'href="/organise/{tournament.slug}/check-in/"' in page


@pytest.mark.parametrize(
    ("language", "words"), [("en", "register them on the players page"), ("zh-hant", "參加者頁面")]
)
def test_an_absent_player_without_a_seat_leads_to_the_players_page(
    organiser_client, players, language, words
):
    """Absent before the draw: nothing to substitute. The page says how a child who comes instead plays."""
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(f"/organise/cup/players/{players[0].pk}/substitute/").content.decode()
    assert 'href="/organise/cup/players/"' in page
    assert words in page
