"""The exhaustive search: exact on examples, and equal to a brute-force oracle on random tiny racks."""

from __future__ import annotations

import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import SearchTooLarge
from scoring.meld import MAX_MELD, RESTORE, _searched
from scoring.rulesets import get_ruleset
from scoring.search import best_sets, by_tiles
from scoring.sets import read_tokens
from tests.scoring.engine_oracle import best_value


def searched(ruleset: str, rack: str, purpose: str = MAX_MELD):
    return _searched(get_ruleset(ruleset), tuple(rack.split()), purpose)


def test_meld_value_example_of_the_contract():
    meld = searched("hk-school", "R10 R11 R12 K1 B5")
    assert (meld.value, meld.sets, meld.unplaced) == (33, (("R10", "R11", "R12"),), ("K1", "B5"))


def test_a_joker_counts_the_best_tile_it_can_stand_for():
    assert searched("hk-school", "R10 R11 R12 J").value == 46


def test_long_runs_are_found_through_their_pieces():
    assert searched("standard", "K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13").value == 91


def test_two_copies_of_a_tile_can_meld_in_two_sets():
    meld = searched("hk-school", "R5 R5 B5 B5 K5 K5")
    assert meld.value == 30
    assert len(meld.sets) == 2


def test_twist_rack_with_every_special_joker():
    meld = searched("twist", "R3 R4 M R4 R3 J D C B5 B6 Y9 Y10 Y11 K13")
    assert meld.value == 14 + 18 + 30 + 52
    assert meld.unplaced == ()


def test_restore_places_the_most_tiles():
    meld = searched("hk-school", "R1 R2 R3 K7 J", RESTORE)
    assert meld.value == 4
    assert meld.unplaced == ("K7",)


def test_restore_prefers_more_tiles_over_more_value():
    result = best_sets(("R11", "R12", "R13", "K1", "R1", "B1", "Y1"), "KRBY", by_tiles, either_way=True)
    assert sum(len(s) for s in result.sets) == 7


def test_an_empty_rack_melds_nothing():
    assert searched("hk-school", "").value == 0


def _rack_strategy(ruleset: str, most: int) -> st.SearchStrategy[tuple[str, ...]]:
    deck = get_ruleset(ruleset).deck
    pool = [t for t in deck.all_tokens() for _ in range(deck.copies(t))]
    nearby = [t for t in pool if not t[1:].isdigit() or int(t[1:]) <= 5]
    return (
        st.lists(st.sampled_from(nearby), max_size=most)
        .filter(lambda rack: all(n <= deck.copies(t) for t, n in Counter(rack).items()))
        .map(tuple)
    )


def _check_against_oracle(ruleset: str, rack: tuple[str, ...]) -> None:
    rules = get_ruleset(ruleset)
    meld = _searched(rules, rack, MAX_MELD)
    either_way = rules.runs_either_way
    assert meld.value == best_value(rack, rules.colours, either_way=either_way)
    assert Counter(t for s in meld.sets for t in s) + Counter(meld.unplaced) == Counter(rack)
    assert sum(read_tokens(s, rules.colours, either_way).value for s in meld.sets) == meld.value
    placed = _searched(rules, rack, RESTORE)
    assert placed.value == best_value(rack, rules.colours, either_way=either_way, count_tiles=True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(_rack_strategy("hk-school", 6))
def test_search_equals_the_oracle_with_regular_jokers(rack):
    _check_against_oracle("hk-school", rack)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(_rack_strategy("twist", 7))
def test_search_equals_the_oracle_with_special_jokers(rack):
    _check_against_oracle("twist", rack)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(_rack_strategy("six-player", 6))
def test_search_equals_the_oracle_in_six_colours(rack):
    _check_against_oracle("six-player", rack)


def test_the_search_gives_up_clearly_beyond_its_budget(monkeypatch):
    monkeypatch.setattr("scoring.packing.MAX_POSITIONS", 5)
    rack = "R1 R2 R3 R4 R5 B1 B2 B3 K1 K2 K3 Y1 Y2 Y3 J D C M K9 Y11"
    with pytest.raises(SearchTooLarge) as caught:
        searched("twist", rack, RESTORE)
    assert caught.value.code == "search-too-large"


MIRROR_RICH = ["R3", "R4", "R5", "R6", "B4", "B5", "K5", "Y5", "D", "C", "J"]


@st.composite
def mirror_racks(draw: st.DrawFn) -> tuple[str, ...]:
    """Racks holding a mirror joker, pairs of neighbouring tiles and special jokers: long mirror sets fit."""
    rack = ["M"] + draw(st.lists(st.sampled_from(MIRROR_RICH), min_size=4, max_size=13))
    return tuple(t for t in rack if rack.count(t) <= get_ruleset("twist").deck.copies(t))


@settings(max_examples=int(os.environ.get("MIRROR_EXAMPLES", "60")), deadline=None)
@given(mirror_racks())
def test_leaving_out_mirror_sets_that_fall_into_pieces_loses_nothing(rack):
    """The mirror candidates stop at a cut into pieces at least as good; without that rule the answer is
    the same."""
    rules = get_ruleset("twist")
    pruned = [_searched(rules, rack, purpose).value for purpose in (MAX_MELD, RESTORE)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("scoring.mirror_candidates._cuttable", lambda walk: False)
        whole = [_searched(rules, rack, purpose).value for purpose in (MAX_MELD, RESTORE)]
    assert pruned == whole


def test_a_long_mirror_set_is_found_through_its_pieces():
    rack = "R3 R4 R5 R6 M R6 R5 R4 R3"
    assert searched("twist", rack).value == 36
    assert searched("twist", rack, RESTORE).unplaced == ()


def test_new_mirror_sets_are_candidates():
    """RULES.md: `R5 C B7 M B7 C R5` is valid, so all seven tiles can be laid."""
    assert searched("twist", "R5 B7 B7 R5 C C M", RESTORE).unplaced == ()
    assert searched("twist", "M B7 R4 B5 C").value == 14
