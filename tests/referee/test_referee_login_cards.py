"""The referees' login cards: printing gives one-time passwords to those who have not chosen their own; the
PDF opens and holds their login names; a password from a card logs in once and then asks for a new one."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.accounts import SESSION_FLAG
from core.models import AuditEntry
from referee.tournaments.services.referees import referee_account_create
from referee.tournaments.services.tournaments import tournament_create
from tests.referee.conftest import PASSWORD

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "my-own-secret-77"
PASSWORD_PATTERN = re.compile(r"\b[a-z2-9]{5}-[a-z2-9]{5}\b")


def pdf_text(pdf: bytes, tmp_path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    path = tmp_path / "cards.pdf"
    path.write_bytes(pdf)
    finished = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True, timeout=60
    )
    return finished.stdout


def cards_url(tournament) -> str:
    return reverse("organiser:referee_cards", args=[tournament.slug])


def log_in(username: str, password: str) -> Client:
    client = Client()
    client.post(reverse("login"), {"username": username, "password": password})
    return client


def test_the_page_says_what_printing_does_before_anything_changes(
    organiser_client, tournament, referee, other_referee
) -> None:
    log_in(other_referee.username, PASSWORD)  # other_referee has logged in: keeps their password
    page = organiser_client.get(cards_url(tournament), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Printing gives 1 referee a new one-time password." in page
    assert "their own password (kept)" in page
    referee.refresh_from_db()
    assert referee.check_password(PASSWORD)


@pytest.mark.parametrize(("language", "label"), [("en", "One-time password"), ("zh-hant", "一次性密碼")])
def test_printed_cards_hold_the_login_names_and_passwords_that_work_once(
    organiser_client, tournament, table, referee, other_referee, tmp_path, language, label
) -> None:
    log_in(other_referee.username, PASSWORD)
    response = organiser_client.post(cards_url(tournament), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Cache-Control"] == "no-store"
    text = pdf_text(response.content, tmp_path)
    assert referee.username == "ref1@cup"  # the full login name is what the card prints
    assert referee.username in text
    assert other_referee.username in text
    assert label in text
    assert "http://testserver/" in text
    passwords = PASSWORD_PATTERN.findall(text)
    assert len(passwords) == 1  # only the referee who never logged in got one

    client = log_in(referee.username, passwords[0])
    assert client.session[SESSION_FLAG] is True
    assert client.get(reverse("referee:my_tables"))["Location"] == reverse("password_change")
    client.post(reverse("password_change"), {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert client.get(reverse("referee:my_tables")).status_code == 200
    assert "_auth_user_id" not in log_in(referee.username, passwords[0]).session
    assert "_auth_user_id" in log_in(other_referee.username, PASSWORD).session


def test_a_card_shows_the_referees_tables(organiser_client, tournament, table, referee, tmp_path) -> None:
    text = pdf_text(organiser_client.post(cards_url(tournament), HTTP_ACCEPT_LANGUAGE="en").content, tmp_path)
    assert f"Tables: {table.number}" in text


def test_printing_again_replaces_the_passwords_not_yet_used(organiser_client, tournament, referee, tmp_path):
    first = PASSWORD_PATTERN.findall(pdf_text(organiser_client.post(cards_url(tournament)).content, tmp_path))
    second = PASSWORD_PATTERN.findall(
        pdf_text(organiser_client.post(cards_url(tournament)).content, tmp_path)
    )
    referee.refresh_from_db()
    assert not referee.check_password(first[0])
    assert referee.check_password(second[0])


def test_eight_cards_to_a_page(organiser, organiser_client, tournament, tmp_path) -> None:
    for number in range(9):
        referee_account_create(
            actor=organiser,
            tournament=tournament,
            username=f"card{number}",
            display_name=f"裁判{number}",
            password=PASSWORD,
        )
    pdf = organiser_client.post(cards_url(tournament)).content
    text = pdf_text(pdf, tmp_path)
    assert text.count("\f") == 2  # two pages
    assert all(f"card{number}@cup" in text for number in range(9))


def test_the_audit_log_says_cards_were_printed_without_passwords(
    organiser_client, tournament, referee, tmp_path
):
    text = pdf_text(organiser_client.post(cards_url(tournament)).content, tmp_path)
    entry = AuditEntry.objects.get(action="referee.cards_printed")
    assert entry.changes["after"]["users_reset"] == [referee.pk]
    assert PASSWORD_PATTERN.findall(text)[0] not in str(entry.changes)


@pytest.mark.parametrize("role", ["other referee", "stranger", "anonymous"])
def test_only_organisers_print_cards(roles, tournament, referee, role) -> None:
    client = Client()
    if role != "anonymous":
        client.force_login(roles[role])
    for response in (client.get(cards_url(tournament)), client.post(cards_url(tournament))):
        assert response.status_code == (302 if role == "anonymous" else 403)
    referee.refresh_from_db()
    assert referee.check_password(PASSWORD)


def test_the_page_runs_the_same_queries_for_many_referees(organiser, organiser_client, tournament) -> None:
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert organiser_client.get(cards_url(tournament)).status_code == 200
        return len(captured)

    referee_account_create(
        actor=organiser, tournament=tournament, username="few", display_name="一", password=PASSWORD
    )
    few = queries()
    for number in range(10):
        referee_account_create(
            actor=organiser,
            tournament=tournament,
            username=f"many{number}",
            display_name="多",
            password=PASSWORD,
        )
    assert queries() == few


def test_a_login_used_for_another_organiser_is_printed_without_a_password(
    organiser, organiser_client, tournament, referee, tmp_path
) -> None:
    someone = get_user_model().objects.create_user("someone-else", password=PASSWORD)
    elsewhere = tournament_create(actor=organiser, name="外", slug="away", ruleset="hk-school")
    elsewhere.organisers.set([someone])
    elsewhere.referees.add(referee)
    text = pdf_text(organiser_client.post(cards_url(tournament), HTTP_ACCEPT_LANGUAGE="en").content, tmp_path)
    assert "Password: not printed" in text
    assert PASSWORD_PATTERN.findall(text) == []
    referee.refresh_from_db()
    assert referee.check_password(PASSWORD)
