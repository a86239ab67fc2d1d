"""table_sign_off, table_confirm and tie-breaks: a finished match closes; a second person may confirm it."""

from __future__ import annotations

import pytest

from core.errors import ServiceError
from core.models import AuditEntry
from referee.draws.services.seats import seat_assign
from referee.play.selectors.sheets import table_sheet
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_confirm, table_sign_off, table_tie_break_record
from referee.tournaments.services.schedule import table_assign_referee, table_create
from scoring import PlayerInput


def test_sign_off_records_who_and_the_verdict(finished_table, referee):
    table = table_sign_off(actor=referee, table=finished_table)
    assert table.signed_off_by == referee
    assert table.signed_off_at is not None
    entry = AuditEntry.objects.get(action="table.sign_off")
    assert entry.changes["after"]["winner"] == "B"
    assert entry.changes["after"]["decided_by"] == "games-won"
    totals = {row["seat"]: row["total"] for row in entry.changes["after"]["players"]}
    assert totals == {"A": "-68", "B": "123", "C": "35", "D": "-90"}


def test_an_unfinished_table_cannot_be_signed_off(table, referee, play):
    play(table)
    with pytest.raises(ServiceError) as refused:
        table_sign_off(actor=referee, table=table)
    assert refused.value.code == "not-finished"
    table.refresh_from_db()
    assert table.signed_off_at is None


def test_a_table_is_signed_off_once(finished_table, referee, organiser):
    table_sign_off(actor=referee, table=finished_table)
    with pytest.raises(ServiceError) as refused:
        table_sign_off(actor=organiser, table=finished_table)
    assert refused.value.code == "signed-off"


@pytest.fixture
def asks_confirmation(tournament):
    tournament.requires_confirmation = True
    tournament.save(update_fields=["requires_confirmation"])


def test_a_tournament_that_does_not_ask_for_confirmation_refuses_one(finished_table, referee, organiser):
    table_sign_off(actor=referee, table=finished_table)
    with pytest.raises(ServiceError) as refused:
        table_confirm(actor=organiser, table=finished_table)
    assert refused.value.code == "not-asked"
    finished_table.refresh_from_db()
    assert finished_table.confirmed_at is None


def test_confirm_needs_a_sign_off_first(asks_confirmation, finished_table, referee, organiser):
    with pytest.raises(ServiceError) as refused:
        table_confirm(actor=organiser, table=finished_table)
    assert refused.value.code == "not-signed-off"
    table_sign_off(actor=referee, table=finished_table)
    table = table_confirm(actor=organiser, table=finished_table)
    assert table.confirmed_by == organiser
    with pytest.raises(ServiceError) as again:
        table_confirm(actor=organiser, table=finished_table)
    assert again.value.code == "confirmed"


def test_the_referee_who_entered_the_results_cannot_confirm_them(
    asks_confirmation, finished_table, referee, other_referee
):
    table_sign_off(actor=referee, table=finished_table)
    with pytest.raises(ServiceError) as refused:
        table_confirm(actor=referee, table=finished_table)
    assert refused.value.code == "same-person"
    table = table_confirm(actor=other_referee, table=finished_table)
    assert table.confirmed_by == other_referee


def test_an_organiser_who_corrected_a_game_cannot_confirm(
    asks_confirmation, finished_table, referee, organiser
):
    table_sign_off(actor=referee, table=finished_table)
    game = finished_table.games.get(number=3)
    game_result_submit(
        actor=organiser,
        table=finished_table,
        game_number=3,
        ending="went-out",
        hands=[
            PlayerInput("C", went_out=True),
            PlayerInput("A", rack_value=40),
            PlayerInput("B", rack_value=32),
            PlayerInput("D", rack_value=17),
        ],
        expected_version=game.version,
        reason="A 的牌架數錯了",
    )
    with pytest.raises(ServiceError) as refused:
        table_confirm(actor=organiser, table=finished_table)
    assert refused.value.code == "same-person"


def test_an_organiser_who_signed_off_cannot_confirm(
    asks_confirmation, finished_table, organiser, other_referee
):
    table_sign_off(actor=organiser, table=finished_table)
    with pytest.raises(ServiceError) as refused:
        table_confirm(actor=organiser, table=finished_table)
    assert refused.value.code == "same-person"
    assert table_confirm(actor=other_referee, table=finished_table).confirmed_at is not None


def test_a_stranger_cannot_confirm(asks_confirmation, finished_table, referee, stranger):
    table_sign_off(actor=referee, table=finished_table)
    with pytest.raises(ServiceError) as refused:
        table_confirm(actor=stranger, table=finished_table)
    assert refused.value.code == "forbidden"


@pytest.fixture
def tied_table(organiser, referee, round_, players):
    """Two players: one win each and a shared win with equal racks, so games won and totals are equal."""
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
    return table


def test_an_organiser_records_how_a_tie_was_broken(tied_table, organiser):
    from referee.play.selectors.sheets import sheet_outcome
    from referee.play.services.signoff import table_tie_break_record

    before = sheet_outcome(tied_table.round.tournament, table_sheet(tied_table))
    assert before.finished
    assert before.winner is None
    assert before.tied == ("A", "B")
    table = table_tie_break_record(actor=organiser, table=tied_table, seat="b", how="抽籤")
    outcome = sheet_outcome(table.round.tournament, table_sheet(table))
    assert (outcome.winner, outcome.decided_by, outcome.tie_break) == ("B", "tie-break", "抽籤")
    entry = AuditEntry.objects.get(action="table.tie_break")
    assert entry.changes["after"] == {"tie_winner": "B", "tie_break": "抽籤"}


@pytest.mark.parametrize(
    ("seat", "how", "field", "code"),
    [("C", "抽籤", "seat", "not-tied"), ("A", "  ", "how", "required")],
)
def test_a_tie_break_needs_a_tied_player_and_how(tied_table, organiser, seat, how, field, code):
    with pytest.raises(ServiceError) as refused:
        table_tie_break_record(actor=organiser, table=tied_table, seat=seat, how=how)
    assert (refused.value.field, refused.value.code) == (field, code)


def test_no_tie_break_without_a_tie(finished_table, organiser):
    with pytest.raises(ServiceError) as refused:
        table_tie_break_record(actor=organiser, table=finished_table, seat="B", how="抽籤")
    assert refused.value.code == "no-tie"
