"""Numbers from outside: only ASCII digits make a key, within what the database holds."""

from __future__ import annotations

import pytest

from referee.inputs import ID_MAX, parse_number


@pytest.mark.parametrize(("raw", "expected"), [("1", 1), ("42", 42), ("007", 7), (str(ID_MAX), ID_MAX)])
def test_ascii_digits_make_a_number(raw, expected):
    assert parse_number(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        "²",
        "１",
        "٣",
        "1²",
        " 1",
        "1 ",
        "+1",
        "-1",
        "0",
        "",
        "1.0",
        "1e3",
        str(ID_MAX + 1),
        "9" * 40,
        "\x00",
        None,
        3,
    ],
)
def test_anything_else_is_no_number(raw):
    assert parse_number(raw) is None


def test_a_number_outside_the_callers_range_is_no_number():
    assert parse_number("0", minimum=0) == 0
    assert parse_number("100", maximum=99) is None
