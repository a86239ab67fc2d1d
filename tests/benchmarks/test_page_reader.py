"""The parents' light HTTP client reads whole answers over one kept-alive connection, as a browser would."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from benchmarks.page_reader import PageReader, ReadError


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    seen: list[tuple[str, str, int]] = []  # path, cookie, connection number
    connections = 0

    def setup(self) -> None:
        super().setup()
        Handler.connections += 1
        self.number = Handler.connections

    def log_message(self, *args: object) -> None:  # keep the test's output quiet
        pass

    def do_GET(self) -> None:
        Handler.seen.append((self.path, self.headers.get("Cookie", ""), self.number))
        if self.path == "/fragment/":
            unchanged = self.headers.get("If-None-Match") == '"v1"'
            body = b"" if unchanged else b"table"
            self.send_response(304 if unchanged else 200)
            self.send_header("ETag", '"v1"')
            if not unchanged:
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if self.path == "/chunked/":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for piece in (b"first ", b"and second"):
                self.wfile.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            self.wfile.write(b"0\r\n\r\n")
            return
        body = b"x" * 100_000 if self.path == "/big/" else b"standings"
        self.send_response(404 if self.path == "/missing/" else 200)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Set-Cookie", "csrftoken=secret-1; Path=/; SameSite=Lax")
        if self.path == "/last/":
            self.send_header("Connection", "close")
        if self.path in ("/last/", "/quietly-last/"):  # the second as a keep-alive timeout would, unsaid
            self.close_connection = True
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def server() -> Iterator[ThreadingHTTPServer]:
    Handler.seen = []
    Handler.connections = 0
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def reader_for(httpd: ThreadingHTTPServer) -> PageReader:
    return PageReader("127.0.0.1", httpd.server_address[1], timeout=5)


def test_answers_are_read_whole_on_one_connection_with_the_cookie_sent_back(server):
    reader = reader_for(server)
    assert reader.get("/t/load/standings/")[:2] == (200, b"standings")
    status, body, _headers = reader.get("/big/")
    assert (status, len(body)) == (200, 100_000)
    assert reader.get("/missing/")[:2] == (404, b"standings")
    reader.close()
    assert [cookie for _path, cookie, _connection in Handler.seen] == [
        "",
        "csrftoken=secret-1",
        "csrftoken=secret-1",
    ]
    assert len({connection for *_rest, connection in Handler.seen}) == 1


def test_chunked_answers_are_joined(server):
    reader = reader_for(server)
    assert reader.get("/chunked/")[:2] == (200, b"first and second")
    assert reader.get("/t/load/standings/")[:2] == (200, b"standings")  # the connection is still in step
    reader.close()


def test_a_header_is_sent_and_a_304_without_length_is_read_as_empty_with_its_headers(server):
    reader = reader_for(server)
    first = reader.get("/fragment/", {"If-None-Match": '"v0"'})
    assert (first.status, first.body, first.header("ETag")) == (200, b"table", '"v1"')
    again = reader.get("/fragment/", {"If-None-Match": '"v1"'})
    assert (again.status, again.body, again.header("etag")) == (304, b"", '"v1"')
    assert reader.get("/t/load/standings/")[:2] == (200, b"standings")  # still in step after the 304
    reader.close()
    assert len({connection for *_rest, connection in Handler.seen}) == 1


def test_a_connection_the_server_closed_is_opened_again(server):
    reader = reader_for(server)
    assert reader.get("/last/")[:2] == (200, b"standings")  # said so: the reader closes its side
    assert reader.get("/quietly-last/")[:2] == (200, b"standings")  # not said: found at the next GET
    assert reader.get("/t/load/standings/")[:2] == (200, b"standings")
    reader.close()
    assert [connection for *_rest, connection in Handler.seen] == [1, 2, 3]


def test_what_is_not_http_is_refused():
    import socket

    listener = socket.create_server(("127.0.0.1", 0))

    def answer() -> None:
        connection, _ = listener.accept()
        connection.recv(1000)
        connection.sendall(b"SSH-2.0-nothing\r\n\r\n")
        connection.close()

    threading.Thread(target=answer, daemon=True).start()
    reader = PageReader("127.0.0.1", listener.getsockname()[1], timeout=5)
    with pytest.raises(ReadError):
        reader.get("/")
    listener.close()
