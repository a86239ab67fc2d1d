"""The load bench's referees read a page's forms as a browser would send them."""

from __future__ import annotations

from benchmarks.load_clients import form_with, forms_of

PAGE = """<html><body><h1>Table 3</h1><input name="outside" value="not sent">
<FORM method="post" action="/referee/tables/3/#entry" class="game-entry">
  <input type="hidden" name="csrfmiddlewaretoken" value="token-1">
  <input type="hidden" name="game_number" value="2">
  <input type="radio" name="ending" value="went-out" checked><input type="radio" name="ending" value="pool">
  <input type="checkbox" name="made_initial_meld_B">
  <button type="submit" name="action" value="save-game">Save game 2</button>
</FORM>
<p>History: <b>game 1</b></p>
<form method="post" action="/logout/"><input type="hidden" name="csrfmiddlewaretoken" value="token-2">
<button type="submit">Log out</button></form></body></html>"""


def test_only_the_forms_are_read_with_what_a_browser_sends():
    forms = forms_of(PAGE)
    assert [form["fields"] for form in forms] == [
        {"csrfmiddlewaretoken": "token-1", "game_number": "2", "ending": "went-out"},
        {"csrfmiddlewaretoken": "token-2"},
    ]
    assert forms[0]["buttons"] == [("action", "save-game")]
    assert form_with(PAGE, "save-game") == forms[0]
    assert form_with(PAGE, "sign-off") is None
