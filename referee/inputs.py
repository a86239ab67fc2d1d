"""Numbers and dates from outside (an address, a button, a form, a command line), checked before use.

`str.isdigit()` is not enough for a key: it accepts "²", "１" and "٣", which `int()` then refuses, or reads as
a number nobody typed in the address. A key or count here is ASCII digits only, within what the database's
integer holds.
"""

from __future__ import annotations

import re

ID_MAX = 2**63 - 1  # BigAutoField: the largest key the database holds
_ASCII_DIGITS = re.compile(r"[0-9]{1,19}")


def parse_number(raw: object, *, minimum: int = 1, maximum: int = ID_MAX) -> int | None:
    """The whole number `raw` spells in ASCII digits, if it lies in [minimum, maximum]; else None."""
    if not isinstance(raw, str) or not _ASCII_DIGITS.fullmatch(raw):
        return None
    value = int(raw)
    return value if minimum <= value <= maximum else None
