"""Drawing a round on the site: preview, redraw, swap, commit; who goes on; refusals; the audit."""

from __future__ import annotations

import pytest

from core.errors import ServiceError
from core.models import AuditEntry
from referee.draws.selectors.draws import advancing_players, round_preview, round_seated_draw
from referee.draws.services.draws import (
    round_draw_commit,
    round_draw_preview,
    round_draw_redraw,
    round_draw_swap,
)
from referee.models import DrawStatus, RoundDraw, Table
from referee.play.services.results import game_result_submit
from referee.standings.selectors.standings import standings
from referee.tournaments.services.schedule import table_assign_referee
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
    return make_round(organiser, tournament, "第一輪")


def preview(organiser, round_, **options):
    options.setdefault("table_max", 4)
    options.setdefault("table_min", 3)
    return round_draw_preview(actor=organiser, round_=round_, **options)


def test_round_one_seats_every_registered_player_by_the_engine(organiser, first, field):
    draw = preview(organiser, first, seed=7)
    assert sorted(p for table in draw.tables for p in table) == sorted(str(p.number) for p in field)
    assert [len(table) for table in draw.tables] == [4, 3, 3, 3]
    assert draw.report["same_school_pairs"] == draw.report["same_school_pairs_min"]
    assert not Table.objects.filter(round=first).exists()  # a preview seats nobody
    round_draw_commit(actor=organiser, draw=draw)
    assert seated(first) == draw.tables
    assert round_seated_draw(first).request["seed"] == 7
    assert round_preview(first) is None


def test_the_request_is_the_command_lines_input_with_ids_and_codes_only(organiser, first, field):
    draw = preview(organiser, first, seed=11, mode="by-standings")
    assert set(draw.request) == {"players", "history", "table_size", "mode", "rounds", "seed"}
    assert draw.request["players"][0] == {"id": "1", "school": "HSP", "points": 0}
    assert draw.request["table_size"] == {"max": 4, "min": 3}


def test_a_draw_by_lot_publishes_no_standings_points(organiser, first, field):
    """The engine reads points only by standings; a draw by lot must not put the unreleased order in its
    public input."""
    draw = preview(organiser, first, seed=11, mode="random")
    assert draw.request["players"][0] == {"id": "1", "school": "HSP"}


def test_the_same_seed_draws_the_same_tables(organiser, first, field):
    once = preview(organiser, first, seed=3).tables
    again = round_draw_redraw(actor=organiser, draw=round_preview(first), seed=3).tables
    assert once == again
    other = round_draw_redraw(actor=organiser, draw=round_preview(first), seed=4)
    assert RoundDraw.objects.filter(round=first, status=DrawStatus.PREVIEW).count() == 1
    assert other.seed == 4


def school_pairs(tables, schools) -> int:
    """Same-school pairs counted here, independently of the engine."""
    return sum(
        1
        for table in tables
        for i, one in enumerate(table)
        for other in table[i + 1 :]
        if schools[one] == schools[other]
    )


def test_a_swap_by_hand_moves_two_players_and_the_report_follows(organiser, first, field):
    draw = preview(organiser, first, seed=7)
    schools = {p["id"]: p["school"] for p in draw.request["players"]}
    where = {p: t for t, table in enumerate(draw.tables) for p in table}

    def after_swap(one, two):
        tables = [list(table) for table in draw.tables]
        tables[where[one]][tables[where[one]].index(one)] = two
        tables[where[two]][tables[where[two]].index(two)] = one
        return tables

    one, two = next(
        (one, two)
        for one in schools
        for two in schools
        if where[one] < where[two]
        and school_pairs(after_swap(one, two), schools) > school_pairs(draw.tables, schools)
    )
    swapped = round_draw_swap(actor=organiser, draw=draw, first=one, second=two)
    assert swapped.tables == after_swap(one, two)
    assert swapped.report["same_school_pairs"] == school_pairs(swapped.tables, schools)
    assert swapped.report["same_school_pairs"] > swapped.report["same_school_pairs_min"]
    assert swapped.swaps == [[one, two]]
    assert AuditEntry.objects.filter(action="round.draw_swap").exists()


@pytest.mark.parametrize(
    ("first_id", "second_id", "code"), [("1", "1", "same-player"), ("1", "99", "not-drawn")]
)
def test_bad_swaps_are_refused(organiser, first, field, first_id, second_id, code):
    draw = preview(organiser, first, seed=7)
    with pytest.raises(ServiceError) as refused:
        round_draw_swap(actor=organiser, draw=draw, first=first_id, second=second_id)
    assert refused.value.code == code


def test_commit_keeps_referees_on_their_table_numbers(
    organiser, tournament, first, field, referee, other_referee
):
    draw_and_seat(organiser, first, seed=7)
    tables = Table.objects.filter(round=first).order_by("number")
    table_assign_referee(actor=organiser, table=tables[0], referee=referee)
    table_assign_referee(actor=organiser, table=tables[2], referee=other_referee)
    second = make_round(organiser, tournament, "第二輪")
    draw_and_seat(organiser, second, seed=8)
    referees = dict(Table.objects.filter(round=second).values_list("number", "referee"))
    assert referees == {1: referee.pk, 2: None, 3: other_referee.pk, 4: None}


