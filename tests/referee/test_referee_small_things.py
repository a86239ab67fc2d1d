"""The small things that cost minutes on the day (issue 33): each one a test."""

from __future__ import annotations

import datetime
import re
import shutil
import subprocess

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from referee.draws.services.seats import seat_assign
from referee.models import Player, Table
from referee.people.services.attendance import player_attendance_set
from referee.play.selectors.progress import referee_tables
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.tournaments.services.referees import referee_account_create
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import SETTINGS_FIELDS, tournament_update
from referee.wording.sentences import natural_key
from scoring import PlayerInput
from tests.referee.draw_helpers import draw_and_seat, make_field, make_round, play_round


def pdf_text(pdf: bytes, tmp_path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    path = tmp_path / "file.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    )
    return done.stdout


@pytest.fixture
def numbered_referees(organiser, tournament, round_):
    """評審員1號, 評審員2號 and 評審員10號, made in the order 10, 2, 1; 1號 takes table 3, 10號 table 1."""
    made = {}
    for number in (10, 2, 1):
        made[number] = referee_account_create(
            actor=organiser,
            tournament=tournament,
            username=f"judge{number}",
            display_name=f"評審員{number}號",
            password="long-enough-1",
        )
    tables = [table_create(actor=organiser, round_=round_) for _ in range(3)]
    table_assign_referee(actor=organiser, table=tables[2], referee=made[1])
    table_assign_referee(actor=organiser, table=tables[0], referee=made[10])
    return made


def test_names_sort_as_people_number_them():
    names = ["評審員10號", "評審員2號", "評審員1號", "ref10", "ref9", "Ref1"]
    assert sorted(names, key=natural_key) == ["Ref1", "ref9", "ref10", "評審員1號", "評審員2號", "評審員10號"]


def test_the_referees_page_sorts_by_number_and_names_the_tables(
    organiser_client, tournament, numbered_referees
):
    html = organiser_client.get(
        reverse("organiser:referees", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    order = [html.index(f"評審員{number}號") for number in (1, 2, 10)]
    assert order == sorted(order)
    assert "Tables assigned" in html
    assert "table 3" in html  # 評審員1號's table, not a count that reads like a table number
    assert "table 1" in html


def test_login_cards_come_in_table_order_with_the_whole_title(
    organiser_client, organiser, tournament, numbered_referees, tmp_path
):
    long_name = "二〇二六年度全港小學 Rummikub 邀請賽暨親子同樂日（九龍區）決賽及頒獎典禮"
    tournament_update(
        actor=organiser,
        tournament=tournament,
        **{
            **{name: getattr(tournament, name) for name in SETTINGS_FIELDS},
            "name": long_name,
        },
    )
    response = organiser_client.post(reverse("organiser:referee_cards", args=[tournament.slug]))
    text = pdf_text(response.content, tmp_path)
    flat = re.sub(r"\s+", "", text)
    assert re.sub(r"\s+", "", long_name) in flat  # wrapped onto two lines, never cut short
    assert "…" not in text
    positions = {number: flat.index(f"評審員{number}號") for number in (1, 2, 10)}
    assert positions[10] < positions[1] < positions[2]  # table 1, table 3, then no table


def test_my_tables_puts_the_tables_to_play_first(organiser, referee, tournament, players):
    made = []
    for order, name in ((1, "第一輪"), (2, "第二輪")):
        round_ = round_create(
            actor=organiser,
            tournament=tournament,
            name=name,
            date=datetime.date(2026, 12, 5),
            start_time=datetime.time(8 + order),
        )
        table = table_create(actor=organiser, round_=round_)
        table = table_assign_referee(actor=organiser, table=table, referee=referee)
        for player in players[:2]:
            seat_assign(actor=organiser, table=table, player=player)
        made.append(table)
    for number in (1, 2, 3):
        game_result_submit(
            actor=referee,
            table=made[0],
            game_number=number,
            ending="went-out",
            hands=[PlayerInput("A", went_out=True), PlayerInput("B", rack_value=5)],
        )
    table_sign_off(actor=referee, table=made[0])
    assert [row.table.pk for row in referee_tables(referee)] == [made[1].pk, made[0].pk]


def test_the_standings_pdf_says_the_final_decided_the_places(organiser, tournament, pdf_reader_text):
    make_field(organiser, tournament)
    first = make_round(organiser, tournament, "第一輪")
    draw_and_seat(organiser, first, seed=7)
    play_round(organiser, first)
    final = round_create(
        actor=organiser,
        tournament=tournament,
        name="決賽",
        date=datetime.date(2026, 12, 6),
        start_time=datetime.time(9),
        is_final=True,
    )
    draw_and_seat(organiser, final, rule="table-winners", table_min=4, seed=2)
    play_round(organiser, final)
    from referee.exports.exporters import ExportRequest, get_exporter

    tournament.refresh_from_db()
    _name, _kind, content = get_exporter("standings-pdf")(
        ExportRequest(tournament=tournament, language="en")
    ).render()
    text = pdf_reader_text(content)
    assert "F : place decided by the final" in text
    assert re.search(r"\b1 ?F\b", text)  # the winner's rank, marked


@pytest.fixture
def pdf_reader_text(tmp_path):
    return lambda content: pdf_text(content, tmp_path)


def test_a_correction_after_sign_off_is_marked_on_the_printed_sheet(
    organiser, referee, finished_table, tournament, pdf_reader_text
):
    table_sign_off(actor=referee, table=finished_table)
    game_result_submit(
        actor=organiser,
        table=finished_table,
        game_number=2,
        ending="went-out",
        hands=[
            PlayerInput("B", went_out=True),
            PlayerInput("A", rack_value=12),
            PlayerInput("C", rack_value=3),
            PlayerInput("D", rack_value=23),
        ],
        expected_version=1,
        reason="丙的牌值應為 3",
    )
    from referee.exports.exporters import ExportRequest, get_exporter

    request = ExportRequest(
        tournament=tournament, table=Table.objects.get(pk=finished_table.pk), language="en"
    )
    _name, _kind, content = get_exporter("scoresheets-pdf")(request).render()
    text = pdf_reader_text(content)
    assert "Game 2 *" in text
    assert "* Changed after sign-off" in text
    assert "丙的牌值應為 3" in text


class TestWording:
    def test_a_chinese_sentence_spaces_an_english_round_name(
        self, organiser_client, organiser, tournament, field_and_round
    ):
        round_, field = field_and_round
        absent = Player.objects.get(number=int(round_.tables.first().seats.first().player.number))
        response = organiser_client.post(
            reverse("organiser:checkin", args=[tournament.slug]),
            {"action": "set", "player": absent.pk, "attendance": "absent"},
            headers={"Accept": "application/json"},
            HTTP_ACCEPT_LANGUAGE="zh-hant",
        )
        message = response.json()["message"]
        assert "Round 1" in message
        assert "在 Round 1" in message or "保留在 Round 1" in message
        assert not re.search(r"[\u4e00-\u9fff]Round", message)

    def test_english_dates_read_day_month_year(self):
        from referee.wording.times import local_date, moment_text

        with translation.override("en"):
            assert local_date(datetime.date(2026, 11, 28)) == "28 Nov 2026"
            moment = datetime.datetime(2026, 11, 28, 7, 5, tzinfo=datetime.UTC)
            assert moment_text(moment) == "28 Nov 2026 15:05"

    def test_a_stock_choice_message_is_the_sites_own_in_chinese(self, organiser_client, tournament):
        values = {name: value for name in SETTINGS_FIELDS if (value := getattr(tournament, name)) is not None}
        values.update(
            privacy="everyone-sees-all", shared_win_credit="full", turn_seconds="", standings_released=""
        )
        page = organiser_client.post(reverse("organiser:settings", args=[tournament.slug]), values)
        errors = page.context["form"].errors["privacy"]
        assert errors == ["請選擇其中一個提供的選項。"]

    def test_a_missing_school_code_reads_naturally(self):
        with translation.override("zh-hant"):
            from django.utils.translation import gettext

            said = gettext("No school has the code %(code)s; add it to the schools sheet first.") % {
                "code": "SPS"
            }
        assert said.startswith("找不到代號為 SPS 的學校")

    def test_the_check_in_row_says_here_as_its_button_does(
        self, organiser_client, tournament, school, players
    ):
        player_attendance_set(
            actor=get_user_model().objects.get(username="organiser"), player=players[0], attendance="present"
        )
        html = organiser_client.get(
            reverse("organiser:checkin", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en"
        ).content.decode()
        row = html[html.index(f'data-player="{players[0].pk}"') :]
        row = row[: row.index("</li>")]
        assert re.search(r"data-state>here<", row)
        assert ">Here</button>" in row
        answer = organiser_client.get(
            reverse("organiser:checkin", args=[tournament.slug]),
            headers={"Accept": "application/json"},
            HTTP_ACCEPT_LANGUAGE="en",
        ).json()
        assert {p["player"]: p["label"] for p in answer["players"]}[players[0].pk] == "here"


@pytest.fixture
def field_and_round(organiser, tournament):
    field = make_field(organiser, tournament)
    round_ = make_round(organiser, tournament, "Round 1")
    draw_and_seat(organiser, round_, seed=7)
    return round_, field
