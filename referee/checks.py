"""Small input checks shared by services, each refusing with a translated message on the right field."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.text import hostile_character, hostile_text_message


def clean_text(
    value: str | None, *, field: str, max_length: int, required: bool = False, multiline: bool = False
) -> str:
    """Trim surrounding spaces only: names are kept exactly as typed inside. Control characters and
    direction marks are refused (`core.text`); a multi-line note or reason may hold line breaks and tabs."""
    text = (value or "").strip()
    character = hostile_character(text, multiline=multiline)
    if character is not None:
        raise ServiceError(hostile_text_message(character), field=field, code="hostile-text")
    if required and not text:
        raise ServiceError(_("This field is required."), field=field, code="required")
    if len(text) > max_length:
        raise ServiceError(
            _("Keep this to %(limit)d characters or fewer.") % {"limit": max_length},
            field=field,
            code="too-long",
        )
    return text


def require_choice(value: str, choices: Iterable[str], *, field: str) -> str:
    if value not in set(choices):
        raise ServiceError(_("Choose one of the offered options."), field=field, code="invalid-choice")
    return value


def require_positive(value: int | None, *, field: str, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if value is None or isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ServiceError(_("Enter a whole number of 1 or more."), field=field, code="not-positive")
    return value


def school_code(text: str) -> str:
    """A school code as every path stores it, the pages and the import alike: full-width letters and digits
    made plain, spaces dropped, capitals ("ｓｐｓ", "s p s" and "SPS" are one school)."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).upper()


def class_name(text: str) -> str:
    """A class as every path stores it: full-width letters and digits made plain, spaces at either end gone
    and inner runs of spaces made one ("４Ａ" and " 4A " are 4A, beside the 4A typed plainly)."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()


def school_number(text: str) -> str:
    """A child's number within the school (學號) as every path stores it: full-width made plain, spaces
    dropped, capitals, and a number without its leading zeros ("００７" and "7" are one child)."""
    cleaned = re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).upper()
    if cleaned.endswith(".0") and cleaned[:-2].isdigit():
        cleaned = cleaned[:-2]  # a number Excel stored as a float
    return str(int(cleaned)) if cleaned.isascii() and cleaned.isdigit() else cleaned
