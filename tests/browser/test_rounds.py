"""Round 2 made from round 1's standings in real Chromium: the organiser draws it by standings (the top 8),
swaps two players by hand and sees the report follow, seats it; the referee of table 1 keeps table 1 and
saves its first game."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from referee.draws.selectors.draws import round_seated_draw
from referee.models import Game, Table
from referee.tournaments.services.referees import referee_account_create
from referee.tournaments.services.schedule import table_assign_referee
from referee.tournaments.services.tournaments import tournament_create
from tests.referee.draw_helpers import draw_and_seat, make_field, make_round, play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "rounds-pass-1"


@pytest.fixture
def played():
    """13 players of three schools; round 1 drawn, refereed and played to sign-off; round 2 waiting."""
    organiser = get_user_model().objects.create_user("organiser", password=PASSWORD, first_name="黃主任")
    organiser.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    tournament = tournament_create(actor=organiser, name="小學邀請賽", slug="cup", ruleset="hk-school")
    referee = referee_account_create(
        actor=organiser, tournament=tournament, username="ref1", display_name="陳大文", password=PASSWORD
    )
    make_field(organiser, tournament)
    first = make_round(organiser, tournament, "第一輪")
    draw_and_seat(organiser, first, seed=7)
    table_one = Table.objects.get(round=first, number=1)
    table_assign_referee(actor=organiser, table=table_one, referee=referee)
    play_round(organiser, first)
    second = make_round(organiser, tournament, "第二輪")
    return tournament, second, referee


def log_in(page, base: str, username: str, landing: str) -> None:
    page.goto(f"{base}/login/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name="登入").last.click()
    page.wait_for_url(f"{base}{landing}")


def report_value(page, label: str) -> str:
    return page.locator(f"#draw-report dt:has-text('{label}') + dd").inner_text()


def test_round_two_from_round_one_standings_then_played(
    live_server, page, chromium_browser, screenshot, played
):
    tournament, second, referee = played
    base = live_server.url
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    log_in(page, base, "organiser", "/organise/")
    page.goto(f"{base}/organise/{tournament.slug}/rounds/{second.pk}/")
    page.get_by_role("link", name="編排桌次").click()

    page.check("input[name='rule'][value='top']")
    page.fill("input[name='top']", "8")
    page.check("input[name='mode'][value='by-standings']")
    page.fill("input[name='table_max']", "4")
    page.fill("input[name='table_min']", "3")
    page.fill("#draw-form input[name='seed']", "42")
    page.locator("#draw-form button[type='submit']").click()
    page.wait_for_selector("#draw-preview")
    assert page.locator("#draw-preview .table-card").count() == 2
    assert report_value(page, "每桌人數合乎規則") == "是"
    screenshot(page, "organiser-round-draw-zh-hant")

    # Swap the leader (seat A of table 1) with a player of table 2: the engine's report is made again.
    first_table = page.locator("#draw-preview .table-card[data-table='1'] li[data-player]")
    second_table = page.locator("#draw-preview .table-card[data-table='2'] li[data-player]")
    one = first_table.first.get_attribute("data-player")
    two = second_table.first.get_attribute("data-player")
    page.select_option("#swap-form select[name='first']", one)
    page.select_option("#swap-form select[name='second']", two)
    page.locator("#swap-form button").click()
    page.wait_for_selector(".message")
    assert page.locator(f"#draw-preview .table-card[data-table='2'] li[data-player='{one}']").count() == 1
    assert page.locator("#draw-preview").inner_text().count("編排後人手對調 1 次") == 1

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#commit-form button").click()
    page.wait_for_selector("#seated")
    draw = round_seated_draw(second)
    assert draw.swaps == [[one, two]]
    tables = list(Table.objects.filter(round=second).order_by("number"))
    assert [table.seats.count() for table in tables] == [4, 4]
    assert tables[0].referee_id == referee.pk  # the referee stays at table 1
    assert errors == []
    page.goto(f"{base}/t/{tournament.slug}/rounds/{second.pk}/draw/")
    assert page.locator("#draw-seed").inner_text() == "42"
    assert "python3 -m seating draw" in page.locator("pre.command").inner_text()
    screenshot(page, "public-round-draw-zh-hant")

    # The referee of table 1 saves game 1 of round 2 on the referee's page.
    context = chromium_browser.new_context(viewport={"width": 360, "height": 740}, locale="zh-HK")
    phone = context.new_page()
    phone.set_default_timeout(15_000)
    log_in(phone, base, "ref1@cup", "/referee/")
    phone.goto(f"{base}/referee/tables/{tables[0].pk}/")
    phone.check("input[name='went_out'][value='A']")
    for letter, value in zip("BCD", ("5", "8", "13"), strict=True):
        phone.fill(f"input[name='rack_value_{letter}']", value)
    phone.locator("form.game-entry button[value='save-game']").click()
    phone.wait_for_selector(".message:has-text('已儲存第 1 局')")
    context.close()
    game = Game.objects.get(table=tables[0])
    assert game.number == 1
