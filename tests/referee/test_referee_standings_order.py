"""Standings across rounds: the tournament's ordered keys (set before play, fixed after), UNO by tables won,
head-to-head, the organisers' decision, and a final table deciding the places it plays for."""

from __future__ import annotations

import datetime
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from core.errors import ServiceError
from core.models import AuditEntry
from referee.draws.services.seats import seat_assign
from referee.exports.exporters import ExportRequest, get_exporter
from referee.models import Table
from referee.people.services.people import player_create, school_create
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.results.ranking import standings_order
from referee.standings.selectors.schools import school_standings
from referee.standings.selectors.standings import standings
from referee.standings.services.standings import standings_decision_record, tournament_standings_order_set
from referee.tournaments.services.schedule import round_create, table_create
from referee.tournaments.services.tournaments import tournament_create
from scoring import PlayerInput
from tests.referee.draw_helpers import draw_and_seat, make_field, make_round, play_round, services_hand


@pytest.fixture
def uno(organiser, referee):
    """One UNO table, target 500: X wins three small hands (+3 each), then Y goes out for +600."""
    tournament = tournament_create(actor=organiser, name="UNO", slug="uno", ruleset="uno")
    school = school_create(actor=organiser, tournament=tournament, name_zh="學校", name_en="", code="S")
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="R1",
        date=datetime.date(2026, 1, 1),
        start_time=datetime.time(9),
    )
    table = table_create(actor=organiser, round_=round_)
    for name in ("X", "Y"):
        player = player_create(actor=organiser, tournament=tournament, school=school, name_en=name)
        seat_assign(actor=organiser, table=table, player=player)
    for number in (1, 2, 3):
        game_result_submit(
            actor=organiser,
            table=table,
            game_number=number,
            ending="went-out",
            hands=[PlayerInput("A", went_out=True), PlayerInput("B", rack="R3")],
        )
    game_result_submit(
        actor=organiser,
        table=table,
        game_number=4,
        ending="went-out",
        hands=[
            PlayerInput("A", rack="W W W W W4 W4 W4 W4 RS RS GS GS BS BS YS YS RR RR"),
            PlayerInput("B", went_out=True),
        ],
    )
    table_sign_off(actor=organiser, table=table)
    return tournament


def test_uno_ranks_the_table_winner_above_the_winner_of_many_small_hands(uno):
    rows = standings(uno)
    assert [(row.display_name, row.rank) for row in rows] == [("Y", 1), ("X", 2)]
    y, x = rows
    assert (y.tables_won, y.total, y.games_won) == (1, 600, 1)
    assert (x.tables_won, x.total, x.games_won) == (0, 9, 3)


def test_uno_order_on_the_public_page_and_in_the_workbook(client, uno):
    uno.standings_released = True
    uno.save()
    page = client.get(reverse("public:standings", args=[uno.slug]) + "?lang=en").content.decode()
    table = page[page.index("<table") :]
    assert table.index("Y") < table.index("X")
    assert 'id="standings-order"' in page
    data = get_exporter("results-xlsx")(ExportRequest(tournament=uno, language="en")).render()[2]
    sheet = load_workbook(io.BytesIO(data))["Standings"]
    rows = list(sheet.iter_rows(values_only=True))
    by_name = [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]
    assert [(row["Name in English"], row["Rank"], row["Tables won"]) for row in by_name] == [
        ("Y", 1, 1),
        ("X", 2, 0),
    ]
    assert "tables won" in by_name[0]["Why this rank"]


def test_the_order_is_set_before_play_and_fixed_after(organiser, tournament, table, play):
    tournament_standings_order_set(
        actor=organiser, tournament=tournament, keys=["games-won", "total-score", "head-to-head"]
    )
    tournament.refresh_from_db()
    assert standings_order(tournament) == ("games-won", "total-score", "head-to-head")
    assert AuditEntry.objects.filter(action="tournament.standings_order").exists()
    with pytest.raises(ServiceError) as refused:
        tournament_standings_order_set(actor=organiser, tournament=tournament, keys=["a", "b"])
    assert refused.value.code == "invalid-choice"
    with pytest.raises(ServiceError) as refused:
        tournament_standings_order_set(
            actor=organiser, tournament=tournament, keys=["total-score", "total-score"]
        )
    assert refused.value.code == "duplicate"
    play(table)
    with pytest.raises(ServiceError) as refused:
        tournament_standings_order_set(actor=organiser, tournament=tournament, keys=["total-score"])
    assert refused.value.code == "frozen"


def test_the_blank_order_is_the_rulesets(tournament):
    assert standings_order(tournament) == ("games-won", "total-score", "organisers-decision")


