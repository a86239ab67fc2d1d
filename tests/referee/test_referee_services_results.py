"""game_result_submit: raw facts in, the engine's numbers stored, the audit written, refusals translated."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from django.utils import translation

from core.errors import ServiceError
from core.models import AuditEntry
from referee.draws.services.seats import seat_assign
from referee.models import Game, HandResult
from referee.people.services.people import player_create, school_create
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.tournaments.services.referees import referee_add
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import tournament_create
from scoring import PlayerInput


def hands_of(game: Game) -> dict[str, HandResult]:
    return {hand.seat.letter: hand for hand in game.hands.select_related("seat")}


@pytest.mark.parametrize("typed_rack", ["R3 K4", "ｒ３　Ｋ４"], ids=["plain", "chinese-keyboard"])
def test_went_out_game_stores_the_engines_numbers(table, referee, typed_rack):
    """Full-width letters, digits and spaces (a Chinese keyboard) score as plain tiles and are stored that
    way too, so the scoresheet, the exports and a later correction all see R3 K4."""
    game = game_result_submit(
        actor=referee,
        table=table,
        game_number=1,
        ending="went-out",
        hands=[
            PlayerInput("A", rack=typed_rack),
            PlayerInput("B", went_out=True),
            PlayerInput("C", rack_value=61),
            PlayerInput("D", rack="J B10 Y10"),
        ],
    )
    hands = hands_of(game)
    assert [hands[s].score for s in "ABCD"] == [-7, 118, -61, -50]
    assert hands["B"].won
    assert not hands["A"].won
    assert hands["B"].win_credit_sixtieths == 60
    assert hands["D"].penalty == 50
    assert hands["D"].basis == "tiles"
    assert hands["A"].rack == "R3 K4"
    assert hands["A"].rack_value is None
    assert game.version == 1
    assert game.entered_by == referee


def test_shared_win_is_exact_and_sums_to_zero(table, referee):
    game = game_result_submit(
        actor=referee,
        table=table,
        game_number=1,
        ending="pool-exhausted",
        hands=[
            PlayerInput("A", rack_value=1),
            PlayerInput("B", rack_value=1),
            PlayerInput("C", rack_value=10),
            PlayerInput("D", rack_value=7),
        ],
    )
    hands = hands_of(game)
    assert hands["A"].score == Fraction(15, 2)
    assert hands["A"].score_sixtieths == 450
    assert sum(hand.score_sixtieths for hand in hands.values()) == 0
    assert hands["A"].won
    assert hands["B"].won
    assert hands["A"].win_credit_sixtieths == 60


def test_split_credit_gives_each_sharer_a_share(organiser, tournament, table, referee):
    tournament.shared_win_credit = "split"
    tournament.save()
    game = game_result_submit(
        actor=referee,
        table=table,
        game_number=1,
        ending="pool-exhausted",
        hands=[PlayerInput(s, rack_value=v) for s, v in zip("ABCD", [1, 1, 10, 7], strict=True)],
    )
    assert hands_of(game)["A"].win_credit_sixtieths == 30


def test_no_initial_meld_is_judged_by_the_engine(table, referee):
    game = game_result_submit(
        actor=referee,
        table=table,
        game_number=1,
        ending="went-out",
        hands=[
            PlayerInput("A", went_out=True),
            PlayerInput("B", rack="r10 r11 r12 k1", made_initial_meld=False),
            PlayerInput("C", rack_value=40, made_initial_meld=False, could_meld=False),
            PlayerInput("D", rack_value=5),
        ],
    )
    hands = hands_of(game)
    assert hands["B"].penalty == 200
    assert hands["B"].basis == "no-meld-sufficient"
    assert hands["B"].rack == "R10 R11 R12 K1"
    assert hands["C"].penalty == 100
    assert hands["C"].could_meld is False
    assert hands["A"].score == 305


def test_audit_entry_keeps_the_facts_and_numbers(table, referee, play):
    game = play(table, "A", {"B": 5, "C": 6, "D": 7})
    entry = AuditEntry.objects.get(action="game.create", game=game)
    assert entry.actor == referee
    assert entry.table == table
    assert entry.changes["before"] == {}
    assert entry.changes["after"]["hands"]["B"]["rack_value"] == 5
    assert entry.changes["after"]["hands"]["A"]["score_sixtieths"] == 18 * 60


def test_correction_needs_the_version_seen(table, referee, play):
    play(table, "A", {"B": 5, "C": 6, "D": 7})
    hands = [
        PlayerInput("A", went_out=True),
        PlayerInput("B", rack_value=9),
        PlayerInput("C", rack_value=6),
        PlayerInput("D", rack_value=7),
    ]
    with pytest.raises(ServiceError) as refused:
        game_result_submit(actor=referee, table=table, game_number=1, ending="went-out", hands=hands)
    assert refused.value.code == "exists"
    with pytest.raises(ServiceError) as stale:
        game_result_submit(
            actor=referee, table=table, game_number=1, ending="went-out", hands=hands, expected_version=7
        )
    assert stale.value.code == "stale"
    game = game_result_submit(
        actor=referee, table=table, game_number=1, ending="went-out", hands=hands, expected_version=1
    )
    assert game.version == 2
    assert hands_of(game)["A"].score == 22
    entry = AuditEntry.objects.get(action="game.correct")
    assert entry.changes["before"]["hands"]["B"]["rack_value"] == 5
    assert entry.changes["after"]["hands"]["B"]["rack_value"] == 9


def test_games_are_recorded_in_order_and_no_more_than_the_match_has(finished_table, referee):
    with pytest.raises(ServiceError) as refused:
        game_result_submit(
            actor=referee,
            table=finished_table,
            game_number=4,
            ending="went-out",
            hands=[PlayerInput("A", went_out=True)] + [PlayerInput(s, rack_value=3) for s in "BCD"],
        )
    assert refused.value.code == "match-over"


def test_a_skipped_game_number_is_refused(table, referee):
    with pytest.raises(ServiceError) as refused:
        game_result_submit(
            actor=referee,
            table=table,
            game_number=2,
            ending="went-out",
            hands=[PlayerInput("A", went_out=True)] + [PlayerInput(s, rack_value=3) for s in "BCD"],
        )
    assert refused.value.code == "out-of-order"
    assert refused.value.field == "game_number"
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("hands", "code", "field"),
    [
        (
            [PlayerInput("A", went_out=True), PlayerInput("B", rack_value=3), PlayerInput("C", rack_value=3)],
            "seats",
            "hands",
        ),
        (
            [
                PlayerInput("A", went_out=True),
                PlayerInput("B", went_out=True),
                PlayerInput("C", rack_value=3),
                PlayerInput("D", rack_value=3),
            ],
            "engine:went-out-count",
            "hands",
        ),
        (
            [
                PlayerInput("A", went_out=True),
                PlayerInput("B", rack="R14"),
                PlayerInput("C", rack_value=3),
                PlayerInput("D", rack_value=3),
            ],
            "engine:bad-tile",
            "hands.B.rack",
        ),
        (
            [
                PlayerInput("A", went_out=True),
                PlayerInput("B"),
                PlayerInput("C", rack_value=3),
                PlayerInput("D", rack_value=3),
            ],
            "engine:missing-rack",
            "hands.B",
        ),
        (
            [
                PlayerInput("A", went_out=True),
                PlayerInput("B", rack_value=-4),
                PlayerInput("C", rack_value=3),
                PlayerInput("D", rack_value=3),
            ],
            "negative-rack-value",
            "hands",
        ),
        (
            [
                PlayerInput("A", went_out=True),
                PlayerInput("B", rack_value=5, made_initial_meld=False),
                PlayerInput("C", rack_value=3),
                PlayerInput("D", rack_value=3),
            ],
            "engine:could-meld-required",
            "hands.B.could_meld",
        ),
    ],
)
def test_bad_facts_are_refused_and_nothing_is_stored(table, referee, hands, code, field):
    with pytest.raises(ServiceError) as refused:
        game_result_submit(actor=referee, table=table, game_number=1, ending="went-out", hands=hands)
    assert refused.value.code == code
    assert refused.value.field == field
    assert not Game.objects.exists()
    assert not HandResult.objects.exists()
    assert not AuditEntry.objects.filter(action__startswith="game.").exists()


def test_unknown_ending_is_refused(table, referee):
    with pytest.raises(ServiceError) as refused:
        game_result_submit(
            actor=referee, table=table, game_number=1, ending="draw", hands=[PlayerInput("A", went_out=True)]
        )
    assert refused.value.field == "ending"


def test_refusals_are_translated(table, referee):
    hands = [
        PlayerInput("A", went_out=True),
        PlayerInput("B", rack="X9"),
        PlayerInput("C", rack_value=3),
        PlayerInput("D", rack_value=3),
    ]
    with translation.override("zh-hant"), pytest.raises(ServiceError) as refused:
        game_result_submit(actor=referee, table=table, game_number=1, ending="went-out", hands=hands)
    with translation.override("zh-hant"):
        message = str(refused.value.message)
    assert message != "A tile is not written correctly (for example R7, K13, J)."
    assert "R7" in message


def test_a_table_needs_enough_seated_players(organiser, round_, referee, players):
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    seat_assign(actor=organiser, table=table, player=players[0])
    with pytest.raises(ServiceError) as refused:
        game_result_submit(
            actor=referee,
            table=table,
            game_number=1,
            ending="went-out",
            hands=[PlayerInput("A", went_out=True)],
        )
    assert refused.value.code == "too-few-seats"


def test_nothing_changes_after_sign_off(finished_table, referee):
    table_sign_off(actor=referee, table=finished_table)
    hands = [PlayerInput("A", went_out=True)] + [PlayerInput(s, rack_value=3) for s in "BCD"]
    with pytest.raises(ServiceError) as refused:
        game_result_submit(
            actor=referee,
            table=finished_table,
            game_number=1,
            ending="went-out",
            hands=hands,
            expected_version=1,
        )
    assert refused.value.code == "signed-off"


def test_uno_table_plays_until_the_target(organiser, referee):
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
    game = game_result_submit(
        actor=referee,
        table=table,
        game_number=1,
        ending="went-out",
        hands=[PlayerInput("A", went_out=True), PlayerInput("B", rack="W R5")],
    )
    assert hands_of(game)["A"].score == 55
    with pytest.raises(ServiceError) as refused:
        game_result_submit(
            actor=referee,
            table=table,
            game_number=2,
            ending="went-out",
            hands=[PlayerInput("A", went_out=True), PlayerInput("B", rack="R5")],
        )
    assert refused.value.code == "match-over"
    assert table_sign_off(actor=referee, table=table).signed_off_by == referee
