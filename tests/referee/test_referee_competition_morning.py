"""One competition morning through the services, in the order the guide gives: import the schools' lists,
check in (two children away), draw round 1, one more child leaves after the draw (re-seated around), a late
child is seated in, play begins, and round 2 is drawn from round 1's standings."""

from __future__ import annotations

import pytest

from core.errors import ServiceError
from referee.draws.selectors.draws import round_seated_draw
from referee.draws.services.draws import round_draw_commit, round_draw_preview
from referee.models import Attendance, Player, Seat, Table
from referee.people.imports.applying import people_import
from referee.people.services.attendance import player_attendance_set, school_attendance_rest_present
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.play.services.withdrawals import player_seat_late, round_reseat_absent
from seating.commands import run_command
from tests.referee.draw_helpers import make_round, seated, services_hand

pytestmark = pytest.mark.django_db

SCHOOLS_CSV = (
    "學校代號,學校中文名稱,學校英文名稱\r\nHSP,海濱小學,Harbourside\r\nPKS,山頂小學,Peak\r\nRVS,河畔小學,\r\n"
)
SIZES = {"HSP": 6, "PKS": 5, "RVS": 4}


def players_csv() -> str:
    rows = ["學校代號,選手編號,中文姓名"]
    number = 1
    for code, count in SIZES.items():
        for index in range(count):
            rows.append(f"{code},{number},{code}選手{index + 1}")
            number += 1
    return "\r\n".join(rows) + "\r\n"


def player(tournament, number: int) -> Player:
    return Player.objects.get(tournament=tournament, number=number)


def where(round_) -> dict[int, int]:
    return dict(Seat.objects.filter(round=round_).values_list("player__number", "table__number"))


def finish_round(actor, round_) -> None:
    """Every game not yet saved, seat A going out, then each table signed off."""
    for table in Table.objects.filter(round=round_).order_by("number"):
        letters = list(table.seats.order_by("letter").values_list("letter", flat=True))
        hands = [services_hand(letter, "A", index) for index, letter in enumerate(letters)]
        saved = set(table.games.values_list("number", flat=True))
        for number in sorted({1, 2, 3} - saved):
            game_result_submit(actor=actor, table=table, game_number=number, ending="went-out", hands=hands)
        table_sign_off(actor=actor, table=table)


def same_school_at_minimum(round_) -> None:
    report = round_seated_draw(round_).report
    assert report["same_school_pairs"] == report["same_school_pairs_min"]
    assert report["sizes_ok"]


def test_a_whole_competition_morning(organiser, referee, tournament):
    # The lists arrive: schools, then players (one kind per CSV).
    for name, content in (("schools.csv", SCHOOLS_CSV), ("players.csv", players_csv())):
        people_import(actor=organiser, tournament=tournament, content=content.encode(), filename=name)
    assert Player.objects.filter(tournament=tournament).count() == 15

    # The door: two children are away (2 of HSP, 9 of PKS), a referee marks them; the rest are here.
    for number in (2, 9):
        player_attendance_set(actor=referee, player=player(tournament, number), attendance="absent")
    for school in tournament.schools.all():
        school_attendance_rest_present(actor=referee, school=school)

    # Round 1 drawn from who is here: 13 at tables of 4, 3, 3, 3, schools apart as far as they can be.
    first = make_round(organiser, tournament, "第一輪")
    draw = round_draw_preview(actor=organiser, round_=first, table_max=4, table_min=3, seed=11)
    round_draw_commit(actor=organiser, draw=draw)
    assert sorted(len(table) for table in seated(first)) == [3, 3, 3, 4]
    assert not {2, 9} & set(where(first))
    same_school_at_minimum(first)
    rerun = run_command("draw", round_seated_draw(first).request)
    assert rerun["rounds"][0] == round_seated_draw(first).drawn

    # After the draw, a child of a table of four feels unwell: the door marks them absent, and the organiser
    # re-seats the round once without them (12 at 4, 4, 4).
    table_of_four = next(table for table in seated(first) if len(table) == 4)
    unwell = player(tournament, int(table_of_four[1]))
    player_attendance_set(actor=referee, player=unwell, attendance="absent")
    assert unwell.number in where(first)
    round_reseat_absent(actor=organiser, round_=first)
    assert unwell.number not in where(first)
    assert sorted(len(table) for table in seated(first)) == [4, 4, 4]
    same_school_at_minimum(first)

    # Child 2 arrives late: the door says so, the organiser seats them into round 1 (13 again).
    player_attendance_set(actor=referee, player=player(tournament, 2), attendance="late")
    assert 2 not in where(first)  # the door alone never seats anyone
    (late,) = player_seat_late(actor=organiser, player=player(tournament, 2), round_=first)
    assert [move.player for move in late.moves if move.origin is None] == ["2"]
    assert 2 in where(first)
    assert len(where(first)) == 13
    same_school_at_minimum(first)
    draw = round_seated_draw(first)
    assert [entry["kind"] for entry in draw.repairs] == ["absent", "late"]
    for entry in draw.repairs:
        assert run_command("repair", entry["request"])["moves"] == entry["moves"]

    # Play begins: a game is saved at table 1; the round's seats are history now.
    table = Table.objects.filter(round=first).order_by("number").first()
    letters = list(table.seats.order_by("letter").values_list("letter", flat=True))
    hands = [services_hand(letter, "A", index) for index, letter in enumerate(letters)]
    game_result_submit(actor=organiser, table=table, game_number=1, ending="went-out", hands=hands)
    player_attendance_set(actor=referee, player=player(tournament, 9), attendance="late")
    with pytest.raises(ServiceError) as refused:
        player_seat_late(actor=organiser, player=player(tournament, 9), round_=first)
    assert refused.value.code == "in-play"

    # The rest of round 1 is played (seat A wins every game), then round 2 is drawn by the standings.
    finish_round(organiser, first)
    second = make_round(organiser, tournament, "第二輪")
    draw = round_draw_preview(
        actor=organiser, round_=second, mode="by-standings", table_max=4, table_min=3, seed=5
    )
    round_draw_commit(actor=organiser, draw=draw)
    here = Player.objects.filter(tournament=tournament).exclude(attendance=Attendance.ABSENT)
    assert set(where(second)) == set(here.values_list("number", flat=True))
    assert 9 in where(second)  # too late for round 1, drawn for round 2
    assert unwell.number not in where(second)
    same_school_at_minimum(second)
    points = {entry["id"]: entry["points"] for entry in draw.request["players"]}
    winners = {str(t.seats.get(letter="A").player.number) for t in Table.objects.filter(round=first)}
    assert min(points[w] for w in winners) > max(points[p] for p in points if p not in winners)
    tables = seated(second)

    def mean(ids: list[str]) -> float:
        return sum(points[i] for i in ids) / len(ids)

    assert mean(tables[0]) > mean(tables[-1])  # the leaders at table 1
    history = [[p for p in table if p in points] for table in seated(first)]
    assert draw.request["history"] == [[table for table in history if table]]
