"""A request's bytes gathered as they arrive, before a thread takes the request (`tableref.hall_worker`).

Gunicorn gives a request to a thread as soon as its first bytes come, and the thread then reads the rest as it
arrives: a phone on a weak signal, or someone who sends a header every few seconds on purpose, holds that
thread for as long as the sending lasts. A process has a handful of threads, so a handful of slow senders
stopped the hall. The worker's main loop gathers the bytes instead, beside its other idle connections, and
hands the request to a thread once its head, and a body of a known length up to `MAX_REQUEST_BYTES`, are
all there; a request that is not whole by its deadline is closed.

Only what decides when to hand over is read here. Anything unusual (a chunked body, `Expect: 100-continue`,
a body above the limit, a malformed head) is handed over as it stands, and gunicorn's own parser answers it
as it always did.
"""

from __future__ import annotations

from enum import Enum

# A head (request line and fields) longer than this is refused: browsers send a few kilobytes, and a proxy in
# front (nginx) refuses more than 32 KB.
HEAD_LIMIT = 64 * 1024
# A request line longer than this without its end is handed over for gunicorn to refuse (its limit is 4094).
LINE_LIMIT = 8 * 1024
# How long a request may take to arrive: its head within HEAD_SECONDS of its first bytes, then its body at
# BODY_BYTES_A_SECOND at least (a people file of 2 MB in about two minutes on a poor signal).
HEAD_SECONDS = 10.0
BODY_BYTES_A_SECOND = 16 * 1024

END_OF_HEAD = b"\r\n\r\n"


class Verdict(Enum):
    MORE = "more"  # the request is not all here yet
    READY = "ready"  # hand it to a thread
    TOO_LARGE = "too large"  # its head is longer than any browser sends: refuse it


class RequestArrival:
    """The bytes of one request so far (and of any request pipelined behind it), and whether they are enough.

    `body_limit` is the largest body gathered here; a larger one is handed over after its head, for the
    site's size limit (`tableref.request_size`) to refuse without reading it."""

    def __init__(self, body_limit: int, started: float) -> None:
        self.body_limit = body_limit
        self.data = bytearray()
        self.started = started
        self._head_length: int | None = None  # up to and with the empty line, once it came
        self._body_length: int | None = None  # to gather after the head; None: hand over after the head
        self._verdict = Verdict.MORE

    def add(self, chunk: bytes) -> Verdict:
        searched_from = max(0, len(self.data) - len(END_OF_HEAD) + 1)
        self.data += chunk
        if self._verdict is Verdict.MORE:
            self._verdict = self._judge(searched_from)
        return self._verdict

    @property
    def verdict(self) -> Verdict:
        return self._verdict

    def deadline(self) -> float:
        """When the request must be all here: the head's time, and the body's once its length is known."""
        deadline = self.started + HEAD_SECONDS
        if self._body_length:
            deadline += self._body_length / BODY_BYTES_A_SECOND
        return deadline

    def _judge(self, searched_from: int) -> Verdict:
        if self._head_length is None:
            return self._judge_head(searched_from)
        if self._body_length is None:
            return Verdict.READY
        return Verdict.READY if len(self.data) >= self._head_length + self._body_length else Verdict.MORE

    def _judge_head(self, searched_from: int) -> Verdict:
        data = self.data
        if not _may_begin_a_request(bytes(data[:2])):
            return Verdict.READY  # not HTTP/1 (a TLS greeting, say): gunicorn answers it at once
        end = data.find(END_OF_HEAD, searched_from)
        if end < 0:
            if len(data) > HEAD_LIMIT:
                return Verdict.TOO_LARGE
            if b"\r\n" not in data[: LINE_LIMIT + 2] and len(data) > LINE_LIMIT:
                return Verdict.READY
            if data.count(b"\n") != data.count(b"\r\n"):
                return Verdict.READY  # a bare line feed, which gunicorn refuses
            return Verdict.MORE
        if end + len(END_OF_HEAD) > HEAD_LIMIT:
            return Verdict.TOO_LARGE
        self._head_length = end + len(END_OF_HEAD)
        self._body_length = body_to_gather(bytes(data[:end]), self.body_limit)
        return self._judge(len(data))


def _may_begin_a_request(start: bytes) -> bool:
    """Whether these first bytes may begin an HTTP/1 request: a method's capital letter, or the empty line a
    client may send before it."""
    if not start:
        return True
    first = start[:1]
    return first.isalpha() and first.isupper() or start in (b"\r", b"\r\n")


def body_to_gather(head: bytes, limit: int) -> int | None:
    """How many bytes of body follow this head, when they are worth gathering before a thread takes the
    request: a `Content-Length` of at most `limit`, or none (0). None hands the request over after its head:
    a chunked body, a client that waits for `100 Continue` before it sends, a larger body, or lengths that
    do not agree (gunicorn refuses those)."""
    lowered = head.lower()
    if b"content-length" not in lowered and b"transfer-encoding" not in lowered and b"expect" not in lowered:
        return 0  # most requests (a page, a reload): no need to read their fields one by one
    lengths: list[bytes] = []
    for line in head.split(b"\r\n")[1:]:
        name, _colon, value = line.partition(b":")
        name = name.strip().lower()
        if name in (b"transfer-encoding", b"expect"):
            return None
        if name == b"content-length":
            lengths.append(value.strip())
    if not lengths:
        return 0
    if len(lengths) > 1 or not lengths[0].isdigit() or len(lengths[0]) > 12:
        return None
    length = int(lengths[0])
    return length if length <= limit else None
