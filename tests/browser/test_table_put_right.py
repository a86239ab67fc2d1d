"""When the day goes wrong at a table, in real Chromium on a phone (360 px), in both languages: the organiser
fixes a wrong seat after game 1 and voids a game; a referee marks a child gone after game 2, the table plays
on without them, and the next round is drawn without them. Screenshots go to docs/screenshots/."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from referee.draws.services.seats import seat_assign
from referee.models import Attendance, Player, Seat, Table
from referee.people.services.people import player_create, school_create
from referee.play.selectors.sheets import sheet_outcome, table_sheet
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.standings.selectors.standings import standings
from referee.tournaments.services.referees import referee_account_create
from referee.tournaments.services.schedule import table_assign_referee, table_create
from referee.tournaments.services.tournaments import tournament_create
from scoring import PlayerInput
from tests.browser.conftest import SCREENSHOTS
from tests.referee.draw_helpers import draw_and_seat, make_field, make_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "put-right-pass-1"
PHONE_WIDTH = 360
LANGUAGES = ("zh-hant", "en")
WORDS = {
    "zh-hant": {
        "log in": "登入",
        "fix summary": "更正座位：實際由另一位參加者坐",
        "fix button": "更正座位",
        "fixed": "座位已更正",
        "void summary": "作廢一局：須重打",
        "void button": "作廢這一局",
        "voided": "該局已作廢",
        "leave summary": "參加者離開本桌",
        "leave button": "標示為離開",
        "left": "由第 3 局起離開",
        "saved 3": "已儲存第 3 局",
    },
    "en": {
        "log in": "Log in",
        "fix summary": "Fix a seat: another child sat there",
        "fix button": "Fix the seat",
        "fixed": "Seat corrected",
        "void summary": "Void a game: it is played again",
        "void button": "Void the game",
        "voided": "Game voided",
        "leave summary": "A player leaves the table",
        "leave button": "Mark as gone",
        "left": "is gone from game 3",
        "saved 3": "Game 3 saved",
    },
}


def organiser_with_tournament(slug: str):
    organiser = get_user_model().objects.create_user("organiser", password=PASSWORD, first_name="黃主任")
    organiser.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    tournament = tournament_create(actor=organiser, name="小學邀請賽", slug=slug, ruleset="hk-school")
    referee = referee_account_create(
        actor=organiser, tournament=tournament, username="ref1", display_name="陳大文", password=PASSWORD
    )
    return organiser, tournament, referee


def log_in(page, base: str, username: str, language: str) -> None:
    page.goto(f"{base}/login/")
    if language == "en":
        page.get_by_role("link", name="English").click()
        page.wait_for_load_state()
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name=WORDS[language]["log in"]).last.click()
    page.wait_for_load_state()


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


def game(letters: str, winner: str, value: int = 5) -> list[PlayerInput]:
    return [
        PlayerInput(letter, went_out=True) if letter == winner else PlayerInput(letter, rack_value=value)
        for letter in letters
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_organiser_fixes_a_wrong_seat_and_voids_a_game(live_server, phone_page, screenshot, language):
    organiser, tournament, referee = organiser_with_tournament(f"seat-{language}")
    school = school_create(actor=organiser, tournament=tournament, name_zh="獅山小學", name_en="", code="LHP")
    players = [
        player_create(actor=organiser, tournament=tournament, school=school, name_zh=name)
        for name in ("陳俊傑", "李詠琳", "張家豪", "黃嘉儀", "劉子晴")
    ]
    round_ = make_round(organiser, tournament, "第一輪")
    table = table_create(actor=organiser, round_=round_)
    table_assign_referee(actor=organiser, table=table, referee=referee)
    for letter, player in zip("ABCD", players[:4], strict=True):
        seat_assign(actor=organiser, table=table, player=player, letter=letter)
    game_result_submit(actor=referee, table=table, game_number=1, ending="went-out", hands=game("ABCD", "A"))
    words = WORDS[language]
    base = live_server.url
    page = phone_page
    log_in(page, base, "organiser", language)
    page.goto(f"{base}/organise/{tournament.slug}/tables/{table.pk}/")
    fits(page)

    # Game 1 was played by 劉子晴 in seat A, not 陳俊傑: the seat's results move to her.
    fix = page.locator("details#fix-seat")
    fix.locator("summary").filter(has_text=words["fix summary"]).click()
    fix.locator("select[name='seat']").select_option("A")
    fix.locator("select[name='player']").select_option(str(players[4].pk))
    fix.locator("[name='reason']").fill("坐錯了：甲座應為劉子晴")
    fits(page)
    fix.screenshot(path=str(SCREENSHOTS / f"table-fix-seat-phone-{language}.png"))
    fix.get_by_role("button", name=words["fix button"]).click()
    page.wait_for_selector(f".message:has-text('{words['fixed']}')")
    assert Seat.objects.get(table=table, letter="A").player == players[4]
    rows = {row.number: row for row in standings(tournament, final_only=False)}
    assert rows[players[4].number].games_won == 1
    assert players[0].number not in rows
    assert "劉子晴" in page.locator(".legend").inner_text()
    assert "坐錯了：甲座應為劉子晴" in page.locator("ul.history").inner_text()

    # Game 2 cannot be put right: voided, the table plays it again.
    game_result_submit(actor=referee, table=table, game_number=2, ending="went-out", hands=game("ABCD", "B"))
    page.reload()
    void = page.locator("details#void-game")
    void.locator("summary").filter(has_text=words["void summary"]).click()
    void.locator("select[name='game']").select_option("2")
    void.locator("[name='reason']").fill("牌數不對，重打")
    page.once("dialog", lambda dialog: dialog.accept())
    void.get_by_role("button", name=words["void button"]).click()
    page.wait_for_selector(f".message:has-text('{words['voided']}')")
    assert list(table.games.values_list("number", flat=True)) == [1]
    fits(page)
    screenshot(page, f"table-after-void-phone-{language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_child_leaves_after_game_2_and_the_next_round_is_drawn_without_them(
    live_server, phone_page, screenshot, language
):
    organiser, tournament, referee = organiser_with_tournament(f"leave-{language}")
    make_field(organiser, tournament)
    first = make_round(organiser, tournament, "第一輪")
    draw_and_seat(organiser, first, seed=7)
    table = Table.objects.get(round=first, number=1)
    table_assign_referee(actor=organiser, table=table, referee=referee)
    letters = "".join(table.seats.order_by("letter").values_list("letter", flat=True))
    for number, winner in ((1, "A"), (2, "B")):
        game_result_submit(
            actor=referee, table=table, game_number=number, ending="went-out", hands=game(letters, winner)
        )
    gone = table.seats.get(letter="C").player
    words = WORDS[language]
    base = live_server.url
    page = phone_page
    log_in(page, base, referee.username, language)
    page.goto(f"{base}/referee/tables/{table.pk}/")

    leaving = page.locator("details#leaving")
    leaving.locator("summary").filter(has_text=words["leave summary"]).click()
    leaving.locator("select[name='seat']").select_option("C")
    assert leaving.locator("input[name='from_game']").input_value() == "3"
    leaving.locator("[name='reason']").fill("身體不適，家長接走")
    fits(page)
    leaving.screenshot(path=str(SCREENSHOTS / f"table-leave-phone-{language}.png"))
    leaving.get_by_role("button", name=words["leave button"]).click()
    page.wait_for_selector(f".message:has-text('{words['left']}')")
    gone.refresh_from_db()
    assert gone.attendance == Attendance.WITHDRAWN

    # Game 3 asks only about those still there; seat C cannot be marked as going out.
    entry = page.locator("form.game-entry")
    assert entry.locator("fieldset.hand[data-seat='C']").count() == 0
    assert entry.locator("input[name='went_out'][value='C']").count() == 0
    page.check("input[name='went_out'][value='A']")
    for letter in letters:
        if letter not in "AC":
            page.fill(f"input[name='rack_value_{letter}']", "8")
    page.locator("form.game-entry button[value='save-game']").click()
    page.wait_for_selector(f".message:has-text('{words['saved 3']}')")
    hands = table.games.get(number=3).hands.select_related("seat")
    assert sorted(hand.seat.letter for hand in hands) == sorted(letter for letter in letters if letter != "C")
    fits(page)
    screenshot(page, f"table-played-on-phone-{language}")

    # The rest of round 1 is signed off; round 2 is drawn without the child who left.
    for other in Table.objects.filter(round=first):
        other = Table.objects.get(pk=other.pk)
        seated = "".join(other.seats.order_by("letter").values_list("letter", flat=True))
        while not sheet_outcome(tournament, table_sheet(other)).finished:
            playing = "".join(
                seat.letter for seat in table_sheet(other).seats if seat.plays(other.games.count() + 1)
            )
            game_result_submit(
                actor=organiser,
                table=other,
                game_number=other.games.count() + 1,
                ending="went-out",
                hands=game(playing or seated, (playing or seated)[0]),
            )
        table_sign_off(actor=organiser, table=other)
    second = make_round(organiser, tournament, "第二輪")
    draw_and_seat(organiser, second, seed=3)
    seated_next = set(Seat.objects.filter(round=second).values_list("player_id", flat=True))
    assert gone.pk not in seated_next
    assert len(seated_next) == Player.objects.filter(tournament=tournament).count() - 1
    page.goto(f"{base}/t/{tournament.slug}/rounds/{second.pk}/draw/")
    assert f">{gone.number}<" not in page.locator(".seated-tables").inner_text()
    fits(page)
    screenshot(page, f"public-draw-without-them-phone-{language}")
