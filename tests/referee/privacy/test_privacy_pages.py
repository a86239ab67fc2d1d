"""The organiser's pages for children's data, and the public notice, through the site's own views."""

from __future__ import annotations

import datetime
import io
import json

import pytest
from django.core.management import call_command
from django.test import Client
from openpyxl import load_workbook

from core.models import AuditEntry
from referee.models import Player, PrivacySettings, SchoolConsent
from tests.referee.conftest import form_errors

pytestmark = pytest.mark.django_db
NO_CONSENT = '<span class="no-consent">未記錄同意</span>'


def page(client: Client, address: str, status: int = 200) -> str:
    response = client.get(address)
    assert response.status_code == status, address
    return response.content.decode()


def test_the_page_shows_the_date_the_schools_and_the_notice(organiser_client, tournament, players, round_):
    text = page(organiser_client, "/organise/cup/privacy/")
    assert "2027年3月5日" in text  # 90 days after 5 December 2026
    assert "HSP" in text
    assert NO_CONSENT in text
    assert "{kept_until}" in text  # the template, with its placeholders, to edit


@pytest.mark.parametrize("role", ["table referee", "stranger"])
def test_only_organisers_open_it(client, roles, role, tournament):
    client.force_login(roles[role])
    for address in ("/organise/cup/privacy/", "/organise/cup/privacy/forget/"):
        assert client.get(address).status_code == 403


def test_a_longer_period_needs_a_reason(organiser_client, tournament, round_):
    response = organiser_client.post(
        "/organise/cup/privacy/", {"action": "retention", "retention_days": "120", "retention_reason": ""}
    )
    assert "retention_reason" in form_errors(response, "retention_form")
    assert not PrivacySettings.objects.exists()
    response = organiser_client.post(
        "/organise/cup/privacy/",
        {"action": "retention", "retention_days": "120", "retention_reason": "Certificates printed in April"},
    )
    assert response.status_code == 302
    assert PrivacySettings.objects.get().retention_days == 120
    assert AuditEntry.objects.get(action="privacy.retention").reason == "Certificates printed in April"
    assert "2027年4月4日" in page(organiser_client, "/organise/cup/privacy/")


def test_a_shorter_period_needs_no_reason(organiser_client, tournament, round_):
    organiser_client.post("/organise/cup/privacy/", {"action": "retention", "retention_days": "30"})
    assert PrivacySettings.objects.get().retention_days == 30


def test_the_notice_is_the_template_filled_in_until_the_organiser_writes_their_own(
    organiser_client, client, tournament, round_
):
    text = page(Client(), "/t/cup/privacy/")
    assert "2027年3月5日" in text
    assert "向主辦人查詢" in text  # no contact given yet: "the organisers"
    organiser_client.post(
        "/organise/cup/privacy/",
        {
            "action": "notice",
            "notice_zh": "本賽事只保留參加者姓名至 {kept_until}。\n\n查詢：{contact}",
            "notice_en": "",
            "contact": "黃主任 2345 6789",
        },
    )
    text = page(Client(), "/t/cup/privacy/")
    assert "本賽事只保留參加者姓名至 2027年3月5日。" in text
    assert "查詢：黃主任 2345 6789" in text
    english = Client()
    english.cookies["django_language"] = "en"
    text = page(english, "/t/cup/privacy/")
    assert "5 Mar 2027" in text  # the English template, still filled in
    assert "Ask 黃主任 2345 6789." in text


def test_every_page_of_the_tournament_links_the_notice(organiser_client, tournament):
    for address in ("/t/cup/", "/t/cup/standings/", "/t/cup/find/"):
        assert 'href="/t/cup/privacy/"' in page(Client(), address)
    assert 'href="/t/cup/privacy/"' in page(organiser_client, "/organise/cup/import/")


def test_consent_is_recorded_with_its_date_and_shown(organiser_client, tournament, school, players):
    address = f"/organise/cup/privacy/schools/{school.pk}/"
    response = organiser_client.post(address, {"given": "on", "given_on": "", "note": "校長"})
    assert "given_on" in form_errors(response, "form")
    organiser_client.post(address, {"given": "on", "given_on": "2026-10-03", "note": "校長陳太，已簽回條"})
    consent = SchoolConsent.objects.get(school=school)
    assert (consent.given, consent.given_on) == (True, datetime.date(2026, 10, 3))
    text = page(organiser_client, "/organise/cup/privacy/")
    assert "校長陳太，已簽回條" in text
    assert NO_CONSENT not in text
    assert NO_CONSENT not in page(organiser_client, "/organise/cup/check-in/")


def test_the_check_in_shows_a_school_without_consent(organiser_client, tournament, school, players):
    assert NO_CONSENT in page(organiser_client, "/organise/cup/check-in/")


