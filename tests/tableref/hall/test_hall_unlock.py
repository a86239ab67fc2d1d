"""/unlock/: the hall's one-time code lifts one login's lockout, once; wrong codes close the page."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tableref.hall.unlock_code import code_digest, new_unlock_code, normalised

pytestmark = pytest.mark.django_db

CODE = "K7QM-2XPA-9RTD"


@pytest.fixture
def organiser(db):
    return get_user_model().objects.create_user("organiser", password="correct-horse-42")


@pytest.fixture
def hall_code(settings) -> str:
    settings.HALL_UNLOCK_CODE_DIGEST = code_digest(CODE)
    return CODE


def lock(login_name: str, address: str = "192.0.2.9") -> None:
    phone = Client(REMOTE_ADDR=address)
    for _ in range(10):
        phone.post(reverse("login"), {"username": login_name, "password": "wrong"})


def unlock(code: str, login_name: str = "organiser", address: str = "192.0.2.1", language: str = "en"):
    visitor = Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=language)
    return visitor.post(reverse("unlock"), {"login_name": login_name, "code": code})


def test_codes_are_twelve_readable_characters_and_typing_is_forgiven() -> None:
    code = new_unlock_code()
    assert len(normalised(code)) == 12
    assert not set(normalised(code)) & set("01OI")
    assert code_digest(code) == code_digest(code.lower().replace("-", " "))


def test_without_the_hall_there_is_no_page(client) -> None:
    assert client.get(reverse("unlock")).status_code == 404


def test_the_code_unlocks_a_login_from_every_address(hall_code, organiser) -> None:
    lock("organiser", "192.0.2.9")
    lock("organiser", "192.0.2.10")
    response = unlock(hall_code.lower())
    assert response.status_code == 200
    assert "can log in again now" in response.content.decode()
    assert not AccessAttempt.objects.filter(username="organiser").exists()


def test_the_code_works_once(hall_code, organiser) -> None:
    assert "data-unlocked" in unlock(hall_code).content.decode()
    lock("organiser")
    again = unlock(hall_code)
    assert again.status_code == 429
    assert "data-unlock-closed" in again.content.decode()
    assert AccessAttempt.objects.filter(username="organiser").exists()


def test_five_wrong_codes_close_the_page_to_that_address(hall_code, organiser) -> None:
    lock("organiser")
    for _ in range(4):
        assert unlock("AAAA-AAAA-AAAA").status_code == 200
    assert unlock("AAAA-AAAA-AAAA").status_code == 429
    assert unlock(hall_code).status_code == 429  # even the right code, from there
    assert AccessAttempt.objects.filter(username="organiser").exists()
    assert "data-unlocked" in unlock(hall_code, address="192.0.2.77").content.decode()


@pytest.mark.parametrize(("language", "heading"), [("en", "Unlock a login"), ("zh-hant", "解鎖登入")])
def test_the_page_speaks_both_languages(hall_code, language, heading) -> None:
    body = Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse("unlock")).content.decode()
    assert f"<h1>{heading}</h1>" in body
