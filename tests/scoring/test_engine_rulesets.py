"""The registry and what each ruleset declares (the shared contract's attributes)."""

from __future__ import annotations

import pytest

from scoring import RulesetError, all_rulesets, get_ruleset


def test_registry_order_is_fixed():
    assert [r.key for r in all_rulesets()] == ["hk-school", "standard", "six-player", "twist", "uno"]


def test_unknown_ruleset_is_a_stable_error():
    with pytest.raises(RulesetError) as caught:
        get_ruleset("mahjong")
    assert caught.value.code == "unknown-ruleset"


@pytest.mark.parametrize(
    "key, players, match_format, games, target",
    [
        ("hk-school", (2, 4), "fixed-games", 3, None),
        ("standard", (2, 4), "rounds", None, None),
        ("six-player", (2, 6), "rounds", None, None),
        ("twist", (2, 4), "rounds", None, None),
        ("uno", (2, 10), "target", None, 500),
    ],
)
def test_ruleset_attributes(key, players, match_format, games, target):
    ruleset = get_ruleset(key)
    assert (ruleset.min_players, ruleset.max_players) == players
    assert ruleset.match_format == match_format
    assert ruleset.default_games_per_table == games
    assert ruleset.default_target == target
    assert ruleset.is_rummikub == (key != "uno")
    assert isinstance(ruleset.name, str)
    assert ruleset.name


def test_only_hk_school_has_the_no_meld_penalties():
    assert [r.key for r in all_rulesets() if r.no_meld_penalty] == ["hk-school"]
    penalty = get_ruleset("hk-school").no_meld_penalty
    assert (penalty.could_not, penalty.could) == (100, 200)


def test_every_incident_has_a_code_and_an_english_name():
    for ruleset in all_rulesets():
        codes = [kind.code for kind in ruleset.incidents]
        assert codes
        assert len(codes) == len(set(codes))
        assert all(kind.name for kind in ruleset.incidents)
