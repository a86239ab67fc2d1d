"""Pages that change while someone reads them, in real Chromium: the public standings take a change in
without a reload (the reader keeps their place), and a long export shows its progress, then its download."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from benchmarks.builders import BulkPlan, build_tournament
from referee.public.views import pages as public
from referee.tournaments.services.tournaments import SETTINGS_FIELDS, tournament_update
from tests.referee.exporters.making import make_waiting_exports

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "organiser-pass-1"


@pytest.fixture
def organiser():
    return get_user_model().objects.create_user("organiser", password=PASSWORD, first_name="黃主任")


@pytest.fixture
def big(organiser):
    return build_tournament(BulkPlan(slug="big", players=120, referees=2), organiser=organiser)


def test_the_standings_change_under_a_reader_who_keeps_their_place(
    live_server, phone_page, screenshot, big, organiser, monkeypatch
):
    monkeypatch.setattr(public, "REFRESH_SECONDS", 1)
    page = phone_page
    page.goto(f"{live_server.url}/t/{big.slug}/standings/")
    leader = page.locator(".standings-live tbody tr").first
    before = leader.inner_text()
    assert "○" in before  # initials only
    page.evaluate("window.scrollTo(0, 1500); window.sameDocument = true")
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 1000
    values = {name: getattr(big, name) for name in SETTINGS_FIELDS}
    with page.expect_response(lambda response: "/standings/" in response.url):
        pass  # the page's check is answered; the next is a second away, so the desk's write meets no reader
    tournament_update(
        actor=organiser, tournament=big, **{**values, "standings_released": True, "privacy": "full-names"}
    )
    expect(leader).not_to_contain_text("○", timeout=15000)
    assert page.evaluate("window.sameDocument") is True  # swapped in, not reloaded
    assert abs(page.evaluate("window.scrollY") - scrolled) < 5
    screenshot(page, "standings-live-update-zh-hant")


def test_a_long_export_shows_its_progress_then_its_download(live_server, page, screenshot, big):
    page.goto(f"{live_server.url}/login/")
    page.fill('input[name="username"]', "organiser")
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name="登入").last.click()
    page.wait_for_url(f"{live_server.url}/organise/")
    page.goto(f"{live_server.url}/organise/{big.slug}/exports/")
    page.locator("#export-scoresheets-pdf button[type=submit]").click()
    page.wait_for_url("**/exports/jobs/*/")
    assert "正在等候匯出程序開始製作" in page.locator("[data-job-message]").inner_text()
    assert page.locator("[data-job-download]").is_hidden()
    assert make_waiting_exports()
    page.locator("[data-job-download]").wait_for(state="visible", timeout=15000)
    assert "已完成" in page.locator("[data-job-message]").inner_text()
    assert page.locator("progress").get_attribute("value") == "100"
    screenshot(page, "organiser-export-ready-zh-hant")
    with page.expect_download() as download:
        page.locator("[data-job-link]").click()
    assert download.value.suggested_filename == "big-scoresheets-pdf-zh-hant.pdf"  # the language chosen
