"""The load bench's referees read a page's forms as a browser would send them; its parents do what the public
standings page's script does."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from benchmarks.load_clients import (
    PLAY,
    Parent,
    Referee,
    StandingsScript,
    Timings,
    form_with,
    forms_of,
    standings_script,
)
from benchmarks.page_reader import PageReader

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
    """Answers the first request of every connection and drops the second unanswered, as a server does with a
    kept-alive connection it closes (its keep-alive timeout) just as a request comes."""

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


class GatewayHandler(BaseHTTPRequestHandler):
    """nginx with the server behind it killed: 502 Bad Gateway."""

    def do_GET(self) -> None:
        self.send_response(502)
        self.send_header("Content-Length", "11")
        self.end_headers()
        self.wfile.write(b"Bad Gateway")

    def log_message(self, *args) -> None:
        pass


def test_a_proxys_bad_gateway_is_a_server_that_is_down_not_a_page():
    """Behind nginx, a killed server is a 502 page, not a refused connection: the fault run's referees must
    wait for the server and open their table again, not read nginx's page for the table's form."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), GatewayHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    phone = Referee(f"http://127.0.0.1:{httpd.server_address[1]}", "referee-1", "secret", 3, Timings())
    try:
        with pytest.raises(httpx.HTTPError):
            phone.open_table()
        assert phone.timings.errors["table page"] == ["GET /referee/tables/3/: 502"]
    finally:
        phone.close()
        httpd.shutdown()
        httpd.server_close()


STANDINGS_PAGE = """<html><body><main>
<div class="standings-live" data-standings-fragment="/t/load/standings/fragment/?view=players&amp;page=2"
 data-etag="&quot;v1&quot;" data-refresh-seconds="15"><table>...</table></div></main></body></html>"""


def test_the_page_s_script_reads_its_fragment_etag_and_pace_as_a_browser_unescapes_them():
    script = standings_script(STANDINGS_PAGE)
    assert script == StandingsScript("/t/load/standings/fragment/?view=players&page=2", '"v1"', 15.0)
    assert standings_script("<p>Standings not released yet.</p>") is None


class StandingsHandler(BaseHTTPRequestHandler):
    """The public standings page, and its fragment: 304 while If-None-Match names the current ETag, which
    changes when `StandingsHandler.version` does."""

    protocol_version = "HTTP/1.1"
    version = 1
    asked: list[tuple[str, str]] = []  # path, If-None-Match

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        StandingsHandler.asked.append((self.path, self.headers.get("If-None-Match", "")))
        etag = f'"v{StandingsHandler.version}"'
        if self.path.startswith("/t/load/standings/fragment/"):
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
                return
            body = b"<table>new</table>"
        else:
            body = STANDINGS_PAGE.encode()
        self.send_response(200)
        self.send_header("ETag", etag)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def standings_server() -> Iterator[int]:
    StandingsHandler.version, StandingsHandler.asked = 1, []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), StandingsHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


def test_a_parent_loads_the_page_once_then_checks_with_the_last_etag_as_the_page_s_script_does(
    standings_server,
):
    timings = Timings()
    parent = Parent(PageReader("127.0.0.1", standings_server, timeout=5), "load", timings)
    parent.step()  # the page
    assert parent.pause == 15.0  # as the page says
    parent.step()  # unchanged: 304
    StandingsHandler.version = 2
    parent.step()  # changed: 200 with the new ETag
    parent.step()  # unchanged since: 304
    parent.reader.close()
    assert StandingsHandler.asked == [
        ("/t/load/standings/", ""),
        ("/t/load/standings/fragment/?view=players&page=2", '"v1"'),
        ("/t/load/standings/fragment/?view=players&page=2", '"v1"'),
        ("/t/load/standings/fragment/?view=players&page=2", '"v2"'),
    ]
    assert dict(timings.answers) == {
        "standings page, logins": {200: 1},
        "standings poll, logins": {304: 2, 200: 1},
    }
    assert len(timings.seconds["standings poll, logins"]) == 3
    assert not timings.errors


def test_a_parent_s_checks_once_the_referees_play_are_counted_apart(standings_server):
    timings = Timings()
    parent = Parent(PageReader("127.0.0.1", standings_server, timeout=5), "load", timings, seconds=0.5)
    parent.step()
    timings.phase = PLAY
    parent.step()
    parent.reader.close()
    assert parent.pause == 0.5
    assert set(timings.seconds) == {"standings page, logins", "standings poll"}


def test_a_parent_whose_page_could_not_be_reached_tries_the_page_again_and_counts_an_error():
    with socket.socket() as placeholder:  # a port with nobody listening
        placeholder.bind(("127.0.0.1", 0))
        port = placeholder.getsockname()[1]
    timings = Timings()
    parent = Parent(PageReader("127.0.0.1", port, timeout=5), "load", timings)
    parent.step()
    assert parent.script is None
    assert timings.errors["standings page, logins"] == ["ConnectionRefusedError"]
    assert not timings.seconds
