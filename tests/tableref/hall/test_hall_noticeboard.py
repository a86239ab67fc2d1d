"""The noticeboard: the address, its QR code and how to join, in Chinese and English on the same sheet."""

from __future__ import annotations

import html
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from tableref.hall.noticeboard import Noticeboard
from tableref.hall.noticeboard_pdf import noticeboard_pdf
from tests.tools import require_tool

HALL = "http://192.168.1.23:8000/"


def scan(image: Path) -> str:
    scanner = require_tool("zbarimg", package="zbar-tools", purpose="it reads the noticeboard's QR code")
    found = subprocess.run(
        [scanner, "--quiet", "--raw", str(image)], capture_output=True, text=True, check=True
    )
    return found.stdout.strip()


def pdf_text(pdf: Path) -> str:
    converter = require_tool("pdftotext", package="poppler-utils", purpose="it reads the noticeboard PDF")
    return subprocess.run([converter, str(pdf), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.django_db
def test_the_page_is_in_both_languages_whatever_the_reader_chose(client, settings) -> None:
    settings.HALL_URL, settings.HALL_WIFI = HALL, "SchoolHall-5G"
    client.cookies["django_language"] = "en"
    page = client.get(reverse("hall:noticeboard")).content.decode()
    assert f'<p class="hall-address"><a href="{HALL}">{HALL}</a></p>' in page
    assert "Referees: enter the results here" in page
    assert "評審員：在這裏輸入賽果" in page
    assert "Join the Wi-Fi network SchoolHall-5G." in page
    assert "連接 Wi-Fi 網絡 SchoolHall-5G。" in page
    assert reverse("hall:qr") in page
    assert reverse("hall:pdf") in page


@pytest.mark.django_db
def test_without_a_hall_address_the_page_shows_the_one_it_was_asked_at(client, settings) -> None:
    settings.HALL_URL, settings.HALL_WIFI = "", ""
    page = html.unescape(client.get(reverse("hall:noticeboard")).content.decode())
    assert "http://testserver/" in page
    assert "Join the hall's Wi-Fi." in page


@pytest.mark.django_db
def test_the_qr_code_is_an_svg_of_the_address(client, settings) -> None:
    settings.HALL_URL = HALL
    response = client.get(reverse("hall:qr"))
    assert response["Content-Type"] == "image/svg+xml"
    body = response.content.decode()
    assert body.startswith("<svg")
    assert f"<title>{HALL}</title>" in body
    assert "style=" not in body  # the site's Content Security Policy allows no inline style


def test_the_pdf_reads_back_the_address_in_print_and_in_its_qr_code(tmp_path: Path) -> None:
    rasteriser = require_tool("pdftoppm", package="poppler-utils", purpose="it turns the PDF into an image")
    pdf = tmp_path / "noticeboard.pdf"
    pdf.write_bytes(noticeboard_pdf(Noticeboard(HALL, "SchoolHall-5G")))
    subprocess.run(
        [rasteriser, "-r", "100", "-png", "-singlefile", str(pdf), str(tmp_path / "page")], check=True
    )
    assert scan(tmp_path / "page.png") == HALL
    text = pdf_text(pdf)
    assert HALL in text
    assert "評審員：在這裏輸入賽果" in text
    assert "Referees: enter the results here" in text
    assert "SchoolHall-5G" in text


@pytest.mark.django_db
def test_the_pdf_is_served_too(client, settings) -> None:
    settings.HALL_URL = HALL
    response = client.get(reverse("hall:pdf"))
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_the_terminal_code_is_drawn_in_blocks() -> None:
    drawing = Noticeboard(HALL).qr_terminal()
    assert "█" in drawing
    assert len(drawing.splitlines()) > 10
