"""The tile pad's buttons come from each ruleset's own set: its colours, its numbers or card faces, its
jokers; and the site hands what was typed to the engine's parser unchanged."""

from __future__ import annotations

import pytest
from django.urls import reverse

import scoring
from referee.models import Game
from referee.play.forms.pad import pad_layout
from referee.play.forms.tiles import tile_errors


def keys(key: str):
    layout = pad_layout(scoring.get_ruleset(key))
    return (
        [pad.token for pad in layout.colours],
        layout.faces,
        [pad.token for pad in layout.singles],
    )


def test_the_pad_of_each_ruleset():
    numbers = [str(n) for n in range(1, 14)]
    assert keys("hk-school") == (list("KRBY"), numbers, ["J"])
    assert keys("six-player") == (list("KRBYGP"), numbers, ["J"])
    assert keys("twist") == (list("KRBY"), numbers, ["J", "D", "C", "M"])
    assert keys("uno") == (list("RGBY"), list("0123456789SRD"), ["W", "W4"])


def test_the_table_page_draws_the_pad(referee_client, table):
    page = referee_client.get(reverse("referee:table", args=[table.pk])).content.decode()
    assert 'id="tile-pad"' in page
    assert 'data-colour="Y"' in page
    assert 'data-face="13"' in page
    assert 'data-token="J"' in page
    assert "黑" in page


def game_post(rack_a: str, rack_d: str) -> dict:
    return {
        "action": "save-game",
        "game_number": "1",
        "ending": "went-out",
        "went_out": "B",
        "submission": "k1",
        "rack_A": rack_a,
        "rack_value_C": "61",
        "rack_D": rack_d,
        **{f"made_initial_meld_{letter}": "on" for letter in "ABCD"},
    }


def test_spaced_tiles_are_saved_as_typed(referee_client, table):
    response = referee_client.post(reverse("referee:table", args=[table.pk]), game_post("r3 k4", "J B10 Y10"))
    assert response.status_code == 302
    hands = {hand.seat.letter: hand for hand in Game.objects.get().hands.select_related("seat")}
    assert (hands["A"].rack, hands["A"].score) == ("R3 K4", -7)


ENGINE_READINGS = [
    ("R3K4", "JB10Y10"),
    ("R3，K4", "J，B10，Y10"),
    ("R3、K4", "J、B10、Y10"),
    ("紅3 黑4", "百搭 藍10 黃10"),
    ("紅3黑4", "百搭藍10橙10"),
]


@pytest.mark.parametrize(("rack_a", "rack_d"), ENGINE_READINGS)
def test_tiles_as_a_referee_types_them_reach_the_engine_unchanged(referee_client, table, rack_a, rack_d):
    """The form neither splits nor refuses what the engine's parser reads (scoring/lexer.py on the engine's
    branch): R3K4, Chinese commas and 、, colour words and 百搭 are the seed's game 1."""
    response = referee_client.post(reverse("referee:table", args=[table.pk]), game_post(rack_a, rack_d))
    assert response.status_code == 302, response.context["entry_form"].errors
    hands = {hand.seat.letter: hand for hand in Game.objects.get().hands.select_related("seat")}
    assert (hands["A"].rack, hands["D"].rack) == ("R3 K4", "J B10 Y10")
    assert [hands[letter].score for letter in "ABCD"] == [-7, 118, -61, -50]


@pytest.mark.parametrize("typed", ["R3K4", "R3，K4", "R3、K4", "紅3黑4"])
def test_the_form_checks_tiles_as_the_engine_reads_them(typed):
    assert tile_errors(scoring.get_ruleset("hk-school"), {"rack_A": typed}) == {}


def test_the_form_names_a_tile_the_set_lacks():
    errors = tile_errors(scoring.get_ruleset("hk-school"), {"rack_A": "R3 R14"})
    assert "R14" in errors["rack_A"]
