"""Every main page in real Chromium under the site's Content Security Policy: no violation in the console, as
the organiser, a referee and the public see them. A last test shows the watch itself catches a violation."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.management import call_command

from referee.models import Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "tableref-demo"
# Recorded by an init script, which the browser runs outside the page's policy.
WATCH_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
});
"""


class ViolationWatch:
    """Console messages about the policy and `securitypolicyviolation` events, per page visited."""

    def __init__(self, page) -> None:
        self.page = page
        self.console: list[str] = []
        page.add_init_script(WATCH_VIOLATIONS)
        page.on("console", self._console)

    def _console(self, message) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.console.append(message.text)

    def visit(self, url: str) -> list[str]:
        self.console.clear()
        response = self.page.goto(url)
        assert response is not None
        assert "default-src 'self'" in response.headers["content-security-policy"]
        self.page.wait_for_load_state("networkidle")
        return self.console + self.page.evaluate("window.__cspViolations")


@pytest.fixture
def demo(db) -> Tournament:
    call_command("load_demo", verbosity=0)
    return Tournament.objects.get(slug="demo")


@pytest.fixture
def watch(page) -> Iterator[ViolationWatch]:
    yield ViolationWatch(page)


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name="登入").last.click()
    page.wait_for_load_state("networkidle")


def assert_clean(watch: ViolationWatch, base: str, paths: list[str]) -> None:
    found = {path: watch.visit(base + path) for path in paths}
    assert {path: violations for path, violations in found.items() if violations} == {}


def test_the_public_pages_break_no_policy(live_server, watch, demo) -> None:
    assert_clean(
        watch,
        live_server.url,
        [
            "/",
            "/login/",
            "/t/demo/",
            "/t/demo/standings/",
            "/weather/",
            "/weather/demo/",
            "/t/demo/find/?number=1",
            "/t/demo/hall/",
            "/hall/",
            "/nowhere/",
        ],
    )


def test_the_organisers_pages_break_no_policy(live_server, page, watch, demo) -> None:
    log_in(page, live_server.url, "organiser")
    table = Table.objects.get(round__tournament=demo, number=2)
    assert_clean(
        watch,
        live_server.url,
        [
            "/organise/",
            "/organise/demo/",
            "/organise/demo/settings/",
            "/organise/demo/schools/",
            "/organise/demo/players/",
            "/organise/demo/rounds/",
            f"/organise/demo/rounds/{table.round_id}/",
            f"/organise/demo/tables/{table.pk}/",
            "/organise/demo/referees/",
            "/organise/demo/referees/cards/",
            "/account/password/",
            "/organise/demo/standings/",
            "/organise/demo/exports/",
            "/organise/demo/import/",
            "/organise/demo/check-in/",
            "/organise/demo/hall/",
            "/organise/demo/prizes/",
            "/organise/demo/notices/",
            "/weather/demo/manage/",
            "/weather/demo/manage/snapshots/",
        ],
    )


def test_the_referees_table_page_and_its_live_preview_break_no_policy(live_server, phone_page, demo) -> None:
    watch = ViolationWatch(phone_page)
    log_in(phone_page, live_server.url, "referee3@demo")
    table = Table.objects.get(round__tournament=demo, number=3)
    assert watch.visit(f"{live_server.url}/referee/") == []
    assert watch.visit(f"{live_server.url}/referee/tables/{table.pk}/") == []
    # The table's script fetches a preview and puts it in the page as the referee types.
    phone_page.fill("input[name='rack_A']", "R1 R2")
    phone_page.wait_for_load_state("networkidle")
    assert watch.console + phone_page.evaluate("window.__cspViolations") == []


def test_the_watch_sees_a_violation(live_server, watch, demo) -> None:
    """An inline style added to a real page is refused and reported: the tests above can fail."""
    assert watch.visit(f"{live_server.url}/login/") == []
    watch.page.evaluate("document.body.insertAdjacentHTML('beforeend', '<p style=\"color: red\">x</p>')")
    watch.page.wait_for_function("window.__cspViolations.length > 0")
