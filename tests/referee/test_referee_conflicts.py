"""Two devices saved the same game: after the refusal the form shows, field by field, what the other device
changed and what this one would change; it takes the other device's value wherever this one left the field
alone, so saving again never reverts another device's change unseen."""

from __future__ import annotations

from django.urls import reverse

from referee.models import Game

GAME_1 = {
    "action": "save-game",
    "game_number": "1",
    "ending": "went-out",
    "went_out": "B",
    "submission": "first",
    "rack_A": "R3 K4",
    "rack_value_C": "61",
    "rack_D": "J B10 Y10",
    **{f"made_initial_meld_{letter}": "on" for letter in "ABCD"},
}


def racks(table) -> dict[str, tuple]:
    game = Game.objects.get(table=table, number=1)
    return {hand.seat.letter: (hand.rack, hand.rack_value) for hand in game.hands.select_related("seat")}


def test_a_stale_save_shows_each_change_and_keeps_the_other_devices(client, table, referee, organiser):
    url = reverse("referee:table", args=[table.pk])
    client.force_login(referee)
    client.post(url, GAME_1)
    client.force_login(organiser)  # the desk corrects A's rack
    client.post(url, {**GAME_1, "version": "1", "submission": "desk", "rack_A": "R3 K5"})
    client.force_login(referee)  # the phone, still at version 1, changes C's value and D's rack
    late = client.post(
        url, {**GAME_1, "version": "1", "submission": "phone", "rack_value_C": "60", "rack_D": "J B10"}
    )
    assert late.status_code == 200
    conflict = late.context["conflict"]
    rows = {row.field: row for row in conflict.rows}
    assert set(rows) == {"rack_A", "rack_value_C", "rack_D"}
    assert (rows["rack_A"].saved, rows["rack_A"].yours) == ("R3 K5", "R3 K4")
    assert rows["rack_A"].they_changed
    assert not rows["rack_A"].you_changed
    assert rows["rack_value_C"].you_changed
    assert not rows["rack_value_C"].they_changed
    form = late.context["entry_form"]
    assert form["rack_A"].value() == "R3 K5"  # taken from the other device
    assert form["rack_value_C"].value() == "60"
    assert form["rack_D"].value() == "J B10"
    assert form["version"].value() == "2"
    page = late.content.decode()
    assert "另一部裝置改了" in page
    assert "R3 K5" in page
    assert client.post(url, {**form.data.dict(), "action": "save-game"}).status_code == 302
    assert racks(table) == {"A": ("R3 K5", None), "B": ("", None), "C": ("", 60), "D": ("J B10", None)}


def test_the_same_field_changed_on_both_is_marked_and_yours_is_offered(client, table, referee, organiser):
    url = reverse("referee:table", args=[table.pk])
    client.force_login(referee)
    client.post(url, GAME_1)
    client.force_login(organiser)
    client.post(url, {**GAME_1, "version": "1", "submission": "desk", "rack_A": "R3 K5"})
    client.force_login(referee)
    late = client.post(url, {**GAME_1, "version": "1", "submission": "phone", "rack_A": "R3 K6"})
    (row,) = late.context["conflict"].rows
    assert row.both_changed
    assert row.kept == "yours"
    assert late.context["entry_form"]["rack_A"].value() == "R3 K6"
    assert racks(table)["A"] == ("R3 K5", None)  # nothing saved until the referee saves again


def test_two_devices_entering_the_same_new_game(client, table, referee, organiser):
    url = reverse("referee:table", args=[table.pk])
    client.force_login(organiser)
    client.post(url, {**GAME_1, "submission": "desk"})
    client.force_login(referee)
    late = client.post(
        url, {**GAME_1, "submission": "phone", "went_out": "C", "rack_value_C": "", "rack_value_B": "10"}
    )
    conflict = late.context["conflict"]
    fields = {row.field for row in conflict.rows}
    assert {"went_out", "rack_value_B", "rack_value_C"} <= fields
    assert all(row.both_changed for row in conflict.rows)
    assert late.context["entry_form"]["version"].value() == "1"
    assert "第 1 局已經儲存" in " ".join(late.context["entry_form"].non_field_errors())
