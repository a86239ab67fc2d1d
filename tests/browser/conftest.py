"""Real Chromium for what a person sees.

On a developer's laptop without Chromium these tests skip with a message; in CI (CI set) they fail instead,
because a browser test that silently skips proves nothing.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tools import require_tool

ROOT = Path(__file__).resolve().parents[2]
# `make screenshots` refreshes the pictures in docs/; a plain test run keeps its own, leaving the tree clean.
SCREENSHOTS = Path(os.environ.get("TABLEREF_SCREENSHOTS") or ROOT / "tests" / "browser" / "screenshots-tmp")
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[object]:
    executable = require_tool(
        "chromium", "chromium-browser", "google-chrome", package="chromium", purpose="browser tests need it"
    )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    # Playwright runs an event loop; Django refuses ORM calls from async contexts unless told otherwise.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


def _new_page(browser: object, viewport: dict[str, int]) -> Iterator[object]:
    context = browser.new_context(viewport=viewport, locale="zh-HK")  # type: ignore[attr-defined]
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def page(chromium_browser: object) -> Iterator[object]:
    """A desktop-sized page."""
    yield from _new_page(chromium_browser, DESKTOP)


@pytest.fixture
def phone_page(chromium_browser: object) -> Iterator[object]:
    """A phone-sized page (360 px wide), as a referee holds it at the table."""
    yield from _new_page(chromium_browser, PHONE)


@pytest.fixture
def screenshot():
    """Save a full-page screenshot; `make screenshots` puts them in docs/screenshots/ for the README."""

    def take(page: object, name: str) -> Path:
        target = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(target), full_page=True)  # type: ignore[attr-defined]
        return target

    return take


class HallNetwork:
    """The hall's Wi-Fi gone and back, for the browser and for the server.

    Chromium's emulated offline (`context.set_offline`) is not enough alone: while a reload replaces the page
    (and while a tab closes), it lifts the emulation for the page going away, which hears "online" and whose
    requests then go out for real, unseen by Playwright (so `page.route` cannot stop them). A phone without
    network sends nothing, so while the network is down the test server also closes every connection
    unanswered."""

    def __init__(self, context: object, cut: threading.Event) -> None:
        self.context = context
        self.cut = cut

    def down(self) -> None:
        self.cut.set()
        self.context.set_offline(True)  # type: ignore[attr-defined]

    def up(self) -> None:
        self.cut.clear()
        self.context.set_offline(False)  # type: ignore[attr-defined]


@pytest.fixture
def hall_network(live_server: object, phone_page: object, monkeypatch: pytest.MonkeyPatch) -> HallNetwork:
    """The phone page's network, which the test takes away and gives back (`down()`, `up()`)."""
    from django.test.testcases import QuietWSGIRequestHandler

    read = QuietWSGIRequestHandler.parse_request
    cut = threading.Event()

    def parse_request(handler: QuietWSGIRequestHandler) -> bool:
        if cut.is_set():  # read, never answered: the connection (kept alive or new) closes
            handler.close_connection = True
            return False
        return read(handler)

    monkeypatch.setattr(QuietWSGIRequestHandler, "parse_request", parse_request)
    return HallNetwork(phone_page.context, cut)  # type: ignore[attr-defined]
