"""A small tournament for the exports, built on the site's fixtures and services, and PDF readers (poppler).

Round 1 has three tables: the seed-002 sheet (signed off, with an incident), a table that ends in an
unresolved tie after a shared win (signed off), and a seated table with no games yet.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

import pytest

from referee.draws.services.seats import seat_assign
from referee.exports.exporters import ExportRequest
from referee.models import Player, School, Table, Tournament
from referee.people.services.people import player_create, school_create
from referee.play.services.incidents import incident_record
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.tournaments.services.schedule import table_assign_referee, table_create
from scoring import PlayerInput

ENTRY_BASE = "https://tableref.example"


def _poppler(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        message = f"{tool} is missing (Debian package poppler-utils); the export tests read PDFs with it."
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


def _run_on_pdf(tool: str, data: bytes, *arguments: str, to_stdout: bool = False) -> str:
    executable = _poppler(tool)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "export.pdf"
        path.write_bytes(data)
        command = [executable, *arguments, str(path)] + (["-"] if to_stdout else [])
        return subprocess.run(command, capture_output=True, check=True, text=True).stdout


def pdf_text(data: bytes, *, layout: bool = False) -> str:
    return _run_on_pdf("pdftotext", data, *(["-layout"] if layout else []), to_stdout=True)


def pdf_pages_text(data: bytes) -> list[str]:
    """Text page by page (pdftotext separates pages with a form feed)."""
    return [page for page in pdf_text(data, layout=True).split("\f") if page.strip()]


def pdf_fonts(data: bytes) -> str:
    return _run_on_pdf("pdffonts", data)


def pdf_info(data: bytes) -> dict[str, str]:
    lines = _run_on_pdf("pdfinfo", data).splitlines()
    return {key.strip(): value.strip() for key, _, value in (line.partition(":") for line in lines)}


@dataclass(frozen=True)
class Word:
    """One word as poppler places it on a page (points, origin top left)."""

    page: int
    text: str
    left: float
    top: float
    right: float
    bottom: float


def pdf_words(data: bytes) -> list[Word]:
    document = ElementTree.fromstring(_run_on_pdf("pdftotext", data, "-bbox", to_stdout=True))
    words = []
    for number, page in enumerate(document.iter("{http://www.w3.org/1999/xhtml}page"), start=1):
        for word in page.iter("{http://www.w3.org/1999/xhtml}word"):
            box = [float(word.get(name)) for name in ("xMin", "yMin", "xMax", "yMax")]
            words.append(Word(number, word.text or "", *box))
    return words


def overlapping_words(data: bytes) -> list[tuple[Word, Word]]:
    """Pairs of words printed over each other (same page, their boxes intersect by more than a hair)."""
    words = pdf_words(data)
    found = []
    for index, first in enumerate(words):
        for second in words[index + 1 :]:
            if first.page != second.page:
                continue
            across = min(first.right, second.right) - max(first.left, second.left)
            down = min(first.bottom, second.bottom) - max(first.top, second.top)
            if across > 0.5 and down > 0.5:
                found.append((first, second))
    return found


class PdfReader:
    """poppler's tools as methods, handed to tests by the `pdf` fixture."""

    text = staticmethod(pdf_text)
    pages = staticmethod(pdf_pages_text)
    fonts = staticmethod(pdf_fonts)
    info = staticmethod(pdf_info)
    words = staticmethod(pdf_words)
    overlaps = staticmethod(overlapping_words)


@pytest.fixture
def pdf() -> PdfReader:
    return PdfReader()


@pytest.fixture
def entry_base() -> str:
    return ENTRY_BASE


def entry_url(table: Table) -> str:
    return f"{ENTRY_BASE}/referee/tables/{table.pk}/"


@pytest.fixture
def second_school(organiser, tournament) -> School:
    return school_create(
        actor=organiser, tournament=tournament, name_zh="獅山小學", name_en="Lion Hill Primary", code="LHP"
    )


@pytest.fixture
def more_players(organiser, tournament, second_school) -> list[Player]:
    """Six players of the second school; one has only an English name."""
    names = [
        ("何浩然", ""),
        ("林曉彤", ""),
        ("吳卓軒", ""),
        ("麥思穎", ""),
        ("", "Mary Lee"),
        ("司徒樂怡", ""),
    ]
    return [
        player_create(actor=organiser, tournament=tournament, school=second_school, name_zh=zh, name_en=en)
        for zh, en in names
    ]


@pytest.fixture
def signed_table(finished_table, referee) -> Table:
    """The seed-002 sheet with an overtime penalty in game 2, signed off."""
    game = finished_table.games.get(number=2)
    incident_record(
        actor=referee,
        game=game,
        seat=finished_table.seats.get(letter="C"),
        kind="overtime",
        note="第 5 回合超時",
    )
    table_sign_off(actor=referee, table=finished_table)
    return Table.objects.get(pk=finished_table.pk)


@pytest.fixture
def tie_table(organiser, round_, referee, more_players) -> Table:
    """A and B each win one game and share the third (pool ran out): 2 games won and +35 each, a tie."""
    table = table_create(actor=organiser, round_=round_)
    table_assign_referee(actor=organiser, table=table, referee=referee)
    for letter, player in zip("ABCD", more_players[:4], strict=True):
        seat_assign(actor=organiser, table=table, player=player, letter=letter)
    games = [
        (
            "went-out",
            [
                PlayerInput("A", went_out=True),
                PlayerInput("B", rack_value=10),
                PlayerInput("C", rack_value=10),
                PlayerInput("D", rack_value=10),
            ],
        ),
        (
            "went-out",
            [
                PlayerInput("A", rack_value=10),
                PlayerInput("B", went_out=True),
                PlayerInput("C", rack_value=10),
                PlayerInput("D", rack_value=10),
            ],
        ),
        (
            "pool-exhausted",
            [
                PlayerInput("A", rack_value=5),
                PlayerInput("B", rack_value=5),
                PlayerInput("C", rack_value=20),
                PlayerInput("D", rack_value=21),
            ],
        ),
    ]
    for number, (ending, hands) in enumerate(games, start=1):
        game_result_submit(actor=referee, table=table, game_number=number, ending=ending, hands=hands)
    table_sign_off(actor=referee, table=table)
    return Table.objects.get(pk=table.pk)


@pytest.fixture
def empty_table(organiser, round_, other_referee, players, more_players) -> Table:
    """Seated (three players) but not played: only its blank sheet has anything to show."""
    table = table_create(actor=organiser, round_=round_)
    table_assign_referee(actor=organiser, table=table, referee=other_referee)
    for letter, player in zip("ABC", [players[4], more_players[4], more_players[5]], strict=True):
        seat_assign(actor=organiser, table=table, player=player, letter=letter)
    return Table.objects.get(pk=table.pk)


@pytest.fixture
def event(signed_table, tie_table, empty_table, tournament) -> Tournament:
    return Tournament.objects.get(pk=tournament.pk)


@pytest.fixture
def export_request(event):
    """An ExportRequest for the event, in English unless told otherwise."""

    def make(**kwargs) -> ExportRequest:
        kwargs.setdefault("language", "en")
        kwargs.setdefault("entry_url", entry_url)
        return ExportRequest(tournament=event, **kwargs)

    return make
