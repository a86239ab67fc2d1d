"""Incidents: how many tiles or cards each one makes the player draw."""

from __future__ import annotations

import pytest

from scoring import RulesetOptions, ScoringError, all_rulesets, get_ruleset, incident_draw, restore


@pytest.mark.parametrize(
    "ruleset, code, left_over, draw",
    [
        ("hk-school", "overtime", None, 3),
        ("hk-school", "overtime-unrestorable", 4, 7),
        ("hk-school", "overtime-unrestorable", 0, 3),
        ("hk-school", "redeal-request", None, 0),
        ("hk-school", "exposed-tile", None, 1),
        ("standard", "overtime", None, 1),
        ("standard", "incomplete-move", None, 3),
        ("six-player", "overtime", None, 3),
        ("twist", "overtime", None, 1),
        ("twist", "incomplete-move", None, 3),
        ("twist", "incomplete-move-forgotten", None, 3),
        ("uno", "uno-not-called", None, 2),
        ("uno", "advised-player", None, 2),
        ("uno", "wrong-card", None, 2),
        ("uno", "illegal-wild-draw-four", None, 4),
        ("uno", "failed-challenge", None, 6),
    ],
)
def test_draws_per_incident(ruleset, code, left_over, draw):
    assert incident_draw(ruleset, code, left_over) == draw


def test_only_incidents_that_need_it_ask_for_tiles_left_over():
    needs = {
        (r.key, k.code)
        for r in (*all_rulesets(), get_ruleset("twist", STRICT))
        for k in r.incidents
        if k.needs_tiles_left_over
    }
    assert needs == {("hk-school", "overtime-unrestorable"), ("twist", "incomplete-move-forgotten")}
    counted = {(r.key, k.code) for r in all_rulesets() for k in r.incidents if k.counted_by_restore}
    assert counted == {("hk-school", "overtime-unrestorable")}


STRICT = RulesetOptions(strict=True)


class TestTwistStrictRule:
    """Seed 000: 如果有剩下的牌已經不記得原來擺放的位置，就將其放回共用牌堆
    （比賽加嚴規則：遊戲者可以規定剩下多少塊牌，就要從共用牌堆拿一樣數目的牌作為懲罰）.
    RULES.md: the 3 of an incomplete move plus N (3 + N)."""

    def test_without_the_strict_rule_forgotten_tiles_go_back_to_the_pool_and_the_move_costs_3(self):
        assert incident_draw("twist", "incomplete-move-forgotten") == 3
        assert incident_draw("twist", "incomplete-move-forgotten", 4) == 3

    def test_the_strict_rule_costs_3_plus_the_tiles_left_over(self):
        strict = get_ruleset("twist", STRICT)
        assert incident_draw(strict, "incomplete-move-forgotten", 0) == 3
        assert incident_draw(strict, "incomplete-move-forgotten", 2) == 5
        with pytest.raises(ScoringError) as caught:
            incident_draw(strict, "incomplete-move-forgotten")
        assert caught.value.code == "missing-tiles-left-over"

    def test_the_tiles_left_over_may_be_counted_by_the_restore(self):
        strict = get_ruleset("twist", STRICT)
        kind = strict.incident("incomplete-move-forgotten")
        assert kind is not None
        assert kind.counted_by_restore
        assert kind.needs_tiles_left_over
        left_over = len(restore(strict, "R5 C B7 M B7 C R5 K1 Y9").unplaced)
        assert incident_draw(strict, "incomplete-move-forgotten", left_over) == 5

    def test_the_other_incidents_are_the_same_under_the_strict_rule(self):
        strict = get_ruleset("twist", STRICT)
        assert incident_draw(strict, "overtime") == 1
        assert incident_draw(strict, "incomplete-move") == 3

    def test_the_strict_rule_is_twist_s_alone(self):
        with pytest.raises(ScoringError) as caught:
            get_ruleset("hk-school", STRICT)
        assert (caught.value.code, caught.value.field) == ("unsupported-option", "options.strict")
        assert get_ruleset("hk-school", RulesetOptions(strict=False)) == get_ruleset("hk-school")


def test_tiles_left_over_is_ignored_where_not_needed():
    assert incident_draw("hk-school", "overtime", 5) == 3


@pytest.mark.parametrize(
    "ruleset, code, left_over, error",
    [
        ("hk-school", "incomplete-move", None, "unknown-incident"),
        ("uno", "overtime", None, "unknown-incident"),
        ("hk-school", "overtime-unrestorable", None, "missing-tiles-left-over"),
        ("hk-school", "overtime-unrestorable", -1, "bad-tiles-left-over"),
        ("hk-school", "overtime-unrestorable", 500, "bad-tiles-left-over"),
        ("nope", "overtime", None, "unknown-ruleset"),
    ],
)
def test_refusals(ruleset, code, left_over, error):
    with pytest.raises(ScoringError) as caught:
        incident_draw(ruleset, code, left_over)
    assert caught.value.code == error