def test_a_round_cannot_be_drawn_again_once_a_game_is_saved(organiser, first, field):
    draw_and_seat(organiser, first, seed=7)
    preview(organiser, first, seed=9)  # before play, a redraw is allowed
    table = Table.objects.filter(round=first).first()
    letters = list(table.seats.values_list("letter", flat=True))
    game_result_submit(
        actor=organiser,
        table=table,
        game_number=1,
        ending="went-out",
        hands=[services_hand(letter, "A", i) for i, letter in enumerate(letters)],
    )
    with pytest.raises(ServiceError) as refused:
        preview(organiser, first, seed=10)
    assert refused.value.code == "in-play"
    with pytest.raises(ServiceError) as refused:
        round_draw_commit(actor=organiser, draw=round_preview(first))
    assert refused.value.code == "in-play"


def test_commit_is_audited_with_the_seed(organiser, first, field):
    draw_and_seat(organiser, first, seed=21)
    entry = AuditEntry.objects.get(action="round.draw")
    assert entry.changes["after"]["seed"] == 21
    assert entry.changes["after"]["table_count"] == 4


def test_table_winners_go_on(organiser, tournament, first, field):
    draw_and_seat(organiser, first, seed=7)
    play_round(organiser, first)
    final = make_round(organiser, tournament, "決賽")
    draw = preview(organiser, final, rule="table-winners", seed=1)
    winners = [table[0] for table in round_seated_draw(first).tables]
    assert sorted(p for table in draw.tables for p in table) == sorted(winners)


def test_table_winners_wait_for_final_results(organiser, tournament, first, field):
    draw_and_seat(organiser, first, seed=7)
    final = make_round(organiser, tournament, "決賽")
    with pytest.raises(ServiceError) as refused:
        preview(organiser, final, rule="table-winners", seed=1)
    assert refused.value.code == "undecided"


def test_top_n_with_a_cap_per_school(organiser, tournament, first, field):
    draw_and_seat(organiser, first, seed=7)
    play_round(organiser, first)
    second = make_round(organiser, tournament, "第二輪")
    draw = preview(organiser, second, rule="top", top=8, school_cap=1, table_min=2, table_max=3, seed=1)
    schools = [p["school"] for p in draw.request["players"]]
    assert sorted(schools) == ["HSP", "PKS", "RVS"]


def numbers(players) -> list[int]:
    return [player.number for player in players]


def test_who_goes_on_is_chosen_by_standings_but_listed_by_number(organiser, tournament, first, field):
    """The draw's input is public before the standings are: the order it lists players in must not be
    theirs. The top N and the cap per school still take the best."""
    draw_and_seat(organiser, first, seed=7)
    play_round(organiser, first)
    second = make_round(organiser, tournament, "第二輪")
    rows = standings(tournament)
    assert numbers(row.player for row in rows) != sorted(row.number for row in rows)
    everyone = advancing_players(second, rule="everyone")
    assert numbers(everyone.players) == sorted(player.number for player in field)
    top = advancing_players(second, rule="top", top=4)
    assert numbers(top.players) == sorted(row.number for row in rows if row.rank <= 4)
    capped = advancing_players(second, rule="everyone", school_cap=1)
    best = {}
    for row in rows:
        best.setdefault(row.school_code, row.number)
    assert numbers(capped.players) == sorted(best.values())
    assert top.points == {row.player_id: len(rows) - row.rank + 1 for row in rows if row.rank <= 4}


def test_a_draws_input_lists_players_by_number_whatever_the_mode(organiser, tournament, first, field):
    draw_and_seat(organiser, first, seed=7)
    play_round(organiser, first)
    second = make_round(organiser, tournament, "第二輪")
    for mode in ("random", "by-standings"):
        draw = preview(organiser, second, mode=mode, seed=12345)
        ids = [player["id"] for player in draw.request["players"]]
        assert ids == sorted(ids, key=int), mode
    points = {player["id"]: player["points"] for player in draw.request["players"]}
    assert max(points, key=points.__getitem__) == str(standings(tournament)[0].number)


def test_absent_players_are_left_out_and_a_player_gone_since_the_preview_stops_the_commit(
    organiser, first, field
):
    field[0].attendance = "absent"
    field[0].save()
    draw = preview(organiser, first, seed=7)
    assert "1" not in [p for table in draw.tables for p in table]
    field[1].attendance = "withdrawn"
    field[1].save()
    with pytest.raises(ServiceError) as refused:
        round_draw_commit(actor=organiser, draw=draw)
    assert refused.value.code == "player-gone"


@pytest.mark.parametrize(
    ("options", "field_name"),
    [
        ({"table_max": 5}, "table_max"),
        ({"table_min": 1}, "table_min"),
        ({"table_min": 4, "table_max": 3}, "table_min"),
        ({"seed": -1}, "seed"),
        ({"mode": "alphabetical"}, "mode"),
        ({"rule": "top", "top": None}, "top"),
        ({"rule": "table-winners"}, "rule"),
    ],
)
def test_bad_options_are_refused_on_their_field(organiser, first, field, options, field_name):
    with pytest.raises(ServiceError) as refused:
        preview(organiser, first, **options)
    assert refused.value.field == field_name


def test_impossible_sizes_are_explained(organiser, first, field):
    with pytest.raises(ServiceError) as refused:
        preview(organiser, first, table_min=4, table_max=4)
    assert refused.value.code == "seating-impossible-sizes"


def test_only_organisers_draw(first, field, referee):
    with pytest.raises(ServiceError) as refused:
        preview(referee, first)
    assert refused.value.code == "forbidden"
