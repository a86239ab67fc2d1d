"""Selectors: the right rows, and a number of queries that does not grow with the tournament."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from referee.draws.services.seats import seat_assign
from referee.people.services.people import player_create
from referee.play.selectors.history import table_history
from referee.play.selectors.progress import referee_tables, table_progress, tournament_progress
from referee.play.selectors.sheets import table_sheet
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_confirm, table_sign_off
from referee.results.table_rules import TableStatus
from referee.standings.selectors.standings import standings
from referee.tournaments.selectors.tournaments import organiser_tournaments
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import SETTINGS_FIELDS, tournament_update
from scoring import PlayerInput


def queries(read) -> int:
    with CaptureQueriesContext(connection) as captured:
        read()
    return len(captured)


def add_played_tables(organiser, referee, tournament, count: int) -> None:
    """More rounds, players and played tables, to show the selectors' query counts do not grow."""
    school = tournament.schools.first()
    for round_number in range(count):
        round_ = round_create(
            actor=organiser,
            tournament=tournament,
            name=f"R{round_number}",
            date=datetime.date(2026, 12, 6),
            start_time=datetime.time(10),
        )
        table = table_create(actor=organiser, round_=round_)
        table = table_assign_referee(actor=organiser, table=table, referee=referee)
        for letter in "ABC":
            player = player_create(actor=organiser, tournament=tournament, school=school, name_zh="新")
            seat_assign(actor=organiser, table=table, player=player, letter=letter)
        game_result_submit(
            actor=referee,
            table=table,
            game_number=1,
            ending="went-out",
            hands=[
                PlayerInput("A", went_out=True),
                PlayerInput("B", rack_value=3),
                PlayerInput("C", rack_value=4),
            ],
        )


def test_progress_shows_each_tables_state(organiser, round_, finished_table, referee, players, play):
    in_play = table_create(actor=organiser, round_=round_)
    table_create(actor=organiser, round_=round_)
    rows = tournament_progress(round_.tournament)[0].tables
    assert [row.status for row in rows] == [
        TableStatus.FINISHED,
        TableStatus.NOT_STARTED,
        TableStatus.NOT_STARTED,
    ]
    assert rows[0].games_played == 3
    assert rows[0].games_required == 3
    assert rows[0].referee_name == "陳大文"
    assert [seat.letter for seat in rows[0].seats] == ["A", "B", "C", "D"]
    table_sign_off(actor=referee, table=finished_table)
    assert table_progress(finished_table).status == TableStatus.SIGNED_OFF
    finished_table.round.tournament.requires_confirmation = True
    finished_table.round.tournament.save(update_fields=["requires_confirmation"])
    table_confirm(actor=organiser, table=finished_table)
    assert table_progress(finished_table).status == TableStatus.CONFIRMED
    assert table_progress(in_play).status == TableStatus.NOT_STARTED


def test_a_table_in_play(table, play):
    play(table)
    row = table_progress(table)
    assert row.status == TableStatus.IN_PLAY
    assert row.games_played == 1


def test_progress_queries_do_not_grow(organiser, referee, tournament, finished_table):
    small = queries(lambda: tournament_progress(tournament))
    add_played_tables(organiser, referee, tournament, 3)
    assert queries(lambda: tournament_progress(tournament)) == small
    referee_small = queries(lambda: referee_tables(referee))
    add_played_tables(organiser, referee, tournament, 2)
    assert queries(lambda: referee_tables(referee)) == referee_small


def test_referee_tables_lists_only_their_own(table, referee, other_referee):
    assert [row.table for row in referee_tables(referee)] == [table]
    assert referee_tables(other_referee) == []


def test_the_sheet_reproduces_the_seed_scoresheet(finished_table):
    sheet = table_sheet(finished_table)
    assert [[cell.score for cell in game.cells] for game in sheet.games] == [
        [-7, 118, -61, -50],
        [-12, 37, -2, -23],
        [-49, -32, 98, -17],
    ]
    assert [(t.games_won, t.total) for t in sheet.totals] == [(0, -68), (2, 123), (1, 35), (0, -90)]
    assert sheet.games_required == 3
    assert sheet.games_played == 3


def test_sheet_queries_do_not_grow(table, play):
    assert table.round.tournament  # the caller loads these once, as the table page does
    play(table)
    one_game = queries(lambda: table_sheet(table))
    play(table)
    play(table)
    assert queries(lambda: table_sheet(table)) == one_game


