"""Certificates: an A4 landscape page per child who played, in both languages, their prize or their
participation, with the logo and signature when uploaded; rendered to PNG to be looked at."""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command
from PIL import Image

from referee.exports.exporters import ExportRequest, get_exporter
from referee.hall_screen.services.certificate_images import certificate_image_upload, certificate_signer_set
from referee.hall_screen.services.prizes import prizes_add, prizes_fill
from referee.people.services.people import school_create
from referee.play.services.signoff import table_sign_off
from tests.referee.exporters.conftest import pdf_pages_text
from tests.tools import require_tool

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]
PICTURES = Path(os.environ.get("TABLEREF_SCREENSHOTS") or ROOT / "tests" / "browser" / "screenshots-tmp")


def certificates(tournament, **kwargs) -> bytes:
    return get_exporter("certificates-pdf")(ExportRequest(tournament=tournament, **kwargs)).render()[2]


def png(colour: tuple[int, int, int], size: tuple[int, int]) -> bytes:
    buffer = io.BytesIO()
    image = Image.new("RGB", size, (255, 255, 255))
    for x in range(size[0]):
        for y in range(size[1] // 3, 2 * size[1] // 3):
            image.putpixel((x, y), colour)
    image.save(buffer, "PNG")
    return buffer.getvalue()


@pytest.fixture
def prized(organiser, tournament, finished_table, referee):
    table_sign_off(actor=referee, table=finished_table)
    prizes_add(actor=organiser, tournament=tournament, kind="place", places=2)
    prizes_fill(actor=organiser, tournament=tournament)
    certificate_image_upload(
        actor=organiser, tournament=tournament, kind="logo", content=png((11, 93, 140), (200, 200))
    )
    certificate_image_upload(
        actor=organiser, tournament=tournament, kind="signature", content=png((20, 20, 20), (300, 80))
    )
    certificate_signer_set(actor=organiser, tournament=tournament, signer="陳校長 Principal Chan")
    tournament.refresh_from_db()
    return tournament


def test_a_page_per_child_who_played_with_their_prize_or_participation(prized, players):
    pages = [" ".join(page.split()) for page in pdf_pages_text(certificates(prized))]
    assert len(pages) == 4  # the four seated children; 劉子晴 never played
    by_name = {next(p.name_zh for p in players if p.name_zh in page): page for page in pages}
    assert "嘉許狀" in by_name["李詠琳"]
    assert "Certificate of Achievement" in by_name["李詠琳"]
    assert "第1名" in by_name["李詠琳"].replace(" ", "")
    assert "1st place" in by_name["李詠琳"]
    assert "第2名" in by_name["張家豪"].replace(" ", "")
    assert "參與證書" in by_name["陳俊傑"]
    assert "Certificate of Participation" in by_name["陳俊傑"]
    assert "小學邀請賽" in by_name["陳俊傑"]
    assert "陳校長 Principal Chan" in by_name["陳俊傑"]


def test_one_schools_certificates(organiser, prized, players):
    other = school_create(actor=organiser, tournament=prized, name_zh="九龍小學", name_en="", code="KLN")
    pages = pdf_pages_text(certificates(prized, school=other))
    assert len(pages) == 1
    assert "尚未有參加者出賽" in pages[0]


def test_the_certificate_renders_to_a_picture(tmp_path, prized):
    rasteriser = require_tool("pdftoppm", package="poppler-utils", purpose="it turns the PDF into an image")
    (tmp_path / "certificates.pdf").write_bytes(certificates(prized))
    PICTURES.mkdir(parents=True, exist_ok=True)
    target = PICTURES / "export-certificate"
    subprocess.run(
        [
            rasteriser,
            "-r",
            "60",
            "-png",
            "-singlefile",
            "-f",
            "2",
            str(tmp_path / "certificates.pdf"),
            str(target),
        ],
        check=True,
    )
    with Image.open(f"{target}.png") as page:
        assert page.width > page.height  # landscape
        colours = {colour for _count, colour in page.getcolors(maxcolors=1_000_000)}
    assert (11, 93, 140) in colours or any(
        abs(r - 11) + abs(g - 93) + abs(b - 140) < 30 for r, g, b in colours
    )


def test_the_command_writes_them(tmp_path, prized):
    target = tmp_path / "certificates.pdf"
    call_command("export", prized.slug, "certificates-pdf", "-o", str(target), verbosity=0)
    assert target.read_bytes().startswith(b"%PDF")
