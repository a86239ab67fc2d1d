"""Children's data as an organiser and a parent use it, on a phone (360 px), in both languages: a school's
consent recorded and shown at the door, the privacy notice edited and read from a public page's footer, one
child's data removed on request, and one school's data given out on request as a workbook. Pictures go to
the organiser's guide (docs/screenshots/children-data-*.png)."""

from __future__ import annotations

import datetime
import io
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from openpyxl import load_workbook

from core.models import AuditEntry
from referee.models import Player, SchoolConsent
from referee.people.services.people import player_create, school_create
from referee.tournaments.services.schedule import round_create
from referee.tournaments.services.tournaments import tournament_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "organiser-pass-1"
PHONE_WIDTH = 360
WORDS = {
    "zh-hant": {
        "log in": "登入",
        "no consent": "未記錄同意",
        "record": "記錄同意",
        "save": "儲存",
        "notice": "私隱聲明",
        "save notice": "儲存私隱聲明",
        "find": "找出學生",
        "remove": "移除此學生的個人資料",
        "kept until": "2027年3月5日",
        "sheet": "參加者",
    },
    "en": {
        "log in": "Log in",
        "no consent": "No consent recorded",
        "record": "Record consent",
        "save": "Save",
        "notice": "Privacy notice",
        "save notice": "Save the notice",
        "find": "Find the child",
        "remove": "Remove the child's personal data",
        "kept until": "5 Mar 2027",
        "sheet": "Children",
    },
}
CHILDREN = {"HSP": ["陳俊傑", "李詠琳", "張家豪", "黃嘉儀"], "PKS": ["劉子晴", "何浩然"]}


@pytest.fixture
def tournament():
    organiser = get_user_model().objects.create_user("organiser", password=PASSWORD, first_name="黃主任")
    organiser.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    tournament = tournament_create(actor=organiser, name="小學邀請賽", slug="cup", ruleset="hk-school")
    for code, names in CHILDREN.items():
        school = school_create(
            actor=organiser,
            tournament=tournament,
            name_zh=f"{code}小學",
            name_en=f"{code} Primary",
            code=code,
        )
        for name in names:
            player_create(actor=organiser, tournament=tournament, school=school, name_zh=name)
    round_create(
        actor=organiser,
        tournament=tournament,
        name="第一輪",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9, 30),
    )
    return tournament


def log_in(page, base: str, language: str) -> None:
    page.goto(f"{base}/login/")
    if language == "en":
        page.get_by_role("link", name="English").click()
        page.wait_for_load_state()
    page.fill('input[name="username"]', "organiser")
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name=WORDS[language]["log in"]).last.click()
    page.wait_for_url(f"{base}/organise/")


