"""Corrections that keep what is true (issue 33, item 3): changing who went out keeps every other fact as it
was, the player who went out is always treated as having melded, and the preview names each score that
changes and why before anything is saved."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.models import Game, HandResult

GAME_1 = {
    "action": "save-game",
    "game_number": "1",
    "ending": "went-out",
    "went_out": "A",
    "submission": "first",
    "rack_B": "R3 K4",
    "rack_value_C": "61",
    "rack_D": "J B10 Y10",
    "made_initial_meld_B": "on",
    "made_initial_meld_C": "on",
    "made_initial_meld_D": "on",
}  # A's box is not posted: its line is hidden once A is marked as gone out, and it was left unticked


def url(table) -> str:
    return reverse("referee:table", args=[table.pk])


def correction_from_the_page(client, table, **changes) -> dict:
    """What the correction form posts: every value it shows, with the referee's changes on top."""
    form = client.get(url(table) + "?game=1").context["entry_form"]
    data = {"action": "save-game", "submission": "second"}
    for name, field in form.fields.items():
        value = form[name].value()
        if name == "submission":
            continue
        if field.widget.input_type == "checkbox":
            if value:
                data[name] = "on"
        elif value not in (None, ""):
            data[name] = str(value)
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return data


def test_the_player_who_went_out_is_stored_as_having_melded(referee_client, table):
    assert referee_client.post(url(table), GAME_1).status_code == 302
    assert HandResult.objects.get(game__number=1, seat__letter="A").made_initial_meld


def test_the_correction_form_shows_the_former_winner_as_melded(referee_client, table):
    referee_client.post(url(table), GAME_1)
    HandResult.objects.filter(seat__letter="A").update(made_initial_meld=False)  # as stored before the fix
    form = referee_client.get(url(table) + "?game=1").context["entry_form"]
    assert form["made_initial_meld_A"].value() is True


def test_changing_who_went_out_scores_the_former_winner_by_their_rack(referee_client, table):
    """The issue's case: the preview silently scored the former winner -100 instead of their rack."""
    referee_client.post(url(table), GAME_1)
    HandResult.objects.filter(seat__letter="A").update(made_initial_meld=False)
    data = correction_from_the_page(referee_client, table, went_out="B", rack_B=None, rack_A="R5 K7")
    preview = referee_client.post(url(table), {**data, "action": "preview-game"}).context["preview"]
    rows = {row.letter: row for row in preview.rows}
    assert (rows["A"].basis, rows["A"].score) == ("tiles", -12)
    assert referee_client.post(url(table), data).status_code == 302
    hands = {hand.seat.letter: hand for hand in Game.objects.get(number=1).hands.select_related("seat")}
    assert (hands["A"].score, hands["A"].rack, hands["A"].made_initial_meld) == (-12, "R5 K7", True)
    assert (hands["C"].rack_value, hands["D"].rack) == (61, "J B10 Y10")  # every other fact as it was
    assert hands["B"].score == 12 + 61 + 50


def test_the_correction_preview_names_each_score_that_changes_and_why(client, referee, table):
    client.force_login(referee)
    client.post(url(table), GAME_1)
    data = correction_from_the_page(client, table, went_out="B", rack_B=None, rack_A="R5 K7")
    page = client.post(url(table), {**data, "action": "preview-game"}, HTTP_ACCEPT_LANGUAGE="en")
    changes = {change.letter: change for change in page.context["preview"].changes}
    assert sorted(changes) == ["A", "B"]  # C and D lose the same to whoever went out
    assert (changes["A"].before, changes["A"].after) == (7 + 61 + 50, -12)
    assert changes["B"].before == -7
    assert changes["B"].after == 123
    html = page.content.decode()
    assert "A: no longer went out; rack R5 K7 (12)" in html
    assert "B: went out" in html
    chinese = client.post(url(table), {**data, "action": "preview-game"}, HTTP_ACCEPT_LANGUAGE="zh-hant")
    assert "甲：不再是出完牌的參加者" in chinese.content.decode()


@pytest.mark.parametrize("field, value, reason", [("rack_value_C", "16", "rack value 61 → 16")])
def test_a_changed_rack_is_named_with_its_old_and_new_value(client, referee, table, field, value, reason):
    client.force_login(referee)
    client.post(url(table), GAME_1)
    data = correction_from_the_page(client, table, **{field: value})
    page = client.post(url(table), {**data, "action": "preview-game"}, HTTP_ACCEPT_LANGUAGE="en")
    changes = {change.letter: change for change in page.context["preview"].changes}
    assert sorted(changes) == ["A", "C"]
    assert reason in changes["C"].line
    assert changes["A"].line == "A: the others' racks changed"
