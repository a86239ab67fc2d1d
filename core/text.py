"""Hostile text, refused at the door: invisible control characters and the marks that reverse the direction
of text, in names, codes, notes and reasons.

A control character (a bell, an escape, a NUL) has no place in a name and breaks the XML of a workbook; a
bidirectional override or isolate (U+202A-U+202E, U+2066-U+2069) makes a name read backwards on a
standings page or a printout ("‮ecilA" shows as "Alice"). Names and codes are one line: no control character
at all. Notes and reasons may hold several lines: a line break and a tab are allowed there, nothing else.

The services check every text they store (`referee.checks.clean_text`), so every form is covered;
the models carry the same validators, so the admin and any ModelForm refuse them too. Text stored before
these checks existed is made safe where it is written out (`referee/exports/exporters/xlsx.py`).
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
MULTILINE_ALLOWED = frozenset("\n\r\t")


def hostile_character(text: str, *, multiline: bool = False) -> str | None:
    """The first character of `text` that is refused, or None."""
    for character in text:
        if character in BIDI_CONTROLS:
            return character
        if unicodedata.category(character) == "Cc" and not (multiline and character in MULTILINE_ALLOWED):
            return character
    return None


def hostile_text_message(character: str) -> str:
    code = f"U+{ord(character):04X}"
    if character in BIDI_CONTROLS:
        return _(
            "Remove the invisible direction mark (%(code)s): it makes text read backwards. Type the text "
            "again without pasting it."
        ) % {"code": code}
    return _("Remove the invisible control character (%(code)s). Type the text again without pasting it.") % {
        "code": code
    }


def validate_single_line(value: str) -> None:
    """For names and codes."""
    character = hostile_character(value or "")
    if character is not None:
        raise ValidationError(hostile_text_message(character), code="hostile-text")


def validate_multiline(value: str) -> None:
    """For notes and reasons: line breaks and tabs allowed."""
    character = hostile_character(value or "", multiline=True)
    if character is not None:
        raise ValidationError(hostile_text_message(character), code="hostile-text")
