"""Destructive buttons ask first: each such form carries a specific, translated question in `data-confirm`,
which static/js/confirm.js puts to the user. Without the script the forms post as before."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from referee.people.services.people import school_create
from referee.play.services.incidents import incident_record
from referee.tournaments.services.schedule import round_create, table_create

CONFIRM = re.compile(r'<form[^>]*data-confirm="([^"]*)"[^>]*>(.*?)</form>', re.S)


def questions(client, url: str, language: str) -> dict[str, str]:
    """The confirmation text of each destructive form on a page, by the form's action value."""
    client.cookies["django_language"] = language
    page = client.get(url).content.decode()
    found = {}
    for question, body in CONFIRM.findall(page):
        action = re.search(r'name="action" value="([\w-]+)"', body).group(1)
        found.setdefault(action, []).append(html.unescape(question))
    return found


@pytest.fixture
def second_round(organiser, tournament):
    import datetime

    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="第二輪",
        date=datetime.date(2026, 12, 12),
        start_time=datetime.time(9, 30),
    )
    for _ in range(3):
        table_create(actor=organiser, round_=round_)
    return round_


def test_the_base_page_loads_the_confirmation_script(organiser_client, tournament):
    page = organiser_client.get(reverse("organiser:rounds", args=[tournament.slug])).content.decode()
    assert re.search(r'<script src="/static/js/confirm\.js" defer></script>', page)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Delete round 第二輪 and its 3 tables? Their seats and referee assignments go too."),
        ("zh-hant", "要刪除第二輪及其 3 張比賽桌嗎？桌上的座位及評審員安排亦會一併刪除。"),
    ],
)
def test_deleting_a_round_asks_first(organiser_client, tournament, second_round, language, expected):
    found = questions(organiser_client, reverse("organiser:rounds", args=[tournament.slug]), language)
    assert found["delete"] == [expected]


@pytest.mark.parametrize(
    ("language", "reason"),
    [("en", "Has results: cannot be deleted"), ("zh-hant", "已有比賽紀錄，不能刪除")],
)
def test_a_round_with_games_offers_no_delete_button_and_says_why(
    organiser_client, tournament, finished_table, language, reason
):
    url = reverse("organiser:rounds", args=[tournament.slug])
    assert "delete" not in questions(organiser_client, url, language)
    page = organiser_client.get(url).content.decode()
    assert 'name="round"' not in page
    assert reason in page


@pytest.mark.parametrize(
    ("language", "table_question", "seat_question"),
    [
        (
            "en",
            "Delete table 1 of 第一輪? Its 4 seats are cleared too.",
            "Clear seat A (#1 陳俊傑) at table 1?",
        ),
        (
            "zh-hant",
            "要刪除第一輪第 1 桌嗎？桌上 4 個座位亦會一併清空。",
            "要清空第 1 桌的甲座（#1 陳俊傑）嗎？",
        ),
    ],
)
def test_deleting_a_table_and_clearing_a_seat_ask_first(
    organiser_client, tournament, table, language, table_question, seat_question
):
    found = questions(
        organiser_client, reverse("organiser:table", args=[tournament.slug, table.pk]), language
    )
    assert found["delete"] == [table_question]
    assert found["remove-seat"][0] == seat_question
    assert len(found["remove-seat"]) == 4


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Remove the incident of game 1, seat A (Turn over one minute: table restored)?"),
        ("zh-hant", "要移除第 1 局甲座的事件（出牌超過一分鐘：還原桌面）嗎？"),
    ],
)
def test_removing_an_incident_asks_first(referee_client, referee, table, play, language, expected):
    game = play(table)
    incident_record(actor=referee, game=game, seat=table.seats.get(letter="A"), kind="overtime")
    found = questions(referee_client, reverse("referee:table", args=[table.pk]), language)
    assert found["remove-incident"] == [expected]


@pytest.mark.parametrize(
    ("language", "school_question", "player_question"),
    [
        ("en", "Delete school NSP 北山小學?", "Delete player #1 陳俊傑?"),
        ("zh-hant", "要刪除學校 NSP 北山小學嗎？", "要刪除參加者 #1 陳俊傑嗎？"),
    ],
)
def test_deleting_a_school_or_a_player_asks_first(
    organiser_client, organiser, tournament, players, language, school_question, player_question
):
    school_create(actor=organiser, tournament=tournament, name_zh="北山小學", name_en="", code="NSP")
    schools = questions(organiser_client, reverse("organiser:schools", args=[tournament.slug]), language)
    assert schools["delete"] == [school_question]
    people = questions(organiser_client, reverse("organiser:players", args=[tournament.slug]), language)
    assert people["delete"][0] == player_question


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Remove 李嘉欣 (ref2@cup) from this tournament's referees? The account is kept."),
        ("zh-hant", "要將李嘉欣（ref2@cup）從本比賽的評審員中移除嗎？其帳戶會保留。"),
    ],
)
def test_removing_a_referee_asks_first(organiser_client, tournament, other_referee, language, expected):
    found = questions(organiser_client, reverse("organiser:referees", args=[tournament.slug]), language)
    assert found["remove"] == [expected]


def test_the_question_escapes_what_the_organiser_typed(organiser_client, organiser, tournament):
    import datetime

    round_create(
        actor=organiser,
        tournament=tournament,
        name='Final "A" <b>',
        date=datetime.date(2026, 12, 12),
        start_time=datetime.time(9, 30),
    )
    page = organiser_client.get(reverse("organiser:rounds", args=[tournament.slug])).content.decode()
    assert 'data-confirm="要刪除Final &quot;A&quot; &lt;b&gt;嗎？"' in page
