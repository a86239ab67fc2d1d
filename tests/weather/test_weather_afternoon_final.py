"""A match day with a morning session and an afternoon final: the public page lists both, each decided by its
own rule (07:00 for the morning, two hours before the start for the afternoon), and keeps itself current
without a meta refresh (axe-core rates a page that reloads itself critical: it resets a reader's place)."""

from __future__ import annotations

from datetime import time

import pytest
from django.urls import reverse

from tests.weather.weather_payloads import MATCH_DAY, hk, rain
from weather.decision import MatchDay
from weather.selectors import match_days

pytestmark = pytest.mark.django_db


@pytest.fixture
def with_final(tournament):
    from referee.models import Round

    Round.objects.create(tournament=tournament, name="Final", date=MATCH_DAY, start_time=time(14, 0), order=3)
    return tournament


def test_a_day_with_an_afternoon_final_has_two_sessions(with_final):
    assert match_days(with_final) == [MatchDay(MATCH_DAY, time(9, 0)), MatchDay(MATCH_DAY, time(14, 0))]


def test_the_public_page_lists_the_afternoon_final_with_its_own_decision(
    client, with_final, store, frozen_now
):
    """Red rainstorm in force at 07:01, lowered at 09:00: the morning is cancelled, the 14:00 final (decided
    at 12:00) goes ahead."""
    store("06:55", rain("WRAINR", hk("05:00")))
    store("07:05", rain("WRAINR", hk("05:00")))
    store("11:55", "{}")
    store("12:05", "{}")
    frozen_now(hk("12:30"))
    client.cookies["django_language"] = "en"
    html = client.get(reverse("weather:public", args=[with_final.slug])).content.decode()
    assert 'data-session="09:00" data-status="cancelled"' in html
    assert 'data-session="14:00" data-status="goes-ahead"' in html


def test_the_page_does_not_reload_itself(client, tournament, frozen_now):
    html = client.get(reverse("weather:public", args=[tournament.slug])).content.decode()
    assert 'http-equiv="refresh"' not in html
    assert "weather/refresh.js" in html
    assert "data-weather-days" in html