def test_a_child_is_found_by_number_and_erased_with_a_reason(
    organiser_client, tournament, players, finished_table
):
    child = players[1]
    response = organiser_client.get("/organise/cup/privacy/find/", {"number": str(child.number)})
    assert response["Location"] == f"/organise/cup/privacy/players/{child.pk}/"
    assert (
        organiser_client.get("/organise/cup/privacy/find/", {"number": "999"})["Location"]
        == "/organise/cup/privacy/"
    )
    address = f"/organise/cup/privacy/players/{child.pk}/"
    assert child.name_zh in page(organiser_client, address)
    response = organiser_client.post(address, {"reason": "家長 10 月 3 日來電要求"})
    assert "confirm" in form_errors(response, "form")
    organiser_client.post(address, {"reason": "家長 10 月 3 日來電要求", "confirm": "on"})
    erased = Player.objects.get(pk=child.pk)
    assert erased.forgotten_at is not None
    assert (erased.name_zh, erased.name_en) == (f"{child.number} 號參加者", f"Player {child.number}")
    entry = AuditEntry.objects.get(action="privacy.erase")
    assert entry.reason == "家長 10 月 3 日來電要求"
    assert child.name_zh not in json.dumps(
        list(AuditEntry.objects.values_list("changes", flat=True)), ensure_ascii=False
    )
    assert players[0].name_zh in page(organiser_client, "/organise/cup/players/")  # the others stay


def test_access_files_hold_everything_about_the_child(organiser_client, tournament, players, finished_table):
    child = players[1]  # seat B of the seed-002 table: two games won
    response = organiser_client.get(
        "/organise/cup/privacy/access/", {"player": str(child.number), "format": "json", "language": "en"}
    )
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="cup-player-2-data-held-en.json"'
    document = json.loads(response.content)
    (held,) = document["children"]
    assert held["name_zh"] == child.name_zh
    assert [game["won"] for game in held["games"]] == ["yes", "yes", "no"]
    assert held["seats"][0]["table"] == 1
    assert any(entry["action"] == "Player registered" for entry in held["audit"])
    assert document["labels"]["rank"] == "Rank"
    response = organiser_client.get(
        "/organise/cup/privacy/access/", {"school": "HSP", "format": "xlsx", "language": "zh-hant"}
    )
    workbook = load_workbook(io.BytesIO(response.content), read_only=True)
    assert workbook.sheetnames == ["關於此檔案", "參加者", "座位", "對局", "事件", "更改紀錄"]
    names = [row[1] for row in workbook["參加者"].iter_rows(min_row=2, values_only=True)]
    assert names == [player.name_zh for player in players]
    asked = AuditEntry.objects.filter(action="privacy.access").order_by("pk")
    assert [entry.changes["after"] for entry in asked] == [
        {"player": child.number, "format": "json", "language": "en"},
        {"school": "HSP", "format": "xlsx", "language": "zh-hant"},
    ]


def test_access_asks_for_a_known_form_and_this_tournaments_children(organiser_client, tournament, players):
    base = "/organise/cup/privacy/access/"
    assert organiser_client.get(base, {"player": "1", "format": "pdf", "language": "en"}).status_code == 404
    assert organiser_client.get(base, {"player": "77", "format": "json", "language": "en"}).status_code == 404
    assert organiser_client.get(base, {"format": "json", "language": "en"}).status_code == 404
    assert not AuditEntry.objects.filter(action="privacy.access").exists()


@pytest.mark.django_db(transaction=True)  # a backup copies the committed database
def test_forgetting_now_asks_first_then_deletes_the_backups_that_hold_the_children(
    organiser_client, tournament, players, round_, settings, tmp_path
):
    settings.BACKUP_DIR = tmp_path
    call_command("backup", stdout=io.StringIO())
    text = page(organiser_client, "/organise/cup/privacy/forget/")
    assert "5 名參加者" in text
    assert "備份資料夾中的 1 個備份" in text
    response = organiser_client.post("/organise/cup/privacy/forget/", {})
    assert "confirm" in form_errors(response, "form")
    assert Player.objects.filter(forgotten_at__isnull=True).count() == 5
    organiser_client.post("/organise/cup/privacy/forget/", {"confirm": "on"})
    assert not Player.objects.filter(forgotten_at__isnull=True).exists()
    assert list(tmp_path.iterdir()) == []
    assert PrivacySettings.objects.get().forgotten_at is not None


def test_the_settings_page_says_until_when_and_offers_forgetting_now(organiser_client, tournament, round_):
    text = page(organiser_client, "/organise/cup/settings/")
    assert "/organise/cup/privacy/forget/" in text
    assert "2027年3月5日" in text


def test_the_import_preview_shows_the_schools_without_consent(
    organiser, organiser_client, tournament, school
):
    from referee.people.imports.applying import people_upload_store
    from referee.privacy.consent import school_consent_record
    from tests.referee.privacy.event import roster

    school_consent_record(
        actor=organiser, school=school, given=True, given_on=datetime.date(2026, 10, 3), note=""
    )
    kts = roster([("1", "施柏希", "Sze Pak Hei", "5忠")])
    hsp = "\\r\\nHSP,海濱小學,Harbourside Primary,2,甘綺雯,Kam Yee Man,6孝,F\\r\\n".encode()
    upload = people_upload_store(
        actor=organiser, tournament=tournament, filename="two.csv", content=kts + hsp.lstrip(b"\\r\\n")
    )
    text = page(organiser_client, f"/organise/cup/import/{upload.pk}/")
    warning = text.split('id="import-without-consent"')[1].split("</p>")[0]
    assert "KTS" in warning
    assert "HSP" not in warning
