"""Numbers and dates from outside: only ASCII digits make a key, and only years a tournament can use."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from core.inputs import ID_MAX, parse_number, parse_text, require_date_in_range


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


@pytest.mark.parametrize(
    "value",
    [datetime.date(2000, 1, 1), datetime.date(2100, 12, 31), datetime.datetime(2026, 12, 5, 7, 0)],
)
def test_dates_a_tournament_can_use_pass(value):
    assert require_date_in_range(value) == value


@pytest.mark.parametrize(
    "value",
    [
        datetime.date(1, 1, 1),
        datetime.date(1999, 12, 31),
        datetime.date(2101, 1, 1),
        datetime.date.max,
        datetime.datetime(1, 1, 1, 0, 0),
    ],
)
def test_dates_at_the_ends_of_the_calendar_are_refused_in_the_pages_language(value):
    for language, message in [
        ("zh-hant", "請輸入 2000 年至 2100 年之間的日期。"),
        ("en", "Enter a date between the years 2000 and 2100."),
    ]:
        with translation.override(language), pytest.raises(ValidationError) as refused:
            require_date_in_range(value)
        assert refused.value.messages == [message]


@pytest.mark.parametrize(("raw", "expected"), [(" hsp ", "hsp"), ("聖保祿", "聖保祿"), ("", "")])
def test_text_from_an_address_is_trimmed(raw, expected):
    assert parse_text(raw, max_length=12) == expected


@pytest.mark.parametrize("raw", ["\x00", "HSP\x00", "a\x1fb", "x" * 13, None, 5])
def test_text_no_stored_value_could_match_is_none(raw):
    assert parse_text(raw, max_length=12) is None
