"""Two pages that change under a reader without a reload, in real Chromium on a phone: the check-in row offers
a substitute as soon as a seated child is tapped Absent, and the public weather page takes a new decision in
place (it no longer reloads itself: a reload lost a reader's place, and a screen reader's)."""

from __future__ import annotations

from datetime import time

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from referee.models import Seat
from referee.tournaments.services.tournaments import tournament_create
from tests.referee.draw_helpers import draw_and_seat, make_field, make_round
from tests.weather.weather_payloads import MATCH_DAY, hk, rain
from weather.feed import SUMMARY_FEED
from weather.models import SnapshotSource, WarningSnapshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "in-place-pass-1"


def test_the_substitute_link_appears_with_the_tap(live_server, phone_page):
    organiser = get_user_model().objects.create_user("organiser", password=PASSWORD)
    organiser.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    tournament = tournament_create(actor=organiser, name="小學邀請賽", slug="door", ruleset="hk-school")
    make_field(organiser, tournament)
    round_ = make_round(organiser, tournament, "第一輪")
    draw_and_seat(organiser, round_, seed=7)
    child = Seat.objects.filter(round=round_).order_by("table__number", "letter").first().player
    page = phone_page
    page.goto(f"{live_server.url}/login/")
    page.fill('input[name="username"]', "organiser")
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name="登入").last.click()
    page.wait_for_load_state()
    page.goto(f"{live_server.url}/organise/{tournament.slug}/check-in/")
    page.evaluate("window.__samePage = true")
    row = page.locator(f'li[data-player="{child.pk}"]')
    assert row.locator("[data-substitute]").is_hidden()
    row.locator("button.tap-absent").click()
    row.locator("[data-substitute]").wait_for(state="visible")
    assert row.locator("[data-state]").inner_text() == "缺席"
    assert page.evaluate("window.__samePage") is True  # no reload
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_weather_page_takes_a_new_decision_in_place(live_server, phone_page, monkeypatch):
    from referee.models import Round, Tournament

    tournament = Tournament.objects.create(
        name="小學邀請賽", slug="wx", ruleset="hk-school", weather_rule=True
    )
    Round.objects.create(
        tournament=tournament, name="Round 1", date=MATCH_DAY, start_time=time(9, 0), order=1
    )
    monkeypatch.setattr("weather.clock.now", lambda: hk("06:30"))
    page = phone_page
    page.goto(f"{live_server.url}/weather/{tournament.slug}/")
    assert page.locator('meta[http-equiv="refresh"]').count() == 0
    card = page.locator(f'article[data-date="{MATCH_DAY.isoformat()}"]')
    before = card.get_attribute("data-status")
    page.evaluate("window.__samePage = true")
    for at in ("06:55", "07:05"):
        WarningSnapshot.objects.create(
            feed=SUMMARY_FEED,
            read_at=hk(at),
            payload=rain("WRAINR", hk("05:10")),
            source=SnapshotSource.FETCH,
        )
    monkeypatch.setattr("weather.clock.now", lambda: hk("07:30"))
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # as when the phone wakes
    page.wait_for_selector(f'article[data-date="{MATCH_DAY.isoformat()}"][data-status="cancelled"]')
    assert before != "cancelled"
    assert page.evaluate("window.__samePage") is True