def test_standings_count_final_results_only_by_default(finished_table, referee, tournament):
    assert standings(tournament) == []
    provisional = standings(tournament, final_only=False)
    assert [(row.rank, row.games_won, row.total) for row in provisional] == [
        (1, 2, 123),
        (2, 1, 35),
        (3, 0, -68),
        (4, 0, -90),
    ]
    table_sign_off(actor=referee, table=finished_table)
    assert [row.player.name_zh for row in standings(tournament)] == [
        "李詠琳",
        "張家豪",
        "陳俊傑",
        "黃嘉儀",
    ]


def test_standings_wait_for_confirmation_when_asked(finished_table, referee, organiser, tournament):
    tournament.requires_confirmation = True
    tournament.save()
    table_sign_off(actor=referee, table=finished_table)
    assert standings(tournament) == []
    table_confirm(actor=organiser, table=finished_table)
    assert len(standings(tournament)) == 4


def test_equal_players_share_a_rank(table, play, tournament):
    play(table, "A", {"B": 5, "C": 5, "D": 5})
    rows = standings(tournament, final_only=False)
    assert [row.rank for row in rows] == [1, 2, 2, 2]
    assert rows[1].games_won == Fraction(0)


def test_standings_is_one_query(finished_table, tournament):
    assert queries(lambda: standings(tournament, final_only=False)) == 1


def test_organiser_tournaments_counts(organiser, finished_table, referee, tournament):
    table_sign_off(actor=referee, table=finished_table)
    [row] = organiser_tournaments(organiser)
    assert (row.school_count, row.player_count, row.table_count, row.signed_off_count) == (1, 5, 1, 1)
    assert queries(lambda: organiser_tournaments(organiser)) == 1
    assert organiser_tournaments(referee) == []


def test_table_history_newest_first(finished_table, referee):
    table_sign_off(actor=referee, table=finished_table)
    history = table_history(finished_table)
    assert history[0].action == "table.sign_off"
    assert history[0].actor_name == "陳大文"
    assert [row.game_number for row in history if row.action == "game.create"] == [3, 2, 1]
    seated = [row.lines for row in history if row.action == "seat.assign"]
    assert ("甲：#1 陳俊傑",) in seated
    # The entries, then the names of the players seated and the referee assigned: three, however long.
    assert queries(lambda: table_history(finished_table)) == 3


@pytest.mark.parametrize("privacy", ["full-names", "initials", "player-numbers"])
def test_public_standings_respect_privacy(client, finished_table, referee, organiser, tournament, privacy):
    table_sign_off(actor=referee, table=finished_table)
    values = {name: getattr(tournament, name) for name in SETTINGS_FIELDS}
    tournament_update(
        actor=organiser, tournament=tournament, **{**values, "privacy": privacy, "standings_released": True}
    )
    page = client.get(f"/t/{tournament.slug}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ("李詠琳" in page) == (privacy == "full-names")
    assert ("李○○" in page) == (privacy == "initials")
    assert ("Player 2" in page) == (privacy == "player-numbers")


def test_standings_add_up_rounds_without_double_counting(
    organiser, referee, tournament, finished_table, players
):
    """A player in two rounds: only the signed-off one is final; provisional counts both, once each."""
    table_sign_off(actor=referee, table=finished_table)
    second_round = round_create(
        actor=organiser,
        tournament=tournament,
        name="第二輪",
        date=datetime.date(2026, 12, 6),
        start_time=datetime.time(9),
    )
    table = table_create(actor=organiser, round_=second_round)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for letter, player in zip("AB", players[:2], strict=True):
        seat_assign(actor=organiser, table=table, player=player, letter=letter)
    game_result_submit(
        actor=referee,
        table=table,
        game_number=1,
        ending="went-out",
        hands=[PlayerInput("A", went_out=True), PlayerInput("B", rack_value=20)],
    )
    final = {
        row.player.name_zh: (row.games_played, row.games_won, row.total) for row in standings(tournament)
    }
    assert final["陳俊傑"] == (3, 0, -68)
    provisional = {
        row.player.name_zh: (row.games_played, row.games_won, row.total)
        for row in standings(tournament, final_only=False)
    }
    assert provisional["陳俊傑"] == (4, 1, -48)
    assert provisional["李詠琳"] == (4, 2, 103)
