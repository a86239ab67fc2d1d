"""Seat letters as people read them: 甲乙丙丁 on the Chinese scoresheet, A B C D in English."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

SEAT_LABELS = {
    "A": pgettext_lazy("seat letter", "A"),
    "B": pgettext_lazy("seat letter", "B"),
    "C": pgettext_lazy("seat letter", "C"),
    "D": pgettext_lazy("seat letter", "D"),
    "E": pgettext_lazy("seat letter", "E"),
    "F": pgettext_lazy("seat letter", "F"),
    "G": pgettext_lazy("seat letter", "G"),
    "H": pgettext_lazy("seat letter", "H"),
    "I": pgettext_lazy("seat letter", "I"),
    "J": pgettext_lazy("seat letter", "J"),
}


def seat_label(letter: str) -> str:
    return str(SEAT_LABELS.get(letter, letter))
