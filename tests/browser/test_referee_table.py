"""A referee's table in real Chromium on a phone (360 px): the demo referee of table 3 records the drawn
numbers, plays three games (one with a pool-exhausted shared win, one with players who never melded,
entered as tiles), works out an unrestorable table, signs off, and the released standings show the table.
Screenshots go to docs/screenshots/ for the README and the referee's guide."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from referee.draws.services.seats import seat_assign
from referee.models import Game, Incident, Table
from referee.people.services.people import player_create, school_create
from referee.play.services.results import game_result_submit
from referee.tournaments.services.referees import referee_add
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import tournament_create
from scoring import PlayerInput
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
    log_in(page, base, "referee3@demo")
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
    type_rack(page, "C", "Ｙ１０　ｙ１１")  # a Chinese keyboard's full-width letters and space
    assert page.locator("fieldset[data-seat='C'] output.rack-total").inner_text() == "= 21"
    type_rack(page, "C", "Y10 Y11")
    page.fill("input[name='rack_value_D']", "12")
    wait_for_preview(page, "+70")
    no_horizontal_scroll(page)
    page.locator("#entry").screenshot(path=str(SCREENSHOTS / "referee-entry-preview-zh-hant.png"))
    save(page, 1)

    # An overtime at the next turn (game 2, being played), and the table cannot be restored: the engine lays
    # the table tiles. The incident is recorded at once and joins game 2 when its result is saved.
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
    recorded = Incident.objects.get(table=demo)
    assert (recorded.game_number, recorded.game) == (2, None)
    assert recorded.tiles_drawn == 3 + recorded.tiles_left_over
    assert recorded.arrangement["sets"]

    # Game 2: the pool ran out and 甲 and 乙 share the lowest rack.
    page.check("input[name='ending'][value='pool-exhausted']")
    assert not page.locator("fieldset.went-out").is_visible()
    type_rack(page, "A", "K1")
    type_rack(page, "B", "R1")
    page.fill("input[name='rack_value_C']", "10")
    type_rack(page, "D", "Y3 Y4")
    wait_for_preview(page, "+7.50")
    save(page, 2)
    recorded.refresh_from_db()
    assert recorded.game == Game.objects.get(table=demo, number=2)

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
    page.once("dialog", lambda dialog: dialog.accept())  # sign-off asks first: it cannot be undone
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
    page.get_by_role("link", name="English").click()
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


def six_player_table(demo):
    """A six-player table of the demo's referee1 with five games in (one a shared win), the sixth to play."""
    users = get_user_model().objects
    organiser, referee = users.get(username="organiser"), users.get(username="referee1@demo")
    tournament = tournament_create(actor=organiser, name="六人賽", slug="six", ruleset="six-player")
    referee_add(actor=organiser, tournament=tournament, username="referee1@demo")
    school = school_create(actor=organiser, tournament=tournament, name_zh="海濱小學", name_en="", code="HSP")
    names = ["歐陽天佑", "司徒樂怡", "陳大文", "李小明", "張家豪", "何浩然"]
    players = [
        player_create(actor=organiser, tournament=tournament, school=school, name_zh=name) for name in names
    ]
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="第一輪",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9, 30),
    )
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for letter, player in zip("ABCDEF", players, strict=True):
        seat_assign(actor=organiser, table=table, player=player, letter=letter)
    racks = [35, 61, 87, 120, 9]
    games = [
        (
            "went-out",
            [PlayerInput("A", went_out=True)]
            + [PlayerInput(letter, rack_value=value) for letter, value in zip("BCDEF", racks, strict=True)],
        )
    ]
    games.append(
        (
            "pool-exhausted",
            [
                PlayerInput(letter, rack_value=v)
                for letter, v in zip("ABCDEF", [1, 1, 4, 8, 20, 55], strict=True)
            ],
        )
    )
    for number in (3, 4, 5):
        winner = "ABCDEF"[number - 1]
        games.append(
            (
                "went-out",
                [
                    PlayerInput(letter, went_out=True)
                    if letter == winner
                    else PlayerInput(letter, rack_value=15 * number + 7 * index)
                    for index, letter in enumerate("ABCDEF")
                ],
            )
        )
    for number, (ending, hands) in enumerate(games, start=1):
        game_result_submit(actor=referee, table=table, game_number=number, ending=ending, hands=hands)
    return table


def sheet_fits(page) -> None:
    no_horizontal_scroll(page)
    widths = page.evaluate(
        "[document.querySelector('table.sheet').scrollWidth,"
        " document.querySelector('.table-wrap').clientWidth]"
    )
    assert widths[0] <= widths[1], widths


def test_a_six_player_table_fits_a_phone(live_server, phone_page, demo):
    """Six columns of scores fit 360 px; copies of a tile are counted over all six racks as they are typed."""
    table = six_player_table(demo)
    page, base = phone_page, live_server.url
    script_errors: list[str] = []
    page.on("pageerror", lambda error: script_errors.append(str(error)))
    log_in(page, base, "referee1@demo")
    page.goto(f"{base}/referee/tables/{table.pk}/")
    sheet_fits(page)

    page.check("input[name='went_out'][value='F']")
    for letter, tiles in zip("ABCDE", ["G1 P2", "J J", "P13 J", "J", "J K1"], strict=True):
        type_rack(page, letter, tiles)
    page.wait_for_selector("fieldset[data-seat='E'] .errorlist:has-text('J 在各牌架合共輸入了 5 隻')")
    assert (
        "J 在各牌架合共輸入了 5 隻，但整副牌只有 4 隻。"
        in page.locator("fieldset[data-seat='B']").inner_text()
    )
    type_rack(page, "E", "K1 K2")
    wait_for_preview(page, "+139")
    save(page, 6)
    sheet_fits(page)
    assert page.locator("p.verdict").count() == 1
    page.get_by_role("link", name="English").click()
    page.wait_for_selector("h1:has-text('Table')")
    sheet_fits(page)
    page.locator(".table-wrap:has(table.sheet)").screenshot(
        path=str(SCREENSHOTS / "referee-six-player-sheet-en.png")
    )
    assert script_errors == []
