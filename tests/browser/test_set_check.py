"""The set checker in real Chromium on a phone: the tile pad types the set, the page answers in Chinese, and
nothing breaks the Content Security Policy."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from referee.models import Table
from tests.browser.test_content_security_policy import WATCH_VIOLATIONS
from tests.browser.test_referee_console import Taps, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(db):
    call_command("load_demo", verbosity=0)
    return Table.objects.get(round__tournament__slug="demo", number=3)


def test_a_disputed_run_checked_with_the_pad(live_server, phone_page, demo):
    page, base = phone_page, live_server.url
    page.add_init_script(WATCH_VIOLATIONS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    log_in(page, base, "referee3@demo", demo)
    page.get_by_role("link", name="核對有爭議的牌組").click()
    page.wait_for_url(f"{base}/referee/tables/{demo.pk}/set-check/")
    taps = Taps(page)
    taps.tap("input[name='tiles']")
    taps.pad("R", "7", "6", "J")
    assert page.input_value("input[name='tiles']") == "R7 R6 J"
    page.locator("form.set-check button[type='submit']").click()
    page.wait_for_selector(".set-verdict.valid")
    verdict = page.locator(".set-verdict").inner_text()
    assert "有效：順牌，值 18 分。" in verdict
    assert "第 3 隻 J 代表 R5" in " ".join(verdict.split())
    page.fill("input[name='tiles']", "R12 R13 R1")
    page.locator("form.set-check button[type='submit']").click()
    page.wait_for_selector(".set-verdict.refused")
    assert "1 不能接在 13 之後。" in page.locator(".set-verdict").inner_text()
    assert page.evaluate("window.__cspViolations") == []
    assert errors == []


def test_a_slow_press_on_check_with_the_pad_open_still_checks(live_server, phone_page, demo):
    """Leaving the field hides the pad and takes away the room kept for it at the page's foot. That happened
    between pressing Check and letting go: scrolled to the foot, the page moved under the pointer and the
    release landed elsewhere, so Check did nothing. Seen in the suite under load, when Playwright's press and
    release came apart; a mouse button held for a moment did the same."""
    page, base = phone_page, live_server.url
    log_in(page, base, "referee3@demo", demo)
    page.goto(f"{base}/referee/tables/{demo.pk}/set-check/?tiles=R7+R6+J")
    page.wait_for_selector(".set-verdict.valid")
    page.wait_for_load_state("load")
    page.fill("input[name='tiles']", "R12 R13 R1")
    page.wait_for_selector("#tile-pad:not([hidden])")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    button = page.locator("form.set-check button[type='submit']")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert page.evaluate(f"document.elementFromPoint({x}, {y}).closest('button') !== null")
    page.mouse.move(x, y)
    page.mouse.down()
    page.wait_for_timeout(150)
    page.mouse.up()
    page.wait_for_selector(".set-verdict.refused")
    assert "R12" in page.url
