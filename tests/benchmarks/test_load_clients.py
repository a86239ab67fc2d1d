"""The load bench's referees read a page's forms as a browser would send them."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from benchmarks.load_clients import Referee, Timings, form_with, forms_of

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


class DroppingHandler(BaseHTTPRequestHandler):
    """Answers the first request of every connection and drops the second unanswered, as a gunicorn process
    does with a kept-alive connection when it is replaced (`max_requests`) just as a request comes."""

    protocol_version = "HTTP/1.1"
    answered: list[str] = []

    def log_message(self, *args: object) -> None:  # keep the test's output quiet
        pass

    def handle(self) -> None:
        self.requests_here = 0
        super().handle()

    def _answer(self) -> None:
        self.requests_here += 1
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        if self.requests_here > 1:
            self.close_connection = True  # closed without a word: the client sees a dropped connection
            return
        DroppingHandler.answered.append(f"{self.command} {self.path}")
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    do_GET = do_POST = _answer


@pytest.fixture
def dropping_server() -> Iterator[str]:
    DroppingHandler.answered = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), DroppingHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_a_request_on_a_kept_alive_connection_the_server_dropped_is_sent_again_once_as_a_browser_does(
    dropping_server,
):
    timings = Timings()
    phone = Referee(dropping_server, "referee-1", "secret", 3, timings)
    assert phone.send("table page", "GET", "/referee/tables/3/").text == "ok"
    assert phone.send("save", "POST", "/referee/tables/3/", {"submission": "key-1"}).text == "ok"
    phone.close()
    assert DroppingHandler.answered == ["GET /referee/tables/3/", "POST /referee/tables/3/"]
    assert dict(timings.resent) == {"save": 1}
    assert not timings.errors


def test_a_server_that_is_gone_is_not_asked_again_and_again():
    with socket.socket() as placeholder:  # a port with nobody listening
        placeholder.bind(("127.0.0.1", 0))
        port = placeholder.getsockname()[1]
    phone = Referee(f"http://127.0.0.1:{port}", "referee-1", "secret", 3, Timings())
    with pytest.raises(httpx.ConnectError):
        phone.send("table page", "GET", "/referee/tables/3/")
    phone.close()
    assert not phone.timings.resent
