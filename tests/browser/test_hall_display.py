"""The hall's screen through a round, in real Chromium at 1920x1080, driven from the organiser's and a
referee's phones: the draw, the clock started, a table given extra time, an announcement on the screen and
on the referee's console, a table signed off, results held until the round is released, the school
standings, and a prize-giving revealed prize by prize (the page never holding a prize ahead of its tap).
Screenshots of the screen and of the phones in both languages."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from referee.draws.services.seats import seat_assign
from referee.hall_screen.services.announcements import announcement_clear, announcement_post
from referee.hall_screen.services.round_clock import round_clock_start
from referee.hall_screen.views import display as hall_display
from referee.models import Table, Tournament
from referee.people.services.people import player_create, school_create
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.tournaments.services.referees import referee_account_create
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import SETTINGS_FIELDS, tournament_create, tournament_update
from referee.wording.names import public_label
from scoring import PlayerInput

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "organiser-pass-1"
HALL = {"width": 1920, "height": 1080}


@pytest.fixture
def organiser():
    user = get_user_model().objects.create_user("organiser", password=PASSWORD, first_name="黃主任")
    user.user_permissions.add(
        Permission.objects.get(codename="add_tournament", content_type__app_label="referee")
    )
    return get_user_model().objects.get(pk=user.pk)


@pytest.fixture
def cup(organiser) -> Tournament:
    """Two schools, eight children, round 1 drawn onto two tables with a referee each; results held."""
    tournament = tournament_create(actor=organiser, name="小學邀請賽", slug="cup", ruleset="hk-school")
    values = {name: getattr(tournament, name) for name in SETTINGS_FIELDS}
    tournament_update(
        actor=organiser,
        tournament=tournament,
        **{**values, "standings_released": True, "hold_results": True, "school_best_count": 2},
    )
    schools = [
        school_create(actor=organiser, tournament=tournament, name_zh=name, name_en=english, code=code)
        for name, english, code in (
            ("海濱小學", "Harbourside Primary", "HSP"),
            ("山頂小學", "Peak Primary", "PEAK"),
        )
    ]
    names = ["陳俊傑", "李詠琳", "張家豪", "黃嘉儀", "劉子晴", "何志明", "林美玲", "吳家樂"]
    players = [
        player_create(actor=organiser, tournament=tournament, school=schools[i % 2], name_zh=name)
        for i, name in enumerate(names)
    ]
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="第一輪",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9, 30),
    )
    for number in (1, 2):
        referee = referee_account_create(
            actor=organiser,
            tournament=tournament,
            username=f"ref{number}",
            display_name=f"評審{number}",
            password=PASSWORD,
        )
        table = table_create(actor=organiser, round_=round_)
        table_assign_referee(actor=organiser, table=table, referee=referee)
        for letter, player in zip("ABCD", players[(number - 1) * 4 : number * 4], strict=True):
            seat_assign(actor=organiser, table=table, player=player, letter=letter)
    return Tournament.objects.get(pk=tournament.pk)


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name="登入").last.click()
    page.wait_for_load_state("domcontentloaded")


def ticks_from(screen, shown: str) -> None:
    """Wait until the screen's clock shows another time than `shown` (it counts in the browser)."""
    screen.wait_for_function(
        "shown => document.querySelector('[data-clock-time]').textContent.trim() !== shown", arg=shown
    )


def play_table(table: Table, winners: str) -> None:
    """Three games as the table's referee, each won by the seat given."""
    table = Table.objects.select_related("referee").get(pk=table.pk)
    for number, winner in enumerate(winners, start=1):
        hands = [PlayerInput(winner, went_out=True)] + [
            PlayerInput(seat, rack_value=10 * (index + 1))
            for index, seat in enumerate(s for s in "ABCD" if s != winner)
        ]
        game_result_submit(
            actor=table.referee, table=table, game_number=number, ending="went-out", hands=hands
        )


