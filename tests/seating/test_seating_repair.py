"""Repair: the rules kept, the fewest moves (against a brute force over every seating), the moves listed
as they happen, and the requests it refuses."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seating import Player, RepairRequest, SeatingError, TableSize, repair, table_sizes
from tests.seating.seating_checks import (
    all_rounds,
    assert_round_keeps_rules,
    fewest_pairs_brute,
    same_school_pairs,
)


def brute_fewest_moves(request: RepairRequest) -> int:
    """Every seating of the remaining players at the current tables (and new ones), every table given
    every size the rule allows: the fewest who change table among those at the same-school minimum."""
    gone = set(request.withdrawn)
    staying = [[p for p in table if p not in gone] for table in request.current]
    people = [p for table in staying for p in table] + list(request.added)
    sizes = table_sizes(len(people), request.table_size)
    slots = max(len(request.current), len(sizes))
    origin = {p: t for t, table in enumerate(staying) for p in table}
    fewest = fewest_pairs_brute([p.school for p in request.players if p.id in set(people)], sizes)
    best = None
    for layout in set(itertools.permutations([*sizes, *[0] * (slots - len(sizes))])):
        used = [slot for slot in range(slots) if layout[slot]]
        for tables in all_rounds(people, [layout[slot] for slot in used]):
            if same_school_pairs(request.players, tables) != fewest:
                continue
            seat = {p: slot for slot, table in zip(used, tables, strict=True) for p in table}
            moves = sum(1 for p in people if p in origin and origin[p] != seat[p])
            best = moves if best is None else min(best, moves)
    assert best is not None
    return best


@st.composite
def repairs(draw: st.DrawFn) -> RepairRequest:
    largest = draw(st.integers(2, 4))
    size = TableSize(largest, draw(st.integers(2, largest)))
    count = draw(st.integers(size.min, 7))
    schools = draw(st.lists(st.sampled_from([None, "A", "B"]), min_size=count + 2, max_size=count + 2))
    players = tuple(Player(f"p{i}", schools[i]) for i in range(count + 2))
    try:
        sizes = table_sizes(count, size)
    except SeatingError:
        sizes = (count,)
        size = TableSize(max(2, count), max(2, count))
    order = draw(st.permutations([f"p{i}" for i in range(count)]))
    cut, current = 0, []
    for s in sizes:
        current.append(tuple(order[cut : cut + s]))
        cut += s
    withdrawn = draw(st.lists(st.sampled_from(order), max_size=3, unique=True))
    added = draw(st.lists(st.sampled_from([f"p{count}", f"p{count + 1}"]), max_size=2, unique=True))
    return RepairRequest(
        players,
        tuple(current),
        size,
        withdrawn=tuple(withdrawn),
        added=tuple(added),
        seed=draw(st.integers(0, 99)),
    )


@settings(
    max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(repairs())
def test_a_repair_keeps_the_rules_with_the_fewest_moves(request):
    remaining = len({p for t in request.current for p in t} - set(request.withdrawn)) + len(request.added)
    try:
        table_sizes(remaining, request.table_size)
    except SeatingError as refusal:
        with pytest.raises(SeatingError) as refused:
            repair(request)
        assert refused.value.code == refusal.code
        return
    repaired = repair(request)
    seated_ids = {p for t in request.current for p in t} - set(request.withdrawn) | set(request.added)
    players = [p for p in request.players if p.id in seated_ids]
    assert_round_keeps_rules(players, tuple(t for t in repaired.tables if t), request.table_size)
    assert repaired.moves_minimal
    moved = [m for m in repaired.moves if m.origin is not None]
    assert len(moved) == brute_fewest_moves(request)
    assert repaired.report.same_school_pairs == repaired.report.same_school_pairs_min
    assert repair(request) == repaired


def _current(players: int, width: int = 4) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(f"p{i}" for i in range(start, start + width)) for start in range(0, players, width))


def test_the_moves_say_where_each_player_sits():
    players = tuple(Player(f"p{i}") for i in range(16))
    current = _current(16)
    repaired = repair(
        RepairRequest(players, current, TableSize(4, 3), withdrawn=("p1", "p5", "p9", "p13"), seed=1)
    )
    assert sum(1 for t in repaired.tables if t) == 3, "12 players sit at three full tables"
    assert len(repaired.moves) == 3
    for move in repaired.moves:
        table, seat = move.origin
        assert current[table][seat] == move.player
        table, seat = move.target
        assert repaired.tables[table][seat] == move.player
    emptied = [number for number, t in enumerate(repaired.tables) if not t]
    assert len(emptied) == 1
    assert all(m.origin[0] == emptied[0] for m in repaired.moves)


def test_a_late_arrival_takes_the_empty_seat_and_nobody_moves():
    players = tuple(Player(f"p{i}") for i in range(17))
    current = _current(16)
    repaired = repair(
        RepairRequest(players, current, TableSize(4, 3), withdrawn=("p6",), added=("p16",), seed=1)
    )
    assert repaired.tables[1] == ("p4", "p5", "p16", "p7")
    assert [(m.player, m.origin, m.target) for m in repaired.moves] == [("p16", None, (1, 2))]


def test_players_who_stay_keep_their_seat_order_and_no_move_is_needed_when_sizes_allow():
    players = tuple(Player(f"p{i}") for i in range(16))
    repaired = repair(RepairRequest(players, _current(16), TableSize(4, 3), withdrawn=("p0",), seed=1))
    assert repaired.tables[0] == ("p1", "p2", "p3")
    assert repaired.moves == ()
    assert repaired.report.by_round[0].unseated == ("p0",)


def test_the_school_minimum_can_cost_a_move():
    # p2 withdraws and p17 of school A arrives: the only empty seat is at p0's table (school A too), and
    # three players of A at four tables need not pair, so someone must change table.
    players = tuple(Player(f"p{i}", "A" if i in (0, 1, 17) else f"S{i}") for i in range(18))
    players = (*players[:17], Player("p17", "A"))
    current = (
        ("p0", "p4", "p2", "p3"),
        ("p1", "p5", "p6", "p7"),
        ("p8", "p9", "p10", "p11"),
        ("p12", "p13", "p14", "p15"),
    )
    players = tuple(p for p in players if p.id != "p16")
    repaired = repair(
        RepairRequest(players, current, TableSize(4, 3), withdrawn=("p2",), added=("p17",), seed=1)
    )
    assert repaired.report.same_school_pairs == 0
    assert sum(1 for m in repaired.moves if m.origin is not None) == 1


def test_new_repeats_are_avoided_when_the_moves_allow():
    players = tuple(Player(f"p{i}") for i in range(12))
    history = ((("p0", "p4", "p8"), ("p1", "p5", "p9"), ("p2", "p6", "p10"), ("p3", "p7", "p11")),)
    current = (("p0", "p1", "p2"), ("p3", "p4", "p5"), ("p6", "p7", "p8"), ("p9", "p10", "p11"))
    repaired = repair(
        RepairRequest(
            players, current, TableSize(3, 3), history=history, withdrawn=("p0", "p1", "p2"), seed=4
        )
    )
    assert sum(1 for t in repaired.tables if t) == 3
    assert repaired.report.by_round[0].new_repeat_pairs == 0


def _refused(request: RepairRequest) -> tuple[str, str | None]:
    with pytest.raises(SeatingError) as refused:
        repair(request)
    return refused.value.code, refused.value.field


def test_bad_repairs_are_refused_with_stable_codes():
    players = tuple(Player(f"p{i}") for i in range(9))
    current = _current(8)
    size = TableSize(4, 3)
    assert _refused(RepairRequest(players, current, size, withdrawn=("p8",))) == (
        "not-seated",
        "withdrawn[0]",
    )
    assert _refused(RepairRequest(players, current, size, added=("p1",))) == ("already-seated", "added[0]")
    assert _refused(RepairRequest(players, current, size, added=("x",))) == ("unknown-player", "added[0]")
    assert _refused(RepairRequest(players, current, size, withdrawn=("p1", "p1"))) == (
        "duplicate-player",
        "withdrawn[1]",
    )
    assert _refused(RepairRequest(players, (("p1", "p1"),), size)) == (
        "player-twice-in-round",
        "current[0][1]",
    )
    assert _refused(RepairRequest(players, current, size, withdrawn=("p1", "p2", "p3"))) == (
        "impossible-sizes",
        "table_size",
    )
