"""The history's lines: only what changed, in the page's language."""

from __future__ import annotations

from django.utils import translation

from referee.templatetags.referee_tags import tile_chips
from referee.wording.changes import change_lines

BEFORE = {
    "number": 1,
    "ending": "went-out",
    "version": 1,
    "hands": {
        "A": {
            "went_out": False,
            "rack": "R3 K4",
            "rack_value": None,
            "made_initial_meld": True,
            "score_sixtieths": -420,
        },
        "B": {
            "went_out": True,
            "rack": "",
            "rack_value": None,
            "made_initial_meld": True,
            "score_sixtieths": 420,
        },
    },
}


def test_a_correction_lists_only_what_changed():
    after = {
        **BEFORE,
        "version": 2,
        "hands": {**BEFORE["hands"], "A": {**BEFORE["hands"]["A"], "rack": "R3 K5", "score_sixtieths": -480}},
    }
    after["hands"]["B"] = {**BEFORE["hands"]["B"], "score_sixtieths": 480}
    with translation.override("en"):
        lines = change_lines("game.correct", {"before": BEFORE, "after": after}, "hk-school")
    assert lines == ["A: tiles R3 K4 → R3 K5; score -7 → -8", "B: score +7 → +8"]


def test_a_new_game_lists_what_was_entered():
    with translation.override("zh-hant"):
        lines = change_lines("game.create", {"before": {}, "after": BEFORE}, "hk-school")
    assert lines == ["有人出完牌", "甲：剩牌 R3 K4；得分 -7", "乙：出完牌；得分 +7"]


def test_incidents_and_draws():
    with translation.override("en"):
        incident = change_lines(
            "incident.record", {"after": {"seat": "C", "kind": "overtime", "tiles_drawn": 3}}, "hk-school"
        )
        draws = change_lines("seat.draws", {"after": {"A": 9, "B": None}}, "hk-school")
    assert incident == ["C: Turn over one minute: table restored, draws 3"]
    assert draws == ["A 9, B —"]
    with translation.override("zh-hant"):
        draws = change_lines("seat.draws", {"after": {"A": 9, "B": 4}}, "hk-school")
        tie_break = change_lines("table.tie_break", {"after": {"tie_winner": "B", "tie_break": "抽籤"}}, "")
        seated = {"after": {"letter": "A", "player": 7}}
        seat = change_lines("seat.assign", seated, "", {"players": {7: "王五"}})
    assert draws == ["甲 9、乙 4"]
    assert tie_break == ["乙：抽籤"]
    assert seat == ["甲：王五"]


def test_tiles_show_as_coloured_chips_and_are_escaped():
    html = tile_chips("R7 J <b>")
    assert '<span class="tile tile-R">R7</span>' in html
    assert '<span class="tile tile-J">J</span>' in html
    assert "<b>" not in html
    assert "&lt;b&gt;" in html


def test_a_new_table_shows_no_raw_field_names():
    """The action's own label ("Table added") says it all; "round: 7" would show a database key."""
    with translation.override("zh-hant"):
        assert change_lines("table.create", {"after": {"round": 7, "number": 3}}, "hk-school") == []
