"""Numbers and dates from outside (an address, a button, a form, a command line), checked before use.

`str.isdigit()` is not enough for a key: it accepts "²", "１" and "٣", which `int()` then refuses, or reads as
a number nobody typed in the address. A key or count here is ASCII digits only, within what the database's
integer holds. Dates are kept to years a tournament can take place in: a year like 1 or 9999 passes Python's
`date`, then overflows the moment a day is added to it or its time is converted to UTC.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from typing import TypeVar

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

ID_MAX = 2**63 - 1  # BigAutoField: the largest key the database holds
FIRST_YEAR = 2000
LAST_YEAR = 2100
_ASCII_DIGITS = re.compile(r"[0-9]{1,19}")

DateOrNone = TypeVar("DateOrNone", bound=datetime.date | None)


def parse_number(raw: object, *, minimum: int = 1, maximum: int = ID_MAX) -> int | None:
    """The whole number `raw` spells in ASCII digits, if it lies in [minimum, maximum]; else None."""
    if not isinstance(raw, str) or not _ASCII_DIGITS.fullmatch(raw):
        return None
    value = int(raw)
    return value if minimum <= value <= maximum else None


def parse_text(raw: object, *, max_length: int) -> str | None:
    """Text from an address, trimmed; None if it is longer than any stored value or holds a control character
    (PostgreSQL refuses a NUL in a query)."""
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    if len(text) > max_length or any(unicodedata.category(char) == "Cc" for char in text):
        return None
    return text


def date_out_of_range_message() -> str:
    return _("Enter a date between the years %(first)d and %(last)d.") % {
        "first": FIRST_YEAR,
        "last": LAST_YEAR,
    }


def is_date_in_range(value: datetime.date) -> bool:
    """Also for a datetime (a subclass of date): its calendar day is what counts."""
    return FIRST_YEAR <= value.year <= LAST_YEAR


def require_date_in_range(value: DateOrNone) -> DateOrNone:
    """A form's check: the date (or datetime) a field cleaned, or a translated error on that field."""
    if value is not None and not is_date_in_range(value):
        raise ValidationError(date_out_of_range_message(), code="date-out-of-range")
    return value
