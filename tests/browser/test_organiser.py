"""The organiser's day in real Chromium: log in, register a school, two players and a table, seat them,
switch the language. Screenshots (desktop and phone) go to docs/screenshots/ for the README and the guides."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from referee.draws.services.seats import seat_assign
from referee.models import Player, School, Seat, Table, Tournament
from referee.people.services.people import player_create, school_create
from referee.play.services.results import game_result_submit
from referee.tournaments.services.referees import referee_account_create
from referee.tournaments.services.schedule import round_create, table_create
from referee.tournaments.services.tournaments import tournament_create
from tests.referee.conftest import went_out

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "organiser-pass-1"
PHONE_WIDTH = 360


@pytest.fixture
def tournament():
    organiser = get_user_model().objects.create_user("organiser", password=PASSWORD, first_name="黃主任")
    organiser.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    tournament = tournament_create(
        actor=organiser, name="Rummikub 小學邀請賽", slug="cup", ruleset="hk-school"
    )
    round_create(
        actor=organiser,
        tournament=tournament,
        name="第一輪",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9, 30),
    )
    return tournament


def log_in(page, base_url: str) -> None:
    page.goto(f"{base_url}/login/")
    page.fill('input[name="username"]', "organiser")
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name="登入").last.click()
    page.wait_for_url(f"{base_url}/organise/")


def register_player(page, name_zh: str, name_en: str, class_name: str) -> None:
    form = page.locator("#player-form")
    form.get_by_label("中文姓名").fill(name_zh)
    form.get_by_label("英文姓名").fill(name_en)
    form.get_by_label("學校").select_option(label="LHP · 獅山小學")
    form.get_by_label("班別").fill(class_name)
    form.get_by_role("button", name="登記這位參加者").click()
    page.wait_for_selector(".message")


def assert_no_horizontal_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


def test_organiser_registers_and_seats_players(live_server, page, phone_page, screenshot, tournament):
    base = live_server.url
    log_in(page, base)
    page.get_by_role("link", name="Rummikub 小學邀請賽").click()

    page.get_by_role("link", name="學校").first.click()
    form = page.locator("#school-form")
    form.get_by_label("中文名稱").fill("獅山小學")
    form.get_by_label("英文名稱").fill("Lion Hill Primary School")
    form.get_by_label("簡稱代號").fill("lhp")
    form.get_by_role("button", name="登記這間學校").click()
    page.wait_for_selector(".message")
    assert School.objects.get().code == "LHP"

    page.get_by_role("link", name="參加者").first.click()
    page.locator("#player-form").get_by_role("button", name="登記這位參加者").click()
    assert page.locator("#player-form .errorlist").first.inner_text() == "請填寫參加者的中文或英文姓名。"
    register_player(page, "陳俊傑", "Chan Chun Kit", "5A")
    register_player(page, "歐陽天佑", "", "6D")
    assert list(Player.objects.values_list("name_zh", "number")) == [("陳俊傑", 1), ("歐陽天佑", 2)]

    page.get_by_role("link", name="輪次及比賽桌").click()
    page.get_by_role("link", name="第一輪").click()
    page.locator("#table-form").get_by_role("button", name="新增比賽桌").click()
    page.wait_for_selector(".message")
    page.get_by_role("link", name="第 1 桌").click()
    for player in ("#1 陳俊傑 (Chan Chun Kit) · LHP", "#2 歐陽天佑 · LHP"):
        seat_form = page.locator("#seat-form")
        seat_form.get_by_label("參加者").select_option(label=player)
        seat_form.get_by_role("button", name="安排座位").click()
        page.wait_for_selector(".message, #seat-warnings")
        if page.locator("#seat-warnings").count():  # a classmate already sits here: seat all the same
            assert "同校同桌" in page.locator("#seat-warnings").inner_text()
            seat_form = page.locator("#seat-form")
            seat_form.locator("select[name='player']").select_option(label=player)
            seat_form.get_by_label("仍然安排這位參加者入座").check()
            seat_form.get_by_role("button", name="安排座位").click()
            page.wait_for_selector(".message")
    seats = list(Seat.objects.order_by("letter").values_list("letter", "player__name_zh"))
    assert seats == [("A", "陳俊傑"), ("B", "歐陽天佑")]
    assert page.locator(".seat-list li").first.inner_text().startswith("甲 #1 陳俊傑")
    screenshot(page, "organiser-table-zh-hant")

    table_url = page.url
    page.get_by_role("link", name="English").click()
    page.wait_for_url(table_url)
    assert page.get_by_role("heading", level=1).inner_text().startswith("Table 1")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.get_by_role("button", name="Log out").is_visible()
    screenshot(page, "organiser-table-en")

    page.get_by_role("link", name="Progress").click()
    screenshot(page, "organiser-progress-en")
    assert Table.objects.get().seats.count() == 2

    log_in(phone_page, base)
    phone_page.goto(table_url)
    assert_no_horizontal_scroll(phone_page)
    screenshot(phone_page, "organiser-table-phone-zh-hant")
    phone_page.goto(f"{base}/organise/{tournament.slug}/players/")
    assert_no_horizontal_scroll(phone_page)


CUT_OFF = """() => {
    const cut = [...document.querySelectorAll("table, .table-wrap, nav.tabs")]
        .filter((box) => box.scrollWidth > box.clientWidth + 1)
        .map((box) => `${box.className}: ${box.scrollWidth} > ${box.clientWidth}`);
    const current = document.querySelector("nav.tabs a[aria-current]");
    if (current) {
        const shown = current.getBoundingClientRect();
        if (shown.left < 0 || shown.right > window.innerWidth) cut.push(`current tab at ${shown.right}`);
    }
    return cut;
}"""


def test_every_organiser_page_fits_a_phone_in_both_languages(live_server, phone_page, screenshot, tournament):
    """At 360 px no page scrolls sideways, no list or tab bar hides a column or a tab in a scroll box, the
    current tab is on screen, and each page offers the language switch."""
    base = live_server.url
    slug = tournament.slug
    organiser = tournament.organisers.get()
    school = school_create(
        actor=organiser,
        tournament=tournament,
        name_zh="獅山小學",
        name_en="Lion Hill Primary School",
        code="LHP",
    )
    player = player_create(
        actor=organiser, tournament=tournament, school=school, name_zh="歐陽天佑", name_en="Au Yeung Tin Yau"
    )
    other = player_create(
        actor=organiser, tournament=tournament, school=school, name_zh="司徒樂怡", name_en="Szeto Lok Yi"
    )
    round_ = tournament.rounds.get()
    table = table_create(actor=organiser, round_=round_)
    seat_assign(actor=organiser, table=table, player=player)
    seat_assign(actor=organiser, table=table, player=other)
    game_result_submit(
        actor=organiser, table=table, game_number=1, ending="went-out", hands=went_out("A", {"B": 12})
    )
    round_create(
        actor=organiser,
        tournament=tournament,
        name="第二輪",
        date=datetime.date(2026, 12, 12),
        start_time=datetime.time(14, 0),
    )
    referee_account_create(
        actor=organiser, tournament=tournament, username="referee1", display_name="張志明", password=PASSWORD
    )
    Tournament.objects.filter(pk=tournament.pk).update(standings_released=True)
    pages = [
        "/organise/",
        "/organise/new/",
        *(f"/organise/{slug}/{page}" for page in ["", "settings/", "schools/", "players/", "rounds/"]),
        *(f"/organise/{slug}/{page}" for page in ["referees/", "referees/cards/", "standings/", "exports/"]),
        "/account/password/",
        f"/organise/{slug}/import/",
        f"/organise/{slug}/check-in/",
        f"/organise/{slug}/players/{player.pk}/substitute/",
        f"/t/{slug}/find/?number={player.number}",
        f"/organise/{slug}/schools/{school.pk}/",
        f"/organise/{slug}/players/{player.pk}/",
        f"/organise/{slug}/rounds/{round_.pk}/",
        f"/organise/{slug}/tables/{table.pk}/",
        f"/weather/{slug}/manage/",
        f"/weather/{slug}/manage/snapshots/",
        f"/t/{slug}/",
        f"/weather/{slug}/",
        "/",
    ]
    log_in(phone_page, base)
    for language in ("zh-hant", "en"):
        for path in pages:
            phone_page.goto(base + path)
            assert phone_page.locator("html").get_attribute("lang").lower().startswith(language[:2]), path
            assert phone_page.locator("nav.languages a").count() == 2, path
            width = phone_page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE_WIDTH, (language, path, width)
            assert phone_page.evaluate(CUT_OFF) == [], (language, path)
        for name in ("rounds", "players", "schools"):
            phone_page.goto(f"{base}/organise/{slug}/{name}/")
            screenshot(phone_page, f"organiser-{name}-phone-{language}")
        phone_page.get_by_role("link", name="English").click()
        phone_page.wait_for_load_state()


def test_destructive_buttons_ask_first(live_server, page, tournament):
    """A dismissed confirmation deletes nothing; an accepted one deletes, in real Chromium."""
    organiser = tournament.organisers.get()
    round_ = tournament.rounds.get()
    table_create(actor=organiser, round_=round_)
    table_create(actor=organiser, round_=round_)
    school = school_create(actor=organiser, tournament=tournament, name_zh="獅山小學", name_en="", code="LHP")
    player = player_create(actor=organiser, tournament=tournament, school=school, name_zh="陳俊傑")
    table = round_.tables.order_by("number").first()
    seat_assign(actor=organiser, table=table, player=player)
    asked: list[str] = []

    def answer(accept: bool):
        def handle(dialog) -> None:
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        return handle

    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/organise/{tournament.slug}/tables/{table.pk}/")
    page.once("dialog", answer(False))
    with page.expect_event("dialog"):
        page.locator('.seat-list form[data-confirm] button[type="submit"]').click()
    assert asked == ["要清空第 1 桌的甲座（#1 陳俊傑）嗎？"]
    assert Seat.objects.count() == 1
    page.once("dialog", answer(True))
    page.locator('.seat-list form[data-confirm] button[type="submit"]').click()
    page.wait_for_selector(".message")
    assert Seat.objects.count() == 0

    page.goto(f"{live_server.url}/organise/{tournament.slug}/rounds/")
    delete = page.get_by_role("button", name="刪除")
    page.once("dialog", answer(False))
    with page.expect_event("dialog"):
        delete.click()
    assert asked[-1] == "要刪除第一輪及其 2 張比賽桌嗎？桌上的座位及評審員安排亦會一併刪除。"
    assert tournament.rounds.count() == 1
    assert Table.objects.count() == 2
    page.once("dialog", answer(True))
    delete.click()
    page.wait_for_selector(".message")
    assert tournament.rounds.count() == 0
    assert Table.objects.count() == 0


def test_chinese_column_headers_keep_their_words_whole_on_a_phone(live_server, phone_page):
    """「名次 ▲」 broke into 「名」 over 「次 ▲」 in the organiser's standings at 360 px."""
    from django.core.management import call_command

    call_command("load_demo", verbosity=0)
    base, page = live_server.url, phone_page
    page.goto(f"{base}/login/")
    page.fill('input[name="username"]', "organiser")
    page.fill('input[name="password"]', "tableref-demo")
    page.get_by_role("button", name="登入").last.click()
    page.wait_for_load_state()
    for path in ("/organise/demo/standings/", "/t/demo/standings/", "/t/demo/"):
        page.goto(base + path)
        broken = page.evaluate(
            """Array.from(document.querySelectorAll('thead th')).filter(cell => {
                const range = document.createRange(); range.selectNodeContents(cell);
                return new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top))).size > 1;
            }).map(cell => cell.innerText)"""
        )
        assert broken == [], path
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH, path