def assert_fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_a_schools_consent_is_recorded_and_shown_at_the_door(
    live_server, phone_page, screenshot, tournament, language
):
    page, base, words = phone_page, live_server.url, WORDS[language]
    log_in(page, base, language)
    page.goto(f"{base}/organise/cup/privacy/")
    row = page.locator('tr[data-school="HSP"]')
    assert row.locator(".no-consent").inner_text() == words["no consent"]
    assert_fits(page)
    row.get_by_role("link", name=words["record"]).click()
    page.locator('input[name="given"]').check()
    page.fill('input[name="given_on"]', "2026-10-03")
    page.fill('textarea[name="note"]', "校長陳太，以簽署的報名表同意")
    assert_fits(page)
    screenshot(page, f"children-data-consent-phone-{language}")
    page.get_by_role("button", name=words["save"], exact=True).click()
    page.wait_for_url(f"{base}/organise/cup/privacy/")
    row = page.locator('tr[data-school="HSP"]')
    assert row.locator(".no-consent").count() == 0
    assert "校長陳太" in row.inner_text()
    assert SchoolConsent.objects.get(school__code="HSP").given_on == datetime.date(2026, 10, 3)

    page.goto(f"{base}/organise/cup/check-in/")
    assert page.locator("#school-HSP .no-consent").count() == 0
    assert page.locator("#school-PKS .no-consent").inner_text() == words["no consent"]
    assert_fits(page)
    screenshot(page, f"children-data-checkin-phone-{language}")


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_the_notice_is_edited_and_a_parent_reads_it_from_any_public_page(
    live_server, phone_page, chromium_browser, screenshot, tournament, language
):
    page, base, words = phone_page, live_server.url, WORDS[language]
    log_in(page, base, language)
    page.goto(f"{base}/organise/cup/privacy/")
    notice = page.locator("textarea[name='notice_zh']")
    assert "{kept_until}" in notice.input_value()  # the template, with what is filled in when shown
    page.fill("input[name='contact']", "黃主任 2345 6789")
    page.get_by_role("button", name=words["save notice"]).click()
    page.wait_for_load_state()

    parent = chromium_browser.new_context(viewport={"width": PHONE_WIDTH, "height": 740}, locale="zh-HK")
    try:
        reader = parent.new_page()
        reader.goto(f"{base}/t/cup/")
        if language == "en":
            reader.get_by_role("link", name="English").click()
            reader.wait_for_load_state()
        reader.locator("footer .privacy-link").click()
        reader.wait_for_url(f"{base}/t/cup/privacy/")
        text = reader.locator(".privacy-notice").inner_text()
        assert words["kept until"] in text
        assert "黃主任 2345 6789" in text
        assert reader.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
        reader.screenshot(
            path=str(screenshot(reader, f"children-data-notice-phone-{language}")), full_page=True
        )
    finally:
        parent.close()


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_one_childs_data_is_removed_on_request(live_server, phone_page, screenshot, tournament, language):
    page, base, words = phone_page, live_server.url, WORDS[language]
    child = Player.objects.get(name_zh="李詠琳")
    log_in(page, base, language)
    page.goto(f"{base}/organise/cup/privacy/")
    page.fill("input[name='number']", str(child.number))
    page.get_by_role("button", name=words["find"]).click()
    page.wait_for_url(f"{base}/organise/cup/privacy/players/{child.pk}/")
    assert "李詠琳" in page.locator("h1").inner_text()
    page.fill("textarea[name='reason']", "家長 10 月 3 日來電要求")
    page.locator("input[name='confirm']").check()
    assert_fits(page)
    screenshot(page, f"children-data-erase-phone-{language}")
    page.get_by_role("button", name=words["remove"]).click()
    page.wait_for_load_state()
    pseudonym = f"{child.number} 號參加者" if language == "zh-hant" else f"Player {child.number}"
    assert page.locator("h1").inner_text() == f"#{child.number} {pseudonym}"
    assert Player.objects.get(pk=child.pk).forgotten_at is not None
    assert AuditEntry.objects.get(action="privacy.erase").reason == "家長 10 月 3 日來電要求"
    page.goto(f"{base}/organise/cup/players/")
    listed = page.locator("main").inner_text()
    assert "李詠琳" not in listed
    assert "陳俊傑" in listed


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_one_schools_data_is_given_out_as_a_workbook(
    live_server, phone_page, screenshot, tournament, language
):
    page, base, words = phone_page, live_server.url, WORDS[language]
    log_in(page, base, language)
    page.goto(f"{base}/organise/cup/privacy/")
    link = page.locator(f'tr[data-school="HSP"] a[data-format="xlsx"][data-language="{language}"]')
    assert_fits(page)
    screenshot(page, f"children-data-page-phone-{language}")
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename == f"cup-hsp-data-held-{language}.xlsx"
    workbook = load_workbook(io.BytesIO(Path(download.value.path()).read_bytes()), read_only=True)
    sheet = workbook[words["sheet"]]
    names = [row[1] for row in sheet.iter_rows(min_row=2, values_only=True)]
    assert names == CHILDREN["HSP"]
    assert AuditEntry.objects.get(action="privacy.access").changes["after"] == {
        "school": "HSP",
        "format": "xlsx",
        "language": language,
    }


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_every_child_is_forgotten_now_from_the_settings_page_after_a_confirmation(
    live_server, phone_page, screenshot, tournament, language
):
    page, base, words = phone_page, live_server.url, WORDS[language]
    log_in(page, base, language)
    page.goto(f"{base}/organise/cup/settings/")
    assert words["kept until"] in page.locator("#settings-children-data").inner_text()
    page.locator("#settings-children-data a.button").click()
    page.wait_for_url(f"{base}/organise/cup/privacy/forget/")
    assert_fits(page)
    screenshot(page, f"children-data-forget-phone-{language}")
    page.locator("#forget-form button[type=submit]").click()  # not confirmed: nothing happens
    page.wait_for_load_state()
    assert Player.objects.filter(forgotten_at__isnull=True).count() == 6
    page.locator("input[name='confirm']").check()
    page.locator("#forget-form button[type=submit]").click()
    page.wait_for_url(f"{base}/organise/cup/privacy/")
    assert not Player.objects.filter(forgotten_at__isnull=True).exists()
    page.goto(f"{base}/organise/cup/players/")
    listed = page.locator("main").inner_text()
    assert "陳俊傑" not in listed
    assert ("1 號參加者" if language == "zh-hant" else "Player 1") in listed
