"""The pieces of a plan: one change (a row to add, update or leave), a row's refusal while planning, and the
reading of a number as a spreadsheet holds it."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

ADD, UPDATE, UNCHANGED = "add", "update", "unchanged"
MAX_NUMBER = 99999


@dataclass
class Change:
    kind: str
    row: int | None
    action: str
    label: str
    values: dict[str, Any]
    before: dict[str, Any] = field(default_factory=dict)
    pk: int | None = None
    fields_text: str = ""  # the changed columns' headers, set by the page that shows them

    @property
    def changed_fields(self) -> list[str]:
        return [name for name, value in self.values.items() if self.before.get(name) != value]


class RowRefused(Exception):
    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def normalised_number(text: str) -> int | None:
    """１２, "12", "12.0" (a number Excel stored as text or as a float) are 12; None when blank."""
    cleaned = re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))
    if not cleaned:
        return None
    match = re.fullmatch(r"(\d+)(?:\.0+)?", cleaned)
    if match is None or not 1 <= int(match.group(1)) <= MAX_NUMBER:
        raise ValueError(cleaned)
    return int(match.group(1))


def normalised_name(text: str) -> str:
    """Names are kept as typed, as the pages keep them; only spaces (full-width ones too) at either end go."""
    return text.strip()
