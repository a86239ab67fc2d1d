"""The organiser overrides a match day from a phone; the public page then shows the organiser's decision."""

from __future__ import annotations

from datetime import time

import pytest
from django.contrib.auth import get_user_model

from tests.weather.weather_payloads import MATCH_DAY, hk, rain
from weather.feed import SUMMARY_FEED
from weather.models import MatchDayOverride, SnapshotSource, WarningSnapshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "organiser-pass-1"


@pytest.fixture
def organised_tournament(monkeypatch):
    from referee.models import Round, Tournament

    organiser = get_user_model().objects.create_user("organiser", password=PASSWORD)
    tournament = Tournament.objects.create(
        name="Rummikub 小學邀請賽", slug="hk-weather", ruleset="hk-school", weather_rule=True
    )
    tournament.organisers.add(organiser)
    Round.objects.create(
        tournament=tournament, name="Round 1", date=MATCH_DAY, start_time=time(9, 0), order=1
    )
    WarningSnapshot.objects.create(
        feed=SUMMARY_FEED,
        read_at=hk("06:30"),
        payload=rain("WRAINR", hk("05:10")),
        source=SnapshotSource.FETCH,
    )
    monkeypatch.setattr("weather.clock.now", lambda: hk("06:35"))
    return tournament


def test_organiser_overrides_a_day_from_a_phone(
    live_server, phone_page, screenshot, organised_tournament
) -> None:
    page = phone_page
    manage = f"/weather/{organised_tournament.slug}/manage/"
    page.goto(f"{live_server.url}/login/?next={manage}")
    page.fill('input[name="username"]', "organiser")
    page.fill('input[name="password"]', PASSWORD)
    page.locator('form button[type="submit"]').last.click()
    page.wait_for_url(f"**{manage}")
    card = page.locator(f'article[data-date="{MATCH_DAY.isoformat()}"]')
    assert card.get_attribute("data-status") == "pending"

    page.locator("summary").first.click()
    page.get_by_label("照常舉行").first.check()
    page.locator('textarea[name="reason"]').first.fill("場地在室內，學校已獲通知")
    screenshot(page, "weather-organiser-zh-hant")
    page.get_by_role("button", name="儲存大會決定").first.click()
    page.wait_for_selector(".message.success")
    assert MatchDayOverride.objects.get().reason == "場地在室內，學校已獲通知"

    page.goto(f"{live_server.url}/weather/{organised_tournament.slug}/")
    card = page.locator(f'article[data-date="{MATCH_DAY.isoformat()}"]')
    assert card.get_attribute("data-status") == "goes-ahead"
    assert "大會決定" in card.locator(".wx-override").inner_text()
    assert "場地在室內" in card.locator(".wx-reason").inner_text()
