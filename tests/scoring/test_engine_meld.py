"""max_meld and restore: which path answers, and that a wrong fast answer never reaches the caller."""

from __future__ import annotations

import sys
import types
import warnings
from collections import Counter

import pytest

import scoring.meld as meld_module
from scoring import RulesetError, could_meld, max_meld, read_set, restore


class _Answer:
    def __init__(self, value: int, sets: tuple, unplaced: tuple) -> None:
        self.value, self.sets, self.unplaced = value, sets, unplaced


@pytest.fixture
def fake_solver(monkeypatch):
    """Replace scoring.solver by a stand-in that records its calls and answers what the test sets."""
    calls: list[tuple[str, list[str], str]] = []
    module = types.ModuleType("scoring.solver")
    module.answer = None

    def make(purpose: str):
        def solve(tiles, *, colours="KRBY"):
            calls.append((purpose, list(tiles), colours))
            return module.answer

        return solve

    module.max_meld, module.restore = make("max_meld"), make("restore")
    monkeypatch.setitem(sys.modules, "scoring.solver", module)
    monkeypatch.setattr("scoring.solver", module, raising=False)
    module.calls = calls
    return module


def test_regular_racks_go_to_the_fast_solver(fake_solver):
    fake_solver.answer = _Answer(33, (("R10", "R11", "R12"),), ("B5", "K1"))
    result = max_meld("hk-school", "r10 r11 r12 k1 b5")
    assert fake_solver.calls == [("max_meld", ["R10", "R11", "R12", "K1", "B5"], "KRBY")]
    assert (result.value, result.sets, result.unplaced) == (33, (("R10", "R11", "R12"),), ("K1", "B5"))


def test_six_player_passes_its_six_colours(fake_solver):
    fake_solver.answer = _Answer(3, (("G1", "G2", "J"),), ())
    restore("six-player", "G1 G2 J")
    assert fake_solver.calls[0][2] == "KRBYGP"


def test_special_jokers_never_reach_the_fast_solver(fake_solver):
    result = max_meld("twist", "R5 M R5 D")
    assert fake_solver.calls == []
    assert result.value == 10


def test_a_wrong_fast_answer_is_replaced_by_the_search(fake_solver):
    fake_solver.answer = _Answer(99, (("R10", "R11", "B12"),), ("K1", "B5"))
    with pytest.warns(UserWarning, match="wrong answer"):
        result = max_meld("hk-school", "R10 R11 R12 K1 B5")
    assert result.value == 33


def test_a_fast_answer_that_loses_tiles_is_replaced(fake_solver):
    fake_solver.answer = _Answer(3, (("R1", "R2", "R3"),), ())
    with pytest.warns(UserWarning):
        result = restore("hk-school", "R1 R2 R3 K7")
    assert result.unplaced == ("K7",)


def test_without_the_solver_the_search_answers(monkeypatch):
    monkeypatch.setattr(meld_module, "fast_solver", lambda purpose: None)
    assert max_meld("hk-school", "R10 R11 R12 J").value == 46


def test_the_real_solver_when_present_agrees_with_the_search(monkeypatch):
    rack = "R1 R2 R3 R4 K4 B4 Y4 J K9 K10 K11 B13"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fast = max_meld("hk-school", rack)
    monkeypatch.setattr(meld_module, "fast_solver", lambda purpose: None)
    assert fast.value == max_meld("hk-school", rack).value


def test_sets_read_back_to_the_value_and_come_from_the_rack():
    rack = "R1 R2 R3 R4 K4 B4 Y4 J K9 K10 K11 B13"
    result = max_meld("standard", rack)
    assert sum(read_set("standard", list(s)).value for s in result.sets) == result.value
    assert Counter(t for s in result.sets for t in s) + Counter(result.unplaced) == Counter(rack.split())


def test_restore_counts_tiles_placed():
    result = restore("twist", "R1 R2 R3 K7 C")
    assert result.value == 4
    assert result.unplaced == ("K7",)
    assert restore("twist", "R1 R2 R3 K7 J C").value == 6


def test_could_meld_uses_the_threshold_of_30():
    assert could_meld("hk-school", "R10 R11 R12")
    assert could_meld("hk-school", "R9 R10 R11 K1")
    assert not could_meld("hk-school", "R8 R9 R10 K1")


def test_uno_has_no_melds():
    with pytest.raises(RulesetError) as caught:
        max_meld("uno", "R1 R2 R3")
    assert caught.value.code == "unsupported-ruleset"
