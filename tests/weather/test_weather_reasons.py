"""Every reason code has a sentence in both languages, with its blanks filled."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.weather.weather_payloads import hk
from weather.decision import Decision, Reason, Status
from weather.reasons import reason_sentence

DETAILS = {
    "cutoff": "07:00",
    "deadline": "07:01",
    "signal": "WRAINR",
    "lowered_at": "06:58",
    "last_read": "05:00",
    "override_reason": "Venue flooded",
}


@pytest.mark.parametrize("reason", list(Reason))
def test_each_reason_reads_in_english_and_in_chinese(reason: Reason) -> None:
    decision = Decision(Status.PENDING, reason, hk("06:30"), DETAILS)
    with translation.override("en"):
        english = reason_sentence(decision)
    with translation.override("zh-hant"):
        chinese = reason_sentence(decision)
    assert "%(" not in english
    assert "%(" not in chinese
    assert chinese != english, "no zh-Hant translation"
    assert not any(
        "a" <= ch.lower() <= "z" for ch in chinese.replace("TableRef", "").replace("Venue flooded", "")
    ), chinese
