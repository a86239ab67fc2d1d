"""A referee's table in real Chromium on a phone (360 px): the demo referee of table 3 records the drawn
numbers, plays three games (one with a pool-exhausted shared win, one with players who never melded,
entered as tiles), works out an unrestorable table, signs off, and the released standings show the table.
Screenshots go to docs/screenshots/ for the README and the referee's guide."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from referee.models import Game, Incident, Table
from tests.browser.conftest import SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE_WIDTH = 360
PASSWORD = "tableref-demo"


@pytest.fixture
def demo(db):
    call_command("load_demo", verbosity=0)
    return Table.objects.get(round__tournament__slug="demo", number=3)


def no_horizontal_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name="登入").last.click()
    page.wait_for_url(f"{base}/referee/")


def save(page, number: int) -> None:
    page.locator("form.game-entry button[value='save-game']").click()
    page.wait_for_selector(f".message:has-text('已儲存第 {number} 局')")


def type_rack(page, letter: str, tiles: str) -> None:
    page.fill(f"input[name='rack_{letter}']", tiles)


def wait_for_preview(page, text: str) -> None:
    page.wait_for_selector(f"#preview table:has-text('{text}')")


def test_a_referee_plays_a_table_to_sign_off_on_a_phone(live_server, phone_page, page, screenshot, demo):
    desktop = page
    page, base = phone_page, live_server.url
    script_errors: list[str] = []
    page.on("pageerror", lambda error: script_errors.append(str(error)))
    log_in(page, base, "referee3")
    page.get_by_role("link", name="第 3 桌").click()
    no_horizontal_scroll(page)

    draws = page.locator("form.draws")
    for letter, number in zip("ABCD", ["4", "11", "7", "2"], strict=True):
        draws.locator(f"input[name='drawn_{letter}']").fill(number)
    draws.locator("button").click()
    page.wait_for_selector(".message")
    assert page.locator(".play-order .order li").first.inner_text().startswith("乙")
    screenshot(page, "referee-table-start-zh-hant")

    # Game 1: 乙 went out; the running total follows the tiles as they are typed.
    page.check("input[name='went_out'][value='B']")
    type_rack(page, "A", "r3 k4 j")
    assert page.locator("fieldset[data-seat='A'] output.rack-total").inner_text() == "= 37"
    type_rack(page, "C", "Y10 Y11")
    page.fill("input[name='rack_value_D']", "12")
    wait_for_preview(page, "+70")
    no_horizontal_scroll(page)
    page.locator("#entry").screenshot(path=str(SCREENSHOTS / "referee-entry-preview-zh-hant.png"))
    save(page, 1)

    # An overtime at the next turn, and the table cannot be restored: the engine lays the table tiles.
    incident = page.locator("details#incident-form")
    incident.locator("summary").click()
    incident.locator("select[name='seat']").select_option("C")
    incident.locator("select[name='kind']").select_option("overtime-unrestorable")
    incident.locator("textarea[name='table_tiles']").fill("R5 R6 R7 K9 B9 Y9 R9 J B2 K13 Y1")
    page.wait_for_selector("#restore-preview .restore")
    assert "罰取" in page.locator("#restore-preview").inner_text()
    incident.screenshot(path=str(SCREENSHOTS / "referee-incident-restore-zh-hant.png"))
    incident.locator("button[value='record-incident']").click()
    page.wait_for_selector(".message:has-text('已記錄事件')")
    recorded = Incident.objects.get(game__table=demo)
    assert recorded.tiles_drawn == 3 + recorded.tiles_left_over and recorded.arrangement["sets"]

    # Game 2: the pool ran out and 甲 and 乙 share the lowest rack.
    page.check("input[name='ending'][value='pool-exhausted']")
    assert not page.locator("fieldset.went-out").is_visible()
    type_rack(page, "A", "K1")
    type_rack(page, "B", "R1")
    page.fill("input[name='rack_value_C']", "10")
    type_rack(page, "D", "Y3 Y4")
    wait_for_preview(page, "+7.50")
    save(page, 2)

    # Game 3: 丙 went out; 甲 and 丁 never melded, their racks typed as tiles: the engine decides -200 / -100.
    page.check("input[name='went_out'][value='C']")
    type_rack(page, "A", "R10 R11 R12 K5")
    page.uncheck("input[name='made_initial_meld_A']")
    page.fill("input[name='rack_value_B']", "15")
    type_rack(page, "D", "B2 Y7")
    page.uncheck("input[name='made_initial_meld_D']")
    wait_for_preview(page, "-200")
    assert "-100" in page.locator("#preview").inner_text()
    save(page, 3)

    assert Game.objects.filter(table=demo).count() == 3
    no_horizontal_scroll(page)
    screenshot(page, "referee-table-finished-zh-hant")
    page.locator("form.sign-off button").click()
    page.wait_for_selector(".message:has-text('簽署')")
    demo.refresh_from_db()
    assert demo.signed_off_at is not None
    assert page.locator(".status").first.inner_text() == "已簽署"

    assert script_errors == []
    page.goto(f"{base}/t/demo/standings/")
    no_horizontal_scroll(page)
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 8  # tables 1 and 3 are signed off
    # 梁振邦 of table 3, initials as the setting says
    assert "梁○○" in page.locator("table.standings").inner_text()
    screenshot(page, "standings-public-phone-zh-hant")
    page.goto(f"{base}/t/demo/standings/?view=tables")
    assert "第一輪" in page.locator("table.standings").inner_text()

    page.goto(f"{base}/referee/tables/{demo.pk}/")
    page.get_by_role("button", name="English").click()
    page.wait_for_selector("h1:has-text('Table 3')")
    no_horizontal_scroll(page)
    screenshot(page, "referee-table-signed-off-en")
    page.goto(f"{base}/t/demo/standings/")
    assert page.locator("table.standings").inner_text().count(" won, total ") == 8
    screenshot(page, "standings-public-phone-en")

    desktop.goto(f"{base}/login/")
    desktop.fill('input[name="username"]', "organiser")
    desktop.fill('input[name="password"]', PASSWORD)
    desktop.get_by_role("button", name="登入").last.click()
    desktop.wait_for_url(f"{base}/organise/")
    desktop.goto(f"{base}/organise/demo/standings/?include=unsigned")
    assert desktop.locator("table.standings tbody tr").count() == 16
    screenshot(desktop, "standings-organiser-zh-hant")