@pytest.fixture
def screen(chromium_browser, live_server, monkeypatch):
    monkeypatch.setattr(hall_display, "STATE_SECONDS", 1)
    context = chromium_browser.new_context(viewport=HALL, locale="zh-HK")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def test_a_round_on_the_hall_screen(
    live_server, screen, phone_page, chromium_browser, screenshot, cup, organiser
):
    base = live_server.url
    table_1, table_2 = Table.objects.filter(round__tournament=cup).order_by("number")
    screen.goto(f"{base}/t/cup/hall/")

    # Before the round: the draw by player number.
    expect(screen.locator(".hall-draw-list li")).to_have_count(8)
    expect(screen.locator(".hall-draw-list li").first).to_contain_text("陳○○")
    screenshot(screen, "hall-draw")

    # The organiser starts the clock from a phone.
    organiser_phone = phone_page
    log_in(organiser_phone, base, "organiser")
    organiser_phone.goto(f"{base}/organise/cup/hall/")
    organiser_phone.fill("input[name='minutes']", "45")
    organiser_phone.get_by_role("button", name="開始本輪計時").click()
    expect(organiser_phone.locator(".message")).to_contain_text("本輪時間已開始")
    expect(screen.locator("[data-clock-time]")).to_have_text(re.compile(r"^4[45]:\d\d$"))
    ticks_from(screen, screen.locator("[data-clock-time]").inner_text())  # it ticks in the browser
    expect(organiser_phone.locator("[data-strip-time]")).to_have_text(re.compile(r"^4[45]:\d\d$"))

    # Extra time for table 2, with its reason; an announcement.
    organiser_phone.select_option("select[name='table']", str(table_2.pk))
    organiser_phone.fill("#extra-time input[name='minutes']", "5")
    organiser_phone.fill("#extra-time input[name='reason']", "遲了開始 Late start")
    organiser_phone.get_by_role("button", name="給予額外時間").click()
    expect(screen.locator("[data-table='2'] .extra")).to_have_text("+5 min")
    expect(screen.locator("[data-table='2'] .reason")).to_have_text("遲了開始 Late start")
    organiser_phone.fill("input[name='text_zh']", "第二輪 11:15 開始")
    organiser_phone.fill("input[name='text_en']", "Round 2 starts at 11:15")
    organiser_phone.get_by_role("button", name="在屏幕及評審員手機上顯示").click()
    expect(screen.locator("[data-announcement-zh]")).to_have_text("第二輪 11:15 開始")
    expect(screen.locator("[data-announcement-en]")).to_have_text("Round 2 starts at 11:15")
    screenshot(organiser_phone, "organiser-hall-phone-zh-hant")
    organiser_phone.goto(f"{base}/language/en/?next=/organise/cup/hall/")
    expect(organiser_phone.locator("h1")).to_have_text("Hall screen")
    screenshot(organiser_phone, "organiser-hall-phone-en")

    # The referee of table 2 sees the clock, the table's extra time and the announcement on the console.
    referee_context = chromium_browser.new_context(viewport={"width": 360, "height": 740}, locale="zh-HK")
    referee_phone = referee_context.new_page()
    log_in(referee_phone, base, "ref2@cup")
    referee_phone.goto(f"{base}/referee/tables/{table_2.pk}/")
    strip = referee_phone.locator("[data-hall-strip]")
    expect(strip.locator("[data-strip-announcement]")).to_contain_text("第二輪 11:15 開始")
    expect(strip.locator("[data-strip-extra]")).to_contain_text(
        "此桌額外時間：+5 分鐘（遲了開始 Late start）"
    )
    expect(strip.locator("[data-strip-time]")).to_have_text(re.compile(r"^(49|50):\d\d$"))
    screenshot(referee_phone, "referee-hall-strip-phone-zh-hant")
    referee_phone.goto(f"{base}/language/en/?next=/referee/tables/{table_2.pk}/")
    expect(strip.locator("[data-strip-extra]")).to_contain_text("Extra time for this table: +5 min")
    screenshot(referee_phone, "referee-hall-strip-phone-en")

    # Table 1 plays its three games and is signed off: finished on the screen; its results are held.
    play_table(table_1, "BBC")
    table_sign_off(actor=table_1.referee, table=Table.objects.get(pk=table_1.pk))
    expect(screen.locator("[data-table='1']")).to_have_class("table-finished")
    expect(screen.locator("[data-count-finished]")).to_have_text("1")
    screenshot(screen, "hall-clock")
    standings = screen.context.request.get(f"{base}/t/cup/standings/fragment/").text()
    assert "李○○" not in standings  # table 1's winner, held with its round

    # The time ends; table 2 keeps its extra minutes, then finishes; still held until the release.
    organiser_phone.goto(f"{base}/language/zh-hant/?next=/organise/cup/hall/")
    organiser_phone.once("dialog", lambda dialog: dialog.accept())
    organiser_phone.get_by_role("button", name="結束本輪時間").click()
    expect(screen.locator("[data-time-up]")).to_be_visible()
    expect(screen.locator("[data-table='2'] .extra-left")).to_have_text(re.compile(r"^[45]:\d\d$"))
    screenshot(screen, "hall-time-up")
    play_table(table_2, "AAA")
    table_sign_off(actor=table_2.referee, table=Table.objects.get(pk=table_2.pk))
    assert "李○○" in screen.context.request.get(f"{base}/t/cup/standings/fragment/").text()  # all signed off

    # Results: table winners, the top ten and the schools ranked by their best two children.
    expect(screen.locator(".hall-results")).to_be_visible()
    expect(screen.locator(".hall-winner-list li").first).to_contain_text("李○○")
    expect(screen.locator(".hall-schools li")).to_have_count(2)
    expect(screen.locator(".hall-rule-line[lang='zh-Hant-HK']")).to_contain_text("最佳 2 名")
    expect(screen.locator(".hall-rule-line[lang='en']")).to_contain_text("best 2 children")
    screenshot(screen, "hall-results")

    # The prize-giving: places 1 to 3 and a school trophy, revealed one tap at a time.
    organiser_phone.goto(f"{base}/organise/cup/prizes/")
    organiser_phone.get_by_label("總名次").check()
    organiser_phone.fill("input[name='places']", "3")
    organiser_phone.get_by_role("button", name="加入", exact=True).click()
    organiser_phone.get_by_label("學校獎（學校排名的名次）").check()
    organiser_phone.fill("input[name='places']", "1")
    organiser_phone.get_by_role("button", name="加入", exact=True).click()
    organiser_phone.get_by_role("button", name="按最終排名填寫得獎者").click()
    organiser_phone.get_by_role("button", name="在禮堂屏幕顯示頒獎").click()
    expect(screen.locator(".prize-soon")).to_be_visible()
    prizes = list(cup.prizes.order_by("position").prefetch_related("players"))
    revealed: list = []
    for prize in prizes:
        organiser_phone.get_by_role("button", name="公布下一個獎項").click()
        revealed.append(prize)
        expect(screen.locator("[data-prize]")).to_have_count(len(revealed))
        html = screen.content() + screen.context.request.get(f"{base}/t/cup/hall/state.json").text()
        for later in prizes[len(revealed) :]:
            for winner in later.players.all():
                assert public_label(winner, cup.privacy) not in html
    expect(screen.locator(".prize-spotlight")).to_contain_text("海濱小學")  # the school trophy last
    screenshot(organiser_phone, "organiser-prizes-phone-zh-hant")
    screenshot(screen, "hall-prizes")
    organiser_phone.goto(f"{base}/language/en/?next=/organise/cup/prizes/")
    expect(organiser_phone.locator("#prize-list")).to_contain_text("School trophy: 1st place")
    screenshot(organiser_phone, "organiser-prizes-phone-en")

    # The schools' notices, ready to paste, with the results now public.
    organiser_phone.goto(f"{base}/language/zh-hant/?next=/organise/cup/notices/")
    notice = organiser_phone.locator("#notice-HSP textarea")
    expect(notice).to_have_value(re.compile("第一輪第 1 桌"))
    expect(notice).to_have_value(re.compile("Our school: place 1 of 2"))
    organiser_phone.locator("#notice-HSP [data-copy]").click()
    expect(organiser_phone.locator("#notice-HSP [data-copy-status]")).to_have_text("已複製。")
    screenshot(organiser_phone, "organiser-notices-phone-zh-hant")
    referee_context.close()


