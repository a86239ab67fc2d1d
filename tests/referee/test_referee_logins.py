"""Login names are not case-sensitive; passwords are."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from core.logins import stored_login_name
from tests.referee.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def logs_in(username: str, password: str) -> bool:
    client = Client()
    client.post(reverse("login"), {"username": username, "password": password})
    return "_auth_user_id" in client.session


@pytest.mark.parametrize("typed", ["ref1@cup", "Ref1@cup", "REF1@CUP", " ref1@cup "])
def test_a_referee_logs_in_whatever_the_case_of_the_login_name(referee, typed) -> None:
    assert logs_in(typed, PASSWORD)


def test_the_password_stays_case_sensitive(referee) -> None:
    assert not logs_in("ref1@cup", PASSWORD.upper())


def test_the_short_name_alone_is_not_a_login_name(referee) -> None:
    assert not logs_in("ref1", PASSWORD)


def test_an_exact_spelling_wins_and_two_spellings_of_one_name_are_not_guessed_between(db) -> None:
    """Accounts made before login names ignored case may differ only in case: each logs in by its own
    spelling; a third spelling picks neither."""
    users = get_user_model().objects
    users.create_user("Chan", password="first-secret-1")
    users.create_user("chan", password="second-secret-2")
    assert logs_in("Chan", "first-secret-1")
    assert logs_in("chan", "second-secret-2")
    assert not logs_in("Chan", "second-secret-2")
    assert stored_login_name("CHAN") == "CHAN"
    assert not logs_in("CHAN", "first-secret-1")
    assert not logs_in("CHAN", "second-secret-2")


def test_the_login_name_field_asks_a_phone_for_its_e_mail_keyboard(client) -> None:
    page = client.get(reverse("login")).content.decode()
    assert 'inputmode="email"' in page
    assert 'autocapitalize="none"' in page
