"""The QR code on a blank scoresheet: drawn as vector squares, and it reads back as the table's address."""

from __future__ import annotations

import subprocess

from referee.exports.exporters import get_exporter
from referee.exports.exporters.qr import QrCode, _dark_runs
from tests.tools import require_tool


def test_dark_runs_merge_neighbouring_modules():
    assert _dark_runs(bytes([1, 1, 0, 1, 0, 0, 1, 1, 1])) == [(0, 2), (3, 1), (6, 3)]
    assert _dark_runs(bytes([0, 0])) == []


def test_the_code_holds_the_address_at_the_size_asked():
    code = QrCode("https://tableref.example/referee/tables/7/", 80)
    assert code.wrap(500, 500) == (80, 80)
    assert code.code.error == "M"


def test_a_scanner_reads_the_tables_address(tmp_path, export_request, signed_table, entry_base):
    """Rasterise the page and scan it as a phone would: the code must decode to the table's entry page."""
    scanner = require_tool("zbarimg", package="zbar-tools", purpose="it scans the blank sheet's QR code")
    rasteriser = require_tool("pdftoppm", package="poppler-utils", purpose="it turns the PDF into an image")
    data = get_exporter("blank-scoresheets-pdf")(export_request(table=signed_table)).render()[2]
    (tmp_path / "sheet.pdf").write_bytes(data)
    subprocess.run(
        [rasteriser, "-r", "150", "-png", str(tmp_path / "sheet.pdf"), str(tmp_path / "page")], check=True
    )
    image = next(tmp_path.glob("page*.png"))
    found = subprocess.run(
        [scanner, "--quiet", "--raw", str(image)], capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == f"{entry_base}/referee/tables/{signed_table.pk}/"
