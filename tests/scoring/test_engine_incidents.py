"""Incidents: how many tiles or cards each one makes the player draw."""

from __future__ import annotations

import pytest

from scoring import ScoringError, get_ruleset, incident_draw


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
        ("twist", "incomplete-move-forgotten", 2, 2),
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
        (r, k.code)
        for r in ("hk-school", "twist")
        for k in get_ruleset(r).incidents
        if k.needs_tiles_left_over
    }
    assert needs == {("hk-school", "overtime-unrestorable"), ("twist", "incomplete-move-forgotten")}


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
