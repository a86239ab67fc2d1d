"""Passwords in real Chromium: an organiser resets a referee's password (after a confirmation), the referee
logs in on a phone with the one-time password, is sent to choose their own, and then reaches their tables."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from referee.tournaments.services.referees import referee_account_create
from referee.tournaments.services.tournaments import tournament_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "organiser-pass-1"
OWN_PASSWORD = "my-own-secret-77"
PHONE_WIDTH = 360


@pytest.fixture
def tournament():
    organiser = get_user_model().objects.create_user("organiser", password=PASSWORD, first_name="黃主任")
    organiser.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    tournament = tournament_create(actor=organiser, name="小學邀請賽", slug="cup", ruleset="hk-school")
    referee_account_create(
        actor=organiser, tournament=tournament, username="referee1", display_name="張志明", password=PASSWORD
    )
    return tournament


def log_in(page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/login/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', password)
    page.get_by_role("button", name="登入").last.click()
    page.wait_for_load_state()


def test_a_reset_password_is_shown_once_and_replaced_at_the_next_login(
    live_server, page, phone_page, screenshot, tournament
) -> None:
    base = live_server.url
    log_in(page, base, "organiser", PASSWORD)
    page.goto(f"{base}/organise/cup/referees/")
    asked: list[str] = []

    def accept(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    page.get_by_role("button", name="重設密碼").click()
    page.wait_for_selector("[data-one-time-password]")
    assert "張志明" in asked[0]
    one_time = page.locator("code.secret").inner_text()
    screenshot(page, "organiser-password-reset-zh-hant")

    log_in(phone_page, base, "Referee1@cup", one_time)  # a phone capitalises the first letter
    assert phone_page.url == f"{base}/account/password/"
    assert phone_page.locator("[data-one-time]").is_visible()
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    screenshot(phone_page, "referee-choose-password-phone-zh-hant")
    phone_page.goto(f"{base}/referee/")
    assert phone_page.url == f"{base}/account/password/"
    phone_page.fill('input[name="new_password1"]', OWN_PASSWORD)
    phone_page.fill('input[name="new_password2"]', OWN_PASSWORD)
    phone_page.get_by_role("button", name="儲存新密碼").click()
    phone_page.wait_for_selector(".message")
    phone_page.goto(f"{base}/referee/")
    assert phone_page.url == f"{base}/referee/"


def test_a_one_time_password_is_never_broken_across_lines_on_a_phone(
    live_server, phone_page, tournament
) -> None:
    """In English on a 360 px phone "wumku-hugbq" broke at its hyphen: read out as two words."""
    base, page = live_server.url, phone_page
    log_in(page, base, "organiser", PASSWORD)
    page.goto(f"{base}/organise/cup/referees/")
    page.get_by_role("link", name="English").click()
    page.wait_for_load_state()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Reset password").click()
    page.wait_for_selector("[data-one-time-password]")
    lines = page.evaluate(
        """(() => { const range = document.createRange();
            range.selectNodeContents(document.querySelector('code.secret'));
            const tops = new Set(Array.from(range.getClientRects()).map(rect => Math.round(rect.top)));
            return tops.size; })()"""
    )
    assert lines == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
