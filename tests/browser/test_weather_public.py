"""The public weather page in real Chromium, on a 360 px phone, in Chinese and in English."""

from __future__ import annotations

from datetime import time

import pytest

from tests.weather.weather_payloads import MATCH_DAY, hk, rain
from weather.feed import SUMMARY_FEED
from weather.models import SnapshotSource, WarningSnapshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def stormy_tournament(monkeypatch):
    """A red rainstorm still up at 07:01 on the first match day; the second day is still to be decided."""
    from referee.models import Round, Tournament

    tournament = Tournament.objects.create(
        name="Rummikub 小學邀請賽", slug="hk-weather", ruleset="hk-school", weather_rule=True
    )
    Round.objects.create(
        tournament=tournament, name="Round 1", date=MATCH_DAY, start_time=time(9, 0), order=1
    )
    next_day = MATCH_DAY.replace(day=MATCH_DAY.day + 7)
    Round.objects.create(
        tournament=tournament, name="Round 2", date=next_day, start_time=time(14, 0), order=2
    )
    for at in ("06:55", "07:05"):
        WarningSnapshot.objects.create(
            feed=SUMMARY_FEED,
            read_at=hk(at),
            payload=rain("WRAINR", hk("05:10")),
            source=SnapshotSource.FETCH,
        )
    monkeypatch.setattr("weather.clock.now", lambda: hk("07:30"))
    return tournament


def fits_the_screen(page: object) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # type: ignore[attr-defined]


def test_public_page_on_a_phone_in_both_languages(
    live_server, phone_page, screenshot, stormy_tournament
) -> None:
    page = phone_page
    page.goto(f"{live_server.url}/weather/{stormy_tournament.slug}/")
    first = page.locator(f'article[data-date="{MATCH_DAY.isoformat()}"]')
    assert first.get_attribute("data-status") == "cancelled"
    assert "取消" in first.locator(".wx-status").inner_text()
    assert "紅色暴雨警告信號" in first.locator(".wx-reason").inner_text()
    assert page.locator("article.wx-day").count() == 2
    status_size = first.locator(".wx-status").evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert status_size >= 24, "the status must read at arm's length"
    assert fits_the_screen(page)
    screenshot(page, "weather-public-zh-hant")

    page.get_by_role("link", name="English").click()
    page.wait_for_selector("text=Is the match on?")
    first = page.locator(f'article[data-date="{MATCH_DAY.isoformat()}"]')
    assert "Cancelled" in first.locator(".wx-status").inner_text()
    assert "red rainstorm signal was still in force at 07:01" in first.locator(".wx-reason").inner_text()
    second = page.locator("article.wx-day").nth(1)
    assert second.get_attribute("data-status") == "pending"
    assert fits_the_screen(page)
    screenshot(page, "weather-public-en")


def test_json_endpoint_from_the_browser(live_server, page, stormy_tournament) -> None:
    response = page.request.get(f"{live_server.url}/weather/{stormy_tournament.slug}/status.json?lang=en")
    body = response.json()
    assert response.ok
    assert body["match_days"][0]["status"] == "cancelled"
    assert body["match_days"][1]["session_start"] == "14:00"
