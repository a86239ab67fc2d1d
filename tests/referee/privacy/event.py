"""A tournament with every kind of record that can name a child, built through the services and the pages.

Three schools registered three ways (one by one, pasted lines, a school office's file imported), a child
deleted again, round 1 drawn, played (an incident noted with a child's name, a correction with a reason that
names one) and signed off, round 2 drawn and repaired around a withdrawal, files made in the background and
stored, the public pages cached with full names, a second file left in its preview, and a backup.
"""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass, field

from django.core.management import call_command
from django.test import Client

from referee.exports.services.exports import export_job_request
from referee.models import Player, Table, Tournament
from referee.models.tournament import Privacy
from referee.people.imports.applying import people_upload_import, people_upload_store
from referee.people.services.bulk import players_create_many
from referee.people.services.people import player_create, player_delete, player_update, school_create
from referee.play.services.incidents import incident_record
from referee.play.services.results import game_result_submit
from referee.play.services.withdrawals import player_withdraw
from referee.tournaments.services.referees import referee_account_create
from referee.tournaments.services.tournaments import SETTINGS_FIELDS, tournament_create, tournament_update
from tests.referee.draw_helpers import draw_and_seat, make_round, play_round
from tests.referee.exporters.making import make_waiting_exports

LAST_MATCH_DAY = datetime.date(2026, 12, 5)
# name in Chinese, in English, class, 學號
ONE_BY_ONE = [
    ("司徒詠琪", "Szeto Wing Kei", "5信", "3"),
    ("歐陽天佑", "Au Yeung Tin Yau", "6望", "11"),
    ("關家駿", "Kwan Ka Chun", "4愛", "7"),
    ("麥芷晴", "Mak Tsz Ching", "5信", "15"),
]
DELETED = ("雷子謙", "Lui Tsz Him", "6望", "21")
PASTED = [
    ("蔡浩賢", "Choi Ho Yin", "6義"),
    ("龐凱琳", "Pong Hoi Lam", "5仁"),
    ("卓思朗", "Cheuk Sze Long", "4禮"),
    ("簡樂瑤", "Kan Lok Yiu", "6智"),
]
IMPORTED = [
    ("1", "施柏希", "Sze Pak Hei", "5忠"),
    ("2", "甘綺雯", "Kam Yee Man", "6孝"),
    ("3", "溫卓霖", "Wan Cheuk Lam", "4勇"),
    ("4", "祁芷欣", "Kei Tsz Yan", "5毅"),
]
IN_PREVIEW = [("5", "霍曉彤", "Fok Hiu Tung", "5和"), ("6", "樊家俊", "Fan Ka Chun", "6平")]
ROSTER_HEADERS = "學校編號,學校名稱,School Name,學號,學生姓名,English Name,班別,性別"


def roster(rows: list[tuple[str, str, str, str]]) -> bytes:
    lines = [ROSTER_HEADERS] + [
        f"KTS,九龍塘小學,Kowloon Tong Primary School,{number},{zh},{en},{class_name},M"
        for number, zh, en, class_name in rows
    ]
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8")


def everyone() -> list[tuple[str, str, str]]:
    """(Chinese name, English name, class) of every child the event was ever given."""
    children = [(zh, en, class_name) for zh, en, class_name, _number in [*ONE_BY_ONE, DELETED]]
    children += PASTED
    children += [(zh, en, class_name) for _number, zh, en, class_name in [*IMPORTED, *IN_PREVIEW]]
    return children


def personal_texts() -> list[str]:
    return [text for child in everyone() for text in child]


@dataclass
class Event:
    tournament: Tournament
    named_child: Player  # named in an incident's note and in a correction's reason
    withdrawn: Player
    pages: list[str] = field(default_factory=list)