def test_the_organisers_decision_breaks_a_tie_left_by_every_other_key(organiser, tournament, table, play):
    """Four players, two games: A and B each win one with the same racks, so they tie on games and total."""
    play(table, "A", {"B": 10, "C": 20, "D": 30})
    play(table, "B", {"A": 10, "C": 20, "D": 30})
    rows = standings(tournament, final_only=False)
    assert [row.rank for row in rows[:2]] == [1, 1]
    b = next(row for row in rows if row.number == rows[1].number)
    standings_decision_record(
        actor=organiser, tournament=tournament, numbers=[b.number, rows[0].number], reason="抽籤"
    )
    rows = standings(tournament, final_only=False)
    assert [(row.number, row.rank, row.tied) for row in rows[:2]] == [
        (b.number, 1, False),
        (rows[1].number, 2, False),
    ]
    with pytest.raises(ServiceError) as refused:
        standings_decision_record(actor=organiser, tournament=tournament, numbers=[1, 999], reason="x")
    assert refused.value.code == "unknown-player"


def test_head_to_head_breaks_a_tie_of_two_who_met(organiser, tournament, table, play):
    """Two games a table: A and B win one each (tied on games won), C and D none (tied); at the table B's
    total beat A's and D's beat C's, so head-to-head orders both pairs."""
    tournament.games_per_table = 2
    tournament.save()
    tournament_standings_order_set(actor=organiser, tournament=tournament, keys=["games-won", "head-to-head"])
    tournament.refresh_from_db()
    play(table, "A", {"B": 5, "C": 40, "D": 30})
    play(table, "B", {"A": 30, "C": 40, "D": 30})
    table_sign_off(actor=organiser, table=table)
    letter = {seat.player_id: seat.letter for seat in table.seats.all()}
    rows = standings(tournament)
    assert [(letter[row.player_id], row.rank, row.tied) for row in rows] == [
        ("B", 1, False),
        ("A", 2, False),
        ("D", 3, False),
        ("C", 4, False),
    ]
    tournament.tie_breaks = "games-won"
    assert [row.rank for row in standings(tournament)] == [1, 1, 3, 3]


def test_a_final_round_decides_the_places_it_plays_for(organiser, tournament):
    field = make_field(organiser, tournament)
    first = make_round(organiser, tournament, "第一輪")
    draw_and_seat(organiser, first, seed=7)
    play_round(organiser, first)  # seat A wins every table
    final = round_create(
        actor=organiser,
        tournament=tournament,
        name="決賽",
        date=datetime.date(2026, 12, 6),
        start_time=datetime.time(9),
        is_final=True,
    )
    draw_and_seat(organiser, final, rule="table-winners", table_min=4, seed=2)
    (final_table,) = Table.objects.filter(round=final)
    letters = list(final_table.seats.order_by("letter").values_list("letter", flat=True))
    # seat D wins the final three times: it takes first place whatever the standings said
    for number in (1, 2, 3):
        game_result_submit(
            actor=organiser,
            table=final_table,
            game_number=number,
            ending="went-out",
            hands=[services_hand(letter, "D", index) for index, letter in enumerate(letters)],
        )
    table_sign_off(actor=organiser, table=final_table)
    rows = standings(tournament)
    finalist_d = final_table.seats.get(letter="D").player
    assert rows[0].player_id == finalist_d.pk
    assert rows[0].by_final
    assert [row.rank for row in rows[:4]] == [1, 2, 3, 4]
    assert not rows[4].by_final
    assert len(rows) == len(field)


def test_the_standings_order_page(organiser_client, tournament, referee, client):
    url = reverse("organiser:standings_order", args=[tournament.slug])
    assert organiser_client.get(url).status_code == 200
    response = organiser_client.post(url, {"action": "order", "key_1": "total-score", "key_2": "games-won"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.tie_breaks == "total-score,games-won"
    response = organiser_client.post(url, {"action": "decide", "numbers": "x y", "reason": "lot"})
    assert response.status_code == 200
    assert response.context["decision_form"].errors
    client.force_login(referee)
    assert client.get(url).status_code == 403


def test_the_public_front_page_shows_tables_won_for_uno(client, uno):
    uno.standings_released = True
    uno.save()
    page = client.get(reverse("public:tournament", args=[uno.slug])).content.decode()
    assert "勝出桌數" in page
    rows = page[page.index("<tbody", page.index("勝出桌數")) :]
    assert rows.index("Y") < rows.index("X")


def test_an_order_led_by_a_key_without_a_column_ranks(organiser, tournament, table, play, organiser_client):
    tournament_standings_order_set(
        actor=organiser, tournament=tournament, keys=["organisers-decision", "head-to-head", "total-score"]
    )
    tournament.refresh_from_db()
    play(table, "A", {"B": 10, "C": 20, "D": 30})
    rows = standings(tournament, final_only=False)
    assert [row.rank for row in rows] == [1, 2, 3, 4]  # by total score, the keys before it leaving all tied
    response = organiser_client.get(
        reverse("organiser:standings", args=[tournament.slug]) + "?include=unsigned"
    )
    assert response.status_code == 200


def test_uno_schools_count_their_players_tables_won(uno, organiser_client):
    (school,) = school_standings(uno)
    assert school.tables_won == 1
    page = organiser_client.get(reverse("organiser:standings", args=[uno.slug]) + "?view=schools")
    assert page.status_code == 200
    assert "勝桌" in page.content.decode()