def test_the_screen_keeps_counting_without_the_network_and_catches_up(
    live_server, screen, cup, organiser, hall_network
):
    base = live_server.url
    round_ = cup.rounds.get()
    round_clock_start(actor=organiser, round_=round_, minutes=30)
    screen.goto(f"{base}/t/cup/hall/")
    expect(screen.locator("[data-clock-time]")).to_have_text(re.compile(r"^(29|30):\d\d$"))
    screen.context.set_offline(True)
    expect(screen.locator("[data-offline]")).to_be_visible()
    before = screen.locator("[data-clock-time]").inner_text()
    announcement_post(actor=organiser, tournament=cup, text_zh="午膳時間", text_en="Lunch")
    screen.wait_for_event("requestfailed", lambda request: "state.json" in request.url)  # a poll, offline
    ticks_from(screen, before)  # still counting
    assert screen.locator("[data-announcement]").is_hidden()
    screen.context.set_offline(False)
    expect(screen.locator("[data-announcement-zh]")).to_have_text("午膳時間")
    expect(screen.locator("[data-offline]")).to_be_hidden()
    # A server that takes the request and never answers (a laptop gone from the Wi-Fi): the screen gives each
    # poll up after a few seconds, says so, keeps counting, and is back once answers come again.
    screen.route("**/hall/state.json", lambda route: None)
    expect(screen.locator("[data-offline]")).to_be_visible(timeout=15_000)
    announcement_clear(actor=organiser, tournament=cup)
    ticks_from(screen, screen.locator("[data-clock-time]").inner_text())
    screen.unroute("**/hall/state.json")
    expect(screen.locator("[data-announcement]")).to_be_hidden(timeout=15_000)
    expect(screen.locator("[data-offline]")).to_be_hidden()


def test_sound_is_off_until_a_person_turns_it_on(live_server, screen, cup):
    screen.goto(f"{live_server.url}/t/cup/hall/")
    button = screen.locator("[data-sound]")
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(button).to_contain_text("關閉聲音")