def build_event(organiser) -> Event:
    tournament = tournament_create(
        actor=organiser, name="小學邀請賽", slug="cup", ruleset="hk-school", privacy=Privacy.FULL_NAMES
    )
    referee_account_create(
        actor=organiser, tournament=tournament, username="ref1", display_name="陳老師", password="a-pass-1234"
    )
    harbour = school_create(
        actor=organiser, tournament=tournament, name_zh="海濱小學", name_en="Harbourside Primary", code="HSP"
    )
    lion = school_create(
        actor=organiser, tournament=tournament, name_zh="獅山小學", name_en="Lion Hill Primary", code="LHP"
    )
    for zh, en, class_name, number in [*ONE_BY_ONE, DELETED]:
        player_create(
            actor=organiser,
            tournament=tournament,
            school=harbour,
            name_zh=zh,
            name_en=en,
            class_name=class_name,
            school_number=number,
        )
    renamed = Player.objects.get(name_zh=ONE_BY_ONE[0][0])
    player_update(  # the audit keeps the name before and after
        actor=organiser,
        player=renamed,
        school=harbour,
        name_zh=renamed.name_zh,
        name_en=renamed.name_en.upper(),
        class_name=renamed.class_name,
        number=renamed.number,
    )
    player_delete(actor=organiser, player=Player.objects.get(name_zh=DELETED[0]))
    players_create_many(
        actor=organiser, tournament=tournament, school=lion, lines="\n".join(", ".join(row) for row in PASTED)
    )
    imported = people_upload_store(
        actor=organiser, tournament=tournament, filename="kts.csv", content=roster(IMPORTED)
    )
    people_upload_import(actor=organiser, upload=imported)

    first = make_round(organiser, tournament, "第一輪")
    draw_and_seat(organiser, first)
    play_round(organiser, first)
    named_child = Player.objects.get(name_zh=PASTED[0][0])
    seat = named_child.seats.get(round=first)
    game = seat.table.games.get(number=1)
    incident_record(
        actor=organiser,
        game=game,
        seat=seat,
        kind="overtime",
        note=f"{named_child.name_zh} ({named_child.name_en}) 超時",
        reason=f"{named_child.name_en} 的評審員事後補記",
    )
    _correct_a_game(organiser, seat.table, named_child)

    second = make_round(organiser, tournament, "第二輪", order=2)
    draw_and_seat(organiser, second)
    withdrawn = Player.objects.get(name_zh=IMPORTED[1][1])
    player_withdraw(actor=organiser, player=withdrawn)

    kept = people_upload_store(
        actor=organiser, tournament=tournament, filename="kts-more.csv", content=roster(IN_PREVIEW)
    )
    assert kept.reading

    tournament = Tournament.objects.get(pk=tournament.pk)
    values = {name: getattr(tournament, name) for name in SETTINGS_FIELDS}
    tournament_update(actor=organiser, tournament=tournament, **{**values, "standings_released": True})
    _make_files(organiser, tournament, harbour)
    event = Event(
        tournament=Tournament.objects.get(pk=tournament.pk), named_child=named_child, withdrawn=withdrawn
    )
    event.pages = _visit_public_pages(tournament)
    call_command("backup", stdout=io.StringIO())
    return event


def _correct_a_game(organiser, table: Table, child: Player) -> None:
    """An organiser's correction after sign-off, with a reason naming the child."""
    from scoring import PlayerInput

    game = table.games.get(number=2)
    letters = list(table.seats.order_by("letter").values_list("letter", flat=True))
    hands = [PlayerInput(seat=letters[0], went_out=True)]
    hands += [
        PlayerInput(seat=letter, rack_value=3 * (index + 2)) for index, letter in enumerate(letters[1:])
    ]
    game_result_submit(
        actor=organiser,
        table=table,
        game_number=2,
        ending="went-out",
        hands=hands,
        expected_version=game.version,
        reason=f"{child.name_zh}的牌架總值寫錯了",
    )


def _make_files(organiser, tournament: Tournament, school) -> None:
    from referee.exports.exporters import ExportRequest, get_exporter

    asked = [
        ("results-xlsx", ExportRequest(tournament=tournament)),
        ("player-cards-pdf", ExportRequest(tournament=tournament)),
        ("school-pack", ExportRequest(tournament=tournament, school=school)),
    ]
    for identifier, request in asked:
        get_exporter(identifier)(request)  # checks the scope, as the page does
        export_job_request(actor=organiser, request=request, identifier=identifier, ui_language="en")
    assert make_waiting_exports() == len(asked)


def _visit_public_pages(tournament: Tournament) -> list[str]:
    """A parent's visits: the pages are made and kept in the cache."""
    visitor = Client()
    pages = [f"/t/{tournament.slug}/", f"/t/{tournament.slug}/standings/"]
    for address in pages:
        assert visitor.get(address).status_code == 200
    return pages
