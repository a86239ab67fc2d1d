"""Corrections: the referee edits before sign-off; afterwards only an organiser, with a reason; the audit log
keeps who, when, what and why, and the standings follow at once."""

from __future__ import annotations

import datetime

import pytest

from core.errors import ServiceError
from core.models import AuditEntry
from referee.draws.services.seats import seat_assign
from referee.people.services.people import player_create, school_create
from referee.play.selectors.history import table_history
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off, table_tie_break_record
from referee.standings.selectors.standings import standings
from referee.tournaments.services.referees import referee_add
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import tournament_create
from scoring import PlayerInput

GAME_3_CORRECTED = [
    PlayerInput("C", went_out=True),
    PlayerInput("A", rack_value=40),
    PlayerInput("B", rack_value=32),
    PlayerInput("D", rack_value=17),
]


def correct_game_3(table, actor, reason=""):
    game = table.games.get(number=3)
    return game_result_submit(
        actor=actor,
        table=table,
        game_number=3,
        ending="went-out",
        hands=GAME_3_CORRECTED,
        expected_version=game.version,
        reason=reason,
    )


@pytest.mark.parametrize("role", ["table referee", "organiser"])
def test_before_sign_off_the_referee_and_the_organisers_correct_without_a_reason(finished_table, roles, role):
    game = correct_game_3(finished_table, roles[role])
    assert game.version == 2
    entry = AuditEntry.objects.get(action="game.correct")
    assert entry.actor == roles[role]
    assert entry.reason == ""


@pytest.mark.parametrize("role", ["other referee", "stranger", "anonymous"])
def test_before_sign_off_nobody_else_corrects(finished_table, roles, role):
    with pytest.raises(ServiceError) as refused:
        correct_game_3(finished_table, roles[role], reason="我想改")
    assert refused.value.code == "forbidden"
    assert finished_table.games.get(number=3).version == 1


def test_after_sign_off_the_referee_may_not_correct(finished_table, referee):
    table_sign_off(actor=referee, table=finished_table)
    with pytest.raises(ServiceError) as refused:
        correct_game_3(finished_table, referee, reason="寫錯了")
    assert refused.value.code == "signed-off"


def test_after_sign_off_an_organiser_needs_a_reason(finished_table, referee, organiser):
    table_sign_off(actor=referee, table=finished_table)
    with pytest.raises(ServiceError) as refused:
        correct_game_3(finished_table, organiser, reason="   ")
    assert (refused.value.code, refused.value.field) == ("reason-required", "reason")
    assert not AuditEntry.objects.filter(action="game.correct").exists()


def test_an_organisers_correction_is_logged_and_the_standings_follow(
    finished_table, referee, organiser, tournament
):
    table_sign_off(actor=referee, table=finished_table)
    before = {row.player.number: row.total for row in standings(tournament)}
    correct_game_3(finished_table, organiser, reason="甲的牌架總值應為 40")
    entry = AuditEntry.objects.get(action="game.correct")
    assert entry.actor == organiser
    assert entry.reason == "甲的牌架總值應為 40"
    assert entry.changes["before"]["hands"]["A"]["rack_value"] == 49
    assert entry.changes["after"]["hands"]["A"]["rack_value"] == 40
    assert entry.changes["after"]["version"] == 2
    after = {row.player.number: row.total for row in standings(tournament)}
    assert before[1] == -68
    assert after[1] == -59
    assert after[3] == before[3] - 9
    history = table_history(finished_table)
    assert history[0].reason == "甲的牌架總值應為 40"
    assert any("49 → 40" in line for line in history[0].lines)


def test_no_new_game_after_sign_off_even_for_an_organiser(organiser, referee, tournament, players, play):
    """A signed-off two-player table: its match is over, so a fourth game is refused."""
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="R2",
        date=datetime.date(2026, 12, 6),
        start_time=datetime.time(9),
    )
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for player in players[:2]:
        seat_assign(actor=organiser, table=table, player=player)
    for _ in range(3):
        play(table, "A", {"B": 5})
    table_sign_off(actor=referee, table=table)
    with pytest.raises(ServiceError) as refused:
        game_result_submit(
            actor=organiser,
            table=table,
            game_number=4,
            ending="went-out",
            hands=[PlayerInput("A", went_out=True), PlayerInput("B", rack_value=5)],
            reason="加一局",
        )
    assert refused.value.code == "signed-off"


def test_a_correction_that_resolves_a_tie_drops_the_tie_break(organiser, referee, tournament, players):
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="R2",
        date=datetime.date(2026, 12, 6),
        start_time=datetime.time(9),
    )
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
    table = table_tie_break_record(actor=organiser, table=table, seat="B", how="抽籤")
    assert (table.tie_winner, table.tie_break) == ("B", "抽籤")
    game_result_submit(
        actor=referee,
        table=table,
        game_number=3,
        ending="pool-exhausted",
        hands=[PlayerInput("A", rack_value=5), PlayerInput("B", rack_value=9)],
        expected_version=1,
    )
    table.refresh_from_db()
    assert (table.tie_winner, table.tie_break) == ("", "")


def test_a_correction_that_unfinishes_a_signed_off_uno_table_is_refused(organiser, referee):
    uno = tournament_create(actor=organiser, name="UNO", slug="uno", ruleset="uno", target_score=30)
    referee_add(actor=organiser, tournament=uno, username=referee.username)
    school = school_create(actor=organiser, tournament=uno, name_zh="學校", name_en="", code="S")
    round_ = round_create(
        actor=organiser,
        tournament=uno,
        name="R1",
        date=datetime.date(2026, 1, 1),
        start_time=datetime.time(9),
    )
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for name in ("Ann", "Bo"):
        player = player_create(actor=organiser, tournament=uno, school=school, name_en=name)
        seat_assign(actor=organiser, table=table, player=player)
    game_result_submit(
        actor=referee,
        table=table,
        game_number=1,
        ending="went-out",
        hands=[PlayerInput("A", went_out=True), PlayerInput("B", rack="W")],
    )
    table_sign_off(actor=referee, table=table)
    with pytest.raises(ServiceError) as refused:
        game_result_submit(
            actor=organiser,
            table=table,
            game_number=1,
            ending="went-out",
            hands=[PlayerInput("A", went_out=True), PlayerInput("B", rack="R5")],
            expected_version=1,
            reason="其實是紅 5",
        )
    assert refused.value.code == "unfinished"
    assert table.games.get().hands.get(seat__letter="B").rack == "W"
