"""Every export says who it is for; the files for posting name children as the public pages do, and full names
stay in the organiser's own files, marked as such."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from referee.exports.exporters import all_exporters, get_exporter
from referee.models import School
from referee.wording.audiences import CHOSEN, HANDOUT, ORGANISER, POSTING

AUDIENCES = {
    "standings-pdf": POSTING,
    "school-pack": CHOSEN,
    "results-xlsx": ORGANISER,
    "scoresheets-pdf": ORGANISER,
    "blank-scoresheets-pdf": ORGANISER,
    "player-cards-pdf": HANDOUT,  # each card handed to its own child, the sheet never posted
    "certificates-pdf": HANDOUT,  # each certificate given to its own child
    "school-data-record-pdf": POSTING,  # names no child: player numbers only
}


def test_every_export_says_who_it_is_for():
    assert {exporter.identifier: exporter.audience for exporter in all_exporters()} == AUDIENCES


def school_pack(export_request, event, **options) -> dict[str, bytes]:
    school = School.objects.get(tournament=event, code="HSP")
    data = get_exporter("school-pack")(export_request(school=school, **options)).render()
    with zipfile.ZipFile(io.BytesIO(data[2])) as archive:
        return {name: archive.read(name) for name in archive.namelist()} | {"": data[0].encode()}


class TestTheSchoolPack:
    def test_for_the_teacher_it_has_full_names_and_says_so(self, pdf, export_request, event):
        files = school_pack(export_request, event)
        text = " ".join(pdf.text(next(v for k, v in files.items() if k.endswith(".pdf"))).split())
        assert "陳俊傑" in text
        assert "Organiser's file" in text
        workbook = load_workbook(io.BytesIO(next(v for k, v in files.items() if k.endswith(".xlsx"))))
        assert workbook.properties.subject == "Organiser's file, not for posting"
        assert workbook["Standings"].oddHeader.center.text == "Organiser's file, not for posting"

    def test_for_posting_it_follows_the_privacy_setting(self, pdf, export_request, event):
        files = school_pack(export_request, event, for_posting=True)
        assert files[""].decode().endswith("-for-posting.zip")
        text = " ".join(pdf.text(next(v for k, v in files.items() if k.endswith(".pdf"))).split())
        assert "陳○○" in text
        assert "陳俊傑" not in text
        assert "For posting" in text
        workbook = load_workbook(io.BytesIO(next(v for k, v in files.items() if k.endswith(".xlsx"))))
        cells = {str(cell) for sheet in workbook for row in sheet.iter_rows(values_only=True) for cell in row}
        assert "陳○○" in cells
        assert not any("陳俊傑" in cell for cell in cells)
        assert workbook.properties.subject == "For posting"


def test_the_organisers_workbook_is_marked_on_every_sheet(export_request):
    data = get_exporter("results-xlsx")(export_request()).render()[2]
    workbook = load_workbook(io.BytesIO(data))
    assert {sheet.oddHeader.center.text for sheet in workbook} == {"Organiser's file, not for posting"}
    assert "full names" in workbook.properties.description


@pytest.mark.parametrize("identifier", ["scoresheets-pdf", "blank-scoresheets-pdf"])
def test_scoresheets_are_the_organisers_in_every_footer(pdf, export_request, round_, identifier):
    data = get_exporter(identifier)(export_request(round_=round_)).render()[2]
    text = pdf.text(data)
    assert text.count("Organiser's file, not for posting") == int(pdf.info(data)["Pages"])


def test_the_export_page_offers_the_choice_and_names_each_audience(organiser_client, event):
    page = organiser_client.get(reverse("exports:page", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert 'name="for"' in text
    assert "To hand out: cut the cards apart" in text
    assert "For posting: names follow the tournament" in text
    school = School.objects.get(tournament=event, code="HSP")
    response = organiser_client.get(
        reverse("exports:download", args=[event.slug, "school-pack"]),
        {"school": school.code, "for": "posting"},
    )
    assert "for-posting" in response["Content-Disposition"]


def test_the_command_makes_the_pack_for_posting(tmp_path, event, pdf):
    out = tmp_path / "pack.zip"
    call_command(
        "export",
        event.slug,
        "school-pack",
        "--school",
        "HSP",
        "--for-posting",
        "--lang",
        "en",
        "-o",
        str(out),
    )
    with zipfile.ZipFile(out) as archive:
        (pdf_name,) = [name for name in archive.namelist() if name.endswith(".pdf")]
        text = pdf.text(archive.read(pdf_name))
    assert "陳○○" in text
    assert "陳俊傑" not in text
