"""A parent's phone asking for one page, with as little of the server's CPU as an HTTP client can take.

The parents' phones have processors of their own; the load bench's parents run on the cores the server runs
on, so every microsecond their client spends is taken from the server, which a hall's phones never do. This
client does what a browser's page load or a page script's `fetch` does on the wire, and nothing more: one
kept-alive HTTP/1.1 connection, a GET with the cookie the server set (the CSRF cookie, as a browser keeps it)
and any header the caller adds (`If-None-Match`), and the answer read whole by its Content-Length (or its
chunks). Its time is still the whole answer as the phone would have it.
"""

from __future__ import annotations

import socket
from typing import NamedTuple

HEADERS_END = b"\r\n\r\n"
CHUNK = 65536


class ReadError(Exception):
    """The answer was cut short or could not be read as HTTP/1.1."""


class Answer(NamedTuple):
    status: int
    body: bytes
    headers: dict[str, list[str]]  # names in lower case

    def header(self, name: str) -> str | None:
        values = self.headers.get(name.lower())
        return values[0] if values else None


class PageReader:
    """GETs of one server's pages on one kept-alive connection; `get(path)` gives the status, the body and
    the headers."""

    def __init__(self, host: str, port: int, timeout: float) -> None:
        self.host, self.port, self.timeout = host, port, timeout
        self.cookies: dict[str, str] = {}
        self._sock: socket.socket | None = None
        self._buffer = bytearray()

    def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        """One GET with `headers` added; a kept-alive connection that the server closed meanwhile is opened
        again, once."""
        fresh = self._sock is None
        try:
            return self._exchange(path, headers or {})
        except (ConnectionError, ReadError):
            self.close()
            if fresh:
                raise
            return self._exchange(path, headers or {})

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
        self._sock = None
        self._buffer.clear()

    def _exchange(self, path: str, extra: dict[str, str]) -> Answer:
        if self._sock is None:
            self._sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
        self._sock.sendall(self._request(path, extra))
        head = self._read_until(HEADERS_END)
        status, headers = _parse_head(head)
        for value in headers.get("set-cookie", []):
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if status in (204, 304):
            body = b""  # no body, whatever the headers say
        elif "chunked" in ",".join(headers.get("transfer-encoding", [])).lower():
            body = self._read_chunks()
        else:
            body = self._read_exactly(int(headers.get("content-length", ["0"])[0]))
        if any(value.lower() == "close" for value in headers.get("connection", [])):
            self.close()
        return Answer(status, body, headers)

    def _request(self, path: str, extra: dict[str, str]) -> bytes:
        lines = [f"GET {path} HTTP/1.1", f"Host: {self.host}:{self.port}", "Accept: text/html"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{name}={value}" for name, value in self.cookies.items()))
        lines += [f"{name}: {value}" for name, value in extra.items()]
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

    def _fill(self) -> None:
        assert self._sock is not None
        data = self._sock.recv(CHUNK)
        if not data:
            raise ReadError("the server closed the connection")
        self._buffer += data

    def _read_until(self, mark: bytes) -> bytes:
        while (end := self._buffer.find(mark)) < 0:
            self._fill()
        found = bytes(self._buffer[:end])
        del self._buffer[: end + len(mark)]
        return found

    def _read_exactly(self, size: int) -> bytes:
        while len(self._buffer) < size:
            self._fill()
        found = bytes(self._buffer[:size])
        del self._buffer[:size]
        return found

    def _read_chunks(self) -> bytes:
        parts = []
        while True:
            size = int(self._read_until(b"\r\n").split(b";", 1)[0], 16)
            if size == 0:
                self._read_until(b"\r\n")  # no trailers from our server: the empty line ends the answer
                return b"".join(parts)
            parts.append(self._read_exactly(size))
            self._read_exactly(2)


def _parse_head(head: bytes) -> tuple[int, dict[str, list[str]]]:
    status_line, *lines = head.decode("latin-1").split("\r\n")
    version, _, rest = status_line.partition(" ")
    if not version.startswith("HTTP/1.") or not rest[:3].isdigit():
        raise ReadError(f"not an HTTP/1.1 answer: {status_line[:60]!r}")
    headers: dict[str, list[str]] = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return int(rest[:3]), headers
