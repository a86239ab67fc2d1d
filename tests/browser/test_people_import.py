"""A school office's roster goes in as it is, on a phone (360 px), in both languages: the preview shows how
each column was read, the organiser re-chooses the one it could not read, and the import saves all 160
children. The preview's picture goes to the organiser's guide (docs/screenshots/import-columns-*.png)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from referee.models import Player, School
from referee.tournaments.services.tournaments import tournament_create
from tests.browser.conftest import SCREENSHOTS
from tests.referee.rosters import SCHOOLS, roster_xlsx

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "organiser-pass-1"
PHONE_WIDTH = 360
# The office typed "Eng. Name" over the children's English names: no header the import knows.
HEADERS = ["學校編號", "學校名稱", "School Name", "學號", "學生姓名", "Eng. Name", "班別", "性別"]
WORDS = {
    "zh-hant": {"log in": "登入", "upload": "上載並預覽", "again": "按這些欄位重新讀取", "import": "匯入"},
    "en": {
        "log in": "Log in",
        "upload": "Upload and preview",
        "again": "Read again with these columns",
        "import": "Import",
    },
}
NAME_EN = {"zh-hant": "參加者英文姓名", "en": "Player's name (English)"}
NOT_IMPORTED = {"zh-hant": "不匯入", "en": "Not imported"}


@pytest.fixture
def tournament():
    organiser = get_user_model().objects.create_user("organiser", password=PASSWORD, first_name="黃主任")
    organiser.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return tournament_create(actor=organiser, name="小學邀請賽", slug="cup", ruleset="hk-school")


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
def test_a_roster_goes_in_as_it_is_with_a_column_rechosen_on_a_phone(
    live_server, phone_page, tournament, tmp_path, language
):
    page, base, words = phone_page, live_server.url, WORDS[language]
    (tmp_path / "參加者名單.xlsx").write_bytes(roster_xlsx(HEADERS))
    log_in(page, base, language)
    page.goto(f"{base}/organise/cup/import/")
    page.set_input_files('input[name="file"]', str(tmp_path / "參加者名單.xlsx"))
    page.get_by_role("button", name=words["upload"]).click()
    page.wait_for_selector("#import-columns")
    assert_fits(page)

    column_f = page.locator("#column-0-5")
    assert column_f.locator("option:checked").inner_text() == NOT_IMPORTED[language]
    assert page.locator("#column-0-2 option:checked").inner_text() != NOT_IMPORTED[language]
    assert not School.objects.exists()
    column_f.select_option(label=NAME_EN[language])
    page.get_by_role("button", name=words["again"]).click()
    page.wait_for_selector("#import-columns")
    assert page.locator("#column-0-5 option:checked").inner_text() == NAME_EN[language]
    assert page.locator(".column-choices li").nth(5).locator(".note").is_visible()
    counts = page.locator("#import-counts tbody tr")
    assert [counts.nth(i).locator("td").first.inner_text() for i in range(2)] == ["8", "160"]
    assert page.locator("#import-numbering li").count() == len(SCHOOLS)
    assert_fits(page)
    page.locator("#import-columns").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"import-columns-phone-{language}.png"), full_page=True)
    assert not Player.objects.exists()  # nothing saved before the import

    page.get_by_role("button", name=words["import"], exact=True).click()
    page.wait_for_url(f"{base}/organise/cup/check-in/")
    assert Player.objects.count() == 160
    assert Player.objects.get(school__code="LHP", school_number="4").name_en == "Chan Tai Man"
    assert School.objects.get(code="HSP").name_en == "Harbourside Primary School"
