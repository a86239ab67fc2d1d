"""Hostile text is refused with a clear message: control characters anywhere in a name or code, direction
marks everywhere; a note or reason may hold line breaks and tabs."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from core.text import hostile_character, validate_multiline, validate_single_line

BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]
CONTROL = ["\x00", "\x07", "\x1b", "\x7f", "\x85", "\x9f"]


@pytest.mark.parametrize("character", BIDI + CONTROL + ["\n", "\t", "\r"])
def test_a_name_refuses_every_control_and_direction_mark(character) -> None:
    assert hostile_character(f"陳{character}大文") == character
    with pytest.raises(ValidationError):
        validate_single_line(f"陳{character}大文")


@pytest.mark.parametrize("character", BIDI + CONTROL)
def test_a_note_refuses_them_too(character) -> None:
    with pytest.raises(ValidationError):
        validate_multiline(f"line one\n{character}line two")


def test_a_note_keeps_its_lines_and_tabs() -> None:
    validate_multiline("第一行\n第二行\r\n\tindented")
    assert hostile_character("Szeto Lok Yi 司徒樂怡 ‍👩‍👧 é") is None  # joiners and emoji are not controls


@pytest.mark.parametrize(
    ("language", "bidi", "control"),
    [
        ("en", "Remove the invisible direction mark (U+202E)", "Remove the invisible control character"),
        ("zh-hant", "請刪除隱藏的文字方向符號（U+202E）", "請刪除隱藏的控制字元（U+0007）"),
    ],
)
def test_the_message_names_the_character_in_both_languages(language, bidi, control) -> None:
    with translation.override(language):
        with pytest.raises(ValidationError) as reversed_text:
            validate_single_line("\u202eecilA")
        with pytest.raises(ValidationError) as bell:
            validate_single_line("a\x07")
    assert reversed_text.value.messages[0].startswith(bidi)
    assert bell.value.messages[0].startswith(control)
