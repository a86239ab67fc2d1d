"""The draw: the rules on random inputs, the objective against a brute force, determinism, standings,
first seats, and the requests it refuses."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seating import Draw, DrawRequest, Player, SeatingError, TableSize, draw, table_sizes
from tests.seating.seating_checks import (
    all_rounds,
    assert_round_keeps_rules,
    meetings,
    repeat_cost,
    same_school_pairs,
)

ROOT = Path(__file__).resolve().parents[2]
quick = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def requests(draw_: st.DrawFn, most_players: int = 18, most_rounds: int = 2) -> DrawRequest:
    largest = draw_(st.integers(2, 5))
    size = TableSize(largest, draw_(st.integers(2, largest)))
    count = draw_(st.integers(size.min, most_players))
    try:
        sizes = table_sizes(count, size)
    except SeatingError:
        sizes = (count,)
        size = TableSize(max(count, 2), max(count, 2))
    schools = draw_(st.lists(st.sampled_from([None, "A", "B", "C"]), min_size=count, max_size=count))
    points = draw_(st.lists(st.integers(0, 4), min_size=count, max_size=count))
    players = tuple(Player(f"p{i}", schools[i], float(points[i])) for i in range(count))
    history = []
    for _ in range(draw_(st.integers(0, 2))):
        order = draw_(st.permutations([p.id for p in players]))
        cut, tables = 0, []
        for s in sizes:
            tables.append(tuple(order[cut : cut + s]))
            cut += s
        history.append(tuple(tables))
    return DrawRequest(
        players=players,
        table_size=size,
        history=tuple(history),
        mode=draw_(st.sampled_from(["random", "by-standings"])),
        rounds=draw_(st.integers(1, most_rounds)),
        seed=draw_(st.integers(0, 2**31)),
    )


@quick
@given(requests())
def test_every_round_keeps_the_rules_and_a_seed_gives_the_same_draw(request):
    drawn = draw(request)
    assert len(drawn.rounds) == request.rounds
    for round_ in drawn.rounds:
        assert_round_keeps_rules(request.players, round_, request.table_size)
    assert drawn.report.same_school_pairs == drawn.report.same_school_pairs_min
    assert drawn.report.sizes_ok
    assert draw(request) == drawn


@settings(max_examples=40, deadline=None)
@given(requests(most_players=8, most_rounds=1))
def test_one_round_is_the_best_there_is(request):
    """On small inputs, every seating of the rule's sizes and school minimum is tried: none repeats less
    (by the weighted cost, consecutive repeats counting 11) than the draw."""
    if request.mode != "random":
        request = DrawRequest(request.players, request.table_size, request.history, "random", 1, request.seed)
    drawn = draw(request)
    ids = [p.id for p in request.players]
    sizes = table_sizes(len(ids), request.table_size)
    fewest = same_school_pairs(request.players, drawn.rounds[0])
    best = min(
        repeat_cost([*request.history, r])
        for r in all_rounds(ids, sizes)
        if same_school_pairs(request.players, r) == fewest
    )
    assert repeat_cost([*request.history, drawn.rounds[0]]) == best == drawn.report.repeat_cost


def test_a_missing_seed_is_chosen_reported_and_draws_the_same_again():
    players = tuple(Player(f"p{i}", "AB"[i % 2]) for i in range(17))
    first = draw(DrawRequest(players, TableSize(4, 3), rounds=2))
    again = draw(DrawRequest(players, TableSize(4, 3), rounds=2, seed=first.seed))
    assert again == first


def test_the_same_input_draws_the_same_in_another_process_whatever_its_string_hashing():
    document = {
        "players": [{"id": f"player-{i}", "school": f"school-{i % 5}", "points": i % 7} for i in range(41)],
        "history": [],
        "table_size": {"max": 4, "min": 3},
        "rounds": 3,
        "mode": "by-standings",
        "seed": 99,
    }
    outputs = set()
    for hash_seed in ("1", "2", "random"):
        finished = subprocess.run(
            [sys.executable, "-S", "-m", "seating", "draw"],
            input=json.dumps(document).encode(),
            cwd=ROOT,
            capture_output=True,
            timeout=120,
            check=True,
            env={"PYTHONHASHSEED": hash_seed, "PATH": "/usr/bin:/bin"},
        )
        outputs.add(finished.stdout)
    assert len(outputs) == 1


def _no_repeat(drawn: Draw) -> bool:
    return max(meetings(drawn.rounds).values()) == 1


@pytest.mark.parametrize("players, rounds", [(16, 5), (32, 8), (32, 9), (9, 4), (25, 6)])
def test_repeat_free_schedules_are_found_where_they_exist(players, rounds):
    largest = {16: 4, 32: 4, 9: 3, 25: 5}[players]
    drawn = draw(
        DrawRequest(
            tuple(Player(f"p{i}") for i in range(players)), TableSize(largest, largest), rounds=rounds, seed=5
        )
    )
    assert _no_repeat(drawn)
    assert drawn.report.repeat_pairs == 0
    assert drawn.report.max_meetings == 1


def test_the_school_event_round_by_round_has_no_same_school_pair_and_no_repeat():
    sizes = [40, 30, 25, 20, 15, 12, 10, 8]
    players = tuple(Player(f"s{s}-{k}", f"S{s}") for s, count in enumerate(sizes) for k in range(count))
    history: tuple = ()
    for number in range(4):
        drawn = draw(DrawRequest(players, TableSize(4, 3), history=history, seed=number))
        history += drawn.rounds
        assert drawn.report.same_school_pairs == 0
    assert max(meetings(history).values()) == 1


def _points(players, table):
    by_id = {p.id: p.points for p in players}
    return [by_id[p] for p in table]


def test_by_standings_seats_the_leaders_at_table_one_and_tables_in_order():
    players = tuple(Player(f"p{i}", points=float(100 - i)) for i in range(16))
    drawn = draw(DrawRequest(players, TableSize(4, 3), mode="by-standings", seed=3))
    tables = drawn.rounds[0]
    assert sorted(tables[0]) == ["p0", "p1", "p2", "p3"]
    averages = [sum(_points(players, t)) / len(t) for t in tables]
    assert averages == sorted(averages, reverse=True)


def test_by_standings_avoids_a_repeat_at_the_cost_of_the_order():
    players = tuple(Player(f"p{i}", points=float(100 - i)) for i in range(16))
    history = (
        (
            ("p0", "p1", "p2", "p3"),
            ("p4", "p5", "p6", "p7"),
            ("p8", "p9", "p10", "p11"),
            ("p12", "p13", "p14", "p15"),
        ),
    )
    drawn = draw(DrawRequest(players, TableSize(4, 3), history=history, mode="by-standings", seed=3))
    assert drawn.report.repeat_pairs == 0
    for table in drawn.rounds[0]:
        assert sorted(int(p[1:]) // 4 for p in table) == [0, 1, 2, 3], "one from each table of the last round"
    distance = sum(
        abs(number - int(p[1:]) // 4) for number, table in enumerate(drawn.rounds[0]) for p in table
    )
    assert distance == 20, "as close to the standings as a round without repeats can be"


def test_seat_a_goes_to_a_player_who_has_started_least():
    players = tuple(Player(f"p{i}") for i in range(12))
    history: tuple = ()
    for number in range(5):
        drawn = draw(DrawRequest(players, TableSize(4, 3), history=history, seed=number))
        starts = {p.id: 0 for p in players}
        for round_ in history:
            for table in round_:
                starts[table[0]] += 1
        for table in drawn.rounds[0]:
            assert starts[table[0]] == min(starts[p] for p in table)
        history += drawn.rounds
    assert drawn.report.first_seats_max - drawn.report.first_seats_min <= 1


def _refusal(request: DrawRequest) -> SeatingError:
    with pytest.raises(SeatingError) as refused:
        draw(request)
    return refused.value


def _players(count: int) -> tuple[Player, ...]:
    return tuple(Player(f"p{i}") for i in range(count))


@pytest.mark.parametrize(
    "request_, code, field",
    [
        (
            DrawRequest(_players(8), TableSize(4, 3), history=((("p1", "zz"),),)),
            "unknown-player",
            "history[0][0][1]",
        ),
        (DrawRequest((*_players(4), Player("p1")), TableSize(4, 3)), "duplicate-player", "players[4].id"),
        (
            DrawRequest(_players(8), TableSize(4, 3), history=((("p1", "p2"), ("p2",)),)),
            "player-twice-in-round",
            "history[0][1][0]",
        ),
        (DrawRequest(_players(5), TableSize(4, 3)), "impossible-sizes", "table_size"),
        (DrawRequest(_players(8), TableSize(3, 4)), "bad-table-size", "table_size"),
        (DrawRequest(_players(8), TableSize(4, 1)), "bad-table-size", "table_size.min"),
        (DrawRequest(_players(8), TableSize(4, 3), mode="swiss"), "bad-mode", "mode"),
        (DrawRequest(_players(8), TableSize(4, 3), rounds=0), "bad-rounds", "rounds"),
        (DrawRequest(_players(8), TableSize(4, 3), rounds=10**6), "bad-rounds", "rounds"),
        (DrawRequest(_players(8), TableSize(4, 3), seed=-1), "bad-seed", "seed"),
        (
            DrawRequest((Player("a", points=math.nan), *_players(7)), TableSize(4, 3)),
            "bad-points",
            "players[0].points",
        ),
        (
            DrawRequest((Player("a", points=math.inf), *_players(7)), TableSize(4, 3)),
            "bad-points",
            "players[0].points",
        ),
        (DrawRequest((Player(""), *_players(7)), TableSize(4, 3)), "bad-player-id", "players[0]"),
        (DrawRequest((), TableSize(4, 3)), "no-players", "players"),
        (DrawRequest(_players(2001), TableSize(4, 3)), "too-large", "players"),
        (DrawRequest(_players(1000), TableSize(4, 3), rounds=11), "too-large", "rounds"),
    ],
)
def test_bad_requests_are_refused_with_stable_codes(request_, code, field):
    refusal = _refusal(request_)
    assert (refusal.code, refusal.field) == (code, field)
