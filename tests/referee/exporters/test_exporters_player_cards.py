"""Player cards: ten to an A4 sheet, names and numbers, and a QR code that a phone reads as the player's
"find my table" page."""

from __future__ import annotations

import subprocess

import pytest

from referee.exports.exporters import ExportRequest, get_exporter
from referee.people.services.people import player_create, school_create
from tests.referee.exporters.conftest import pdf_pages_text, pdf_text
from tests.tools import require_tool

pytestmark = pytest.mark.django_db
SITE = "http://hall.example:8000"


def cards(tournament, **kwargs) -> bytes:
    return get_exporter("player-cards-pdf")(
        ExportRequest(tournament=tournament, site_url=SITE, **kwargs)
    ).render()[2]


def test_every_player_has_a_card_with_name_school_and_number_in_both_languages(tournament, players):
    text = pdf_text(cards(tournament, language="en"))
    for player in players:
        assert player.name_zh in text
        assert f"#{player.number}" in text
    assert "海濱小學" in text
    assert "Scan to find your table" in text
    assert "掃描" in text


def test_ten_cards_to_a_page(organiser, tournament, school):
    for number in range(11):
        player_create(actor=organiser, tournament=tournament, school=school, name_en=f"Kid {number}")
    pages = pdf_pages_text(cards(tournament))
    assert len(pages) == 2
    assert "Kid 10" in pages[1]
    assert "Kid 9" in pages[0]


def test_a_school_only(organiser, tournament, players):
    other = school_create(actor=organiser, tournament=tournament, name_zh="九龍小學", name_en="", code="KLN")
    player_create(actor=organiser, tournament=tournament, school=other, name_zh="王小明")
    text = pdf_text(cards(tournament, school=other))
    assert "王小明" in text
    assert players[0].name_zh not in text


def test_the_qr_code_opens_the_players_find_my_table_page(tmp_path, tournament, players):
    scanner = require_tool("zbarimg", package="zbar-tools", purpose="it scans the card's QR code")
    rasteriser = require_tool("pdftoppm", package="poppler-utils", purpose="it turns the PDF into an image")
    (tmp_path / "cards.pdf").write_bytes(cards(tournament))
    subprocess.run(
        [rasteriser, "-r", "150", "-png", str(tmp_path / "cards.pdf"), str(tmp_path / "page")], check=True
    )
    image = next(tmp_path.glob("page*.png"))
    found = subprocess.run(
        [scanner, "--quiet", "--raw", str(image)], capture_output=True, text=True, check=True
    )
    addresses = set(found.stdout.split())
    assert f"{SITE}/t/cup/find/?number={players[0].number}" in addresses
    assert len(addresses) == len(players)


@pytest.mark.parametrize(
    ("language", "handout", "posting"),
    [("en", "To hand out, each card to its own player", "not for posting"), ("zh-hant", "派發", "不可張貼")],
)
def test_the_footer_says_the_cards_are_handed_out_not_kept_by_the_organiser(
    tournament, players, language, handout, posting
):
    text = " ".join(pdf_text(cards(tournament, language=language)).split())
    assert handout in text
    assert posting not in text
    assert "Organiser's file" not in text
    assert "大會內部文件" not in text
