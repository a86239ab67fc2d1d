"""The organiser's export page and downloads, and a table's scoresheet for its referee."""

from __future__ import annotations

import io

import pytest
from django.db import connection
from django.urls import reverse
from openpyxl import load_workbook

from tests.referee.exporters.making import make_waiting_exports
from tests.referee.hostile import refuse_nul


def made_in_background(client, slug: str, identifier: str, data: dict | None = None):
    """Ask for a long export as the page's button does, let a worker make it, and download it."""
    asked = client.post(reverse("exports:download", args=[slug, identifier]), data or {})
    assert asked.status_code == 302
    assert "/exports/jobs/" in asked["Location"]
    assert make_waiting_exports()
    return client.get(asked["Location"] + "download/")


def test_the_export_page_lists_every_exporter_with_a_button(organiser_client, event, second_school):
    response = organiser_client.get(reverse("exports:page", args=[event.slug]))
    assert response.status_code == 200
    page = response.content.decode()
    for identifier in (
        "scoresheets-pdf",
        "blank-scoresheets-pdf",
        "standings-pdf",
        "results-xlsx",
        "school-pack",
    ):
        assert reverse("exports:download", args=[event.slug, identifier]) in page
    assert '<option value="LHP">' in page
    assert "第一輪" in page


@pytest.mark.parametrize("who", ["stranger", "table referee"])
def test_only_organisers_open_the_export_page(client, roles, event, who):
    client.force_login(roles[who])
    assert client.get(reverse("exports:page", args=[event.slug])).status_code == 403
    assert client.get(reverse("exports:download", args=[event.slug, "results-xlsx"])).status_code == 403


def test_a_download_is_an_attachment_of_the_right_kind(organiser_client, event):
    response = made_in_background(organiser_client, event.slug, "results-xlsx", {"lang": "en"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert response["Content-Disposition"] == 'attachment; filename="cup-results-xlsx-en.xlsx"'
    assert load_workbook(io.BytesIO(response.content)).sheetnames[0] == "Standings"


def test_the_two_languages_download_under_two_names(organiser_client, event):
    names = {
        language: made_in_background(organiser_client, event.slug, "results-xlsx", {"lang": language})[
            "Content-Disposition"
        ]
        for language in ("zh-hant", "en")
    }
    assert names == {
        "zh-hant": 'attachment; filename="cup-results-xlsx-zh-hant.xlsx"',
        "en": 'attachment; filename="cup-results-xlsx-en.xlsx"',
    }


def test_a_round_and_a_school_narrow_the_download(organiser_client, event, round_, second_school):
    scoresheets = made_in_background(organiser_client, event.slug, "scoresheets-pdf", {"round": round_.pk})
    assert scoresheets["Content-Disposition"] == 'attachment; filename="cup-round-1-scoresheets-pdf.pdf"'
    pack = organiser_client.get(
        reverse("exports:download", args=[event.slug, "school-pack"]), {"school": "lhp"}
    )
    assert pack["Content-Type"] == "application/zip"


def test_a_bad_choice_goes_back_to_the_page_with_a_message(organiser_client, event):
    url = reverse("exports:download", args=[event.slug, "school-pack"])
    response = organiser_client.get(url, follow=True)
    assert response.redirect_chain[-1][0] == reverse("exports:page", args=[event.slug])
    assert [message.level_tag for message in response.context["messages"]] == ["error"]
    for query in ({"round": "9999"}, {"round": "x"}):
        again = organiser_client.post(
            reverse("exports:download", args=[event.slug, "scoresheets-pdf"]), query
        )
        assert again["Location"] == reverse("exports:page", args=[event.slug])
    unknown = organiser_client.get(reverse("exports:download", args=[event.slug, "no-such-export"]))
    assert unknown.status_code == 302


def test_blank_sheets_link_to_the_host_the_organiser_uses(pdf, organiser_client, event, signed_table):
    response = made_in_background(organiser_client, event.slug, "blank-scoresheets-pdf")
    assert f"http://testserver/referee/tables/{signed_table.pk}/".encode() in response.content


def test_the_referee_downloads_their_tables_sheets(pdf, referee_client, signed_table):
    completed = referee_client.get(
        reverse("exports:table_scoresheet", args=[signed_table.pk]), {"lang": "en"}
    )
    assert completed.status_code == 200
    assert completed["Content-Type"] == "application/pdf"
    text = " ".join(pdf.text(completed.content).split())
    assert "+123" in text
    assert "李詠琳" in text
    blank = referee_client.get(
        reverse("exports:table_blank_scoresheet", args=[signed_table.pk]), {"lang": "en"}
    )
    blank_text = pdf.text(blank.content)
    assert "李詠琳" in blank_text
    assert "+123" not in blank_text
    assert (
        blank["Content-Disposition"]
        == 'attachment; filename="cup-round-1-table-1-blank-scoresheets-pdf-en.pdf"'
    )


def test_other_people_cannot_download_a_tables_sheet(client, roles, signed_table, event):
    url = reverse("exports:table_scoresheet", args=[signed_table.pk])
    assert client.get(url).status_code == 302
    for who in ("other referee", "stranger"):
        client.force_login(roles[who])
        assert client.get(url).status_code == 403
    client.force_login(roles["organiser"])
    assert client.get(url).status_code == 200


def test_the_table_pages_sheets_speak_the_pages_language(referee_client, signed_table):
    """A referee reading the page in English prints an English sheet, and in Chinese a Chinese one."""
    page = reverse("referee:table", args=[signed_table.pk])
    sheet = reverse("exports:table_scoresheet", args=[signed_table.pk])
    english = referee_client.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'href="{sheet}?lang=en"' in english
    chinese = referee_client.get(page).content.decode()
    assert f'href="{sheet}?lang=zh-hant"' in chinese


@pytest.mark.parametrize("key", ["²", "１", "٣", "-1", "99999999999999999999999", str(2**63)])
def test_a_round_named_in_anything_but_ascii_digits_goes_back_with_a_message(organiser_client, event, key):
    url = reverse("exports:download", args=[event.slug, "standings-pdf"])
    response = organiser_client.post(url, {"round": key}, HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert response.redirect_chain[-1][0] == reverse("exports:page", args=[event.slug])
    assert [str(message) for message in response.context["messages"]] == [
        "This round is not part of the tournament."
    ]


@pytest.mark.parametrize("code", ["\x00", "LHP\x00", "L" * 500, "²"])
def test_a_school_code_no_school_could_have_goes_back_with_a_message(organiser_client, event, code):
    """A NUL character would reach the database, which PostgreSQL refuses: it is no school's code."""
    url = reverse("exports:download", args=[event.slug, "school-pack"])
    with connection.execute_wrapper(refuse_nul):
        response = organiser_client.get(url, {"school": code}, HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert [str(message) for message in response.context["messages"]] == [
        "This school is not part of the tournament."
    ]
