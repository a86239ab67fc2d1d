"""When a request is all here: the hall worker hands it to a thread then, and not before."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tableref.arrival import (
    BODY_BYTES_A_SECOND,
    HEAD_LIMIT,
    HEAD_SECONDS,
    RequestArrival,
    Verdict,
    body_to_gather,
)

LIMIT = 1000


def request(body: bytes = b"", *fields: bytes) -> bytes:
    head = b"POST /referee/ HTTP/1.1\r\nHost: hall\r\n" + b"".join(field + b"\r\n" for field in fields)
    if body:
        head += b"Content-Length: %d\r\n" % len(body)
    return head + b"\r\n" + body


def arrive(*chunks: bytes) -> list[Verdict]:
    arrival = RequestArrival(LIMIT, started=0.0)
    return [arrival.add(chunk) for chunk in chunks]


@given(body=st.binary(max_size=LIMIT), cuts=st.lists(st.integers(min_value=0, max_value=2000), max_size=8))
def test_a_request_is_ready_exactly_when_its_last_byte_comes(body: bytes, cuts: list[int]):
    """However the network cuts it up, and whatever its body holds (an empty line too)."""
    whole = request(body)
    points = sorted({cut % len(whole) for cut in cuts if cut % len(whole)})
    chunks = [whole[start:end] for start, end in zip([0, *points], [*points, len(whole)], strict=True)]
    verdicts = arrive(*chunks)
    assert verdicts[-1] is Verdict.READY
    assert set(verdicts[:-1]) <= {Verdict.MORE}


def test_a_request_pipelined_behind_stays_with_the_first():
    arrival = RequestArrival(LIMIT, started=0.0)
    both = request(b"a=1") + request()
    assert arrival.add(both) is Verdict.READY
    assert bytes(arrival.data) == both  # all of it goes back to gunicorn's parser


def test_a_head_longer_than_any_browser_sends_is_refused():
    assert arrive(b"GET / HTTP/1.1\r\nX-Long: " + b"a" * HEAD_LIMIT)[-1] is Verdict.TOO_LARGE


@pytest.mark.parametrize(
    "start",
    [
        b"\x16\x03\x01\x02\x00",  # a TLS greeting on the plain port
        b"GET / HTTP/1.1\nHost: hall\n",  # bare line feeds
        b"GET /" + b"a" * 9000,  # a request line without end
    ],
)
def test_what_gunicorn_refuses_goes_to_it_at_once(start: bytes):
    assert arrive(start)[-1] is Verdict.READY


def test_the_empty_line_a_client_may_send_first_is_waited_past():
    assert arrive(b"\r", b"\nGET / HTTP/1.1\r\n", b"Host: hall\r\n\r\n") == [
        Verdict.MORE,
        Verdict.MORE,
        Verdict.READY,
    ]


@pytest.mark.parametrize(
    ("fields", "gathered"),
    [
        ([], 0),
        ([b"Content-Length: 12"], 12),
        ([b"content-length:12 "], 12),
        ([b"Content-Length: 1001"], None),  # above the limit: refused by the site without reading it
        ([b"Transfer-Encoding: chunked"], None),
        ([b"Expect: 100-continue", b"Content-Length: 12"], None),  # the client waits for a word first
        ([b"Content-Length: 12", b"Content-Length: 12"], None),
        ([b"Content-Length: -1"], None),
        ([b"Content-Length: 99999999999999999999"], None),
    ],
)
def test_the_body_gathered_is_one_of_a_known_length_within_the_limit(fields: list[bytes], gathered):
    head = b"\r\n".join([b"POST / HTTP/1.1", b"Host: hall", *fields])
    assert body_to_gather(head, LIMIT) == gathered


def test_a_body_handed_over_after_its_head_is_not_waited_for():
    assert arrive(request(b"", b"Transfer-Encoding: chunked"))[-1] is Verdict.READY


def test_a_request_has_its_head_s_time_and_its_body_s_time_to_arrive():
    arrival = RequestArrival(LIMIT, started=100.0)
    arrival.add(b"POST / HTTP/1.1\r\n")
    assert arrival.deadline() == 100.0 + HEAD_SECONDS
    arrival.add(b"Content-Length: 800\r\n\r\n")
    assert arrival.deadline() == 100.0 + HEAD_SECONDS + 800 / BODY_BYTES_A_SECOND
