"""Guessing the old password on the change-password page counts towards the login's lockout.

A security review found that a logged-in session (a phone left at a table; sessions last the event day) could
guess the referee's real password there without limit: Django's form checks the old password with
`check_password`, which django-axes never sees. Now a wrong old password is a wrong login for that name.
"""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordChangeForm
from django.test import Client
from django.urls import reverse

from tests.referee.conftest import PASSWORD

pytestmark = pytest.mark.django_db

HALL_ADDRESS = "203.0.113.7"
NEW_PASSWORD = "my-own-secret-77"


def logged_in_client(user, *, address: str = HALL_ADDRESS, language: str = "en") -> Client:
    client = Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def change(client: Client, old_password: str):
    return client.post(
        reverse("password_change"),
        {"old_password": old_password, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )


def guess(client: Client, times: int, *, limit: int = 10) -> None:
    """The form again with its error each time; the guess reaching the limit is answered 429, as a login."""
    for number in range(1, times + 1):
        response = change(client, "wrong-password")
        assert response.status_code == (429 if number >= limit else 200), number


def log_in(username: str, password: str, *, address: str = HALL_ADDRESS) -> tuple[Client, object]:
    client = Client(REMOTE_ADDR=address)
    response = client.post(reverse("login"), {"username": username, "password": password})
    return client, response


def test_ten_wrong_old_passwords_refuse_the_change_and_the_login(referee) -> None:
    client = logged_in_client(referee)
    guess(client, 10)
    refused = change(client, PASSWORD)
    login, response = log_in(referee.username, PASSWORD)
    assert refused.status_code == 429
    referee.refresh_from_db()
    assert referee.check_password(PASSWORD)
    assert response.status_code == 429
    assert "_auth_user_id" not in login.session


def test_the_failures_are_recorded_under_the_login_name(referee) -> None:
    guess(logged_in_client(referee), 3)
    attempt = AccessAttempt.objects.get()
    assert attempt.username == referee.username.lower()
    assert attempt.failures_since_start == 3


def test_nine_wrong_old_passwords_then_the_right_one_changes_it_and_keeps_the_session(referee) -> None:
    client = logged_in_client(referee)
    guess(client, 9)
    response = change(client, PASSWORD)
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    referee.refresh_from_db()
    assert referee.check_password(NEW_PASSWORD)
    assert client.get(reverse("referee:my_tables")).status_code == 200  # still logged in


def test_wrong_logins_and_wrong_old_passwords_count_together(referee) -> None:
    client = logged_in_client(referee)  # first: logging in clears earlier failures (AXES_RESET_ON_SUCCESS)
    for _ in range(5):
        log_in(referee.username, "wrong-password")
    guess(client, 4)
    assert change(client, "wrong-password").status_code == 429
    _, response = log_in(referee.username, PASSWORD)
    assert response.status_code == 429


def test_the_wrong_old_password_message_is_djangos(referee) -> None:
    response = change(logged_in_client(referee), "wrong-password")
    errors = response.context["form"].errors["old_password"]
    assert errors == [str(PasswordChangeForm.error_messages["password_incorrect"])]


def test_the_limit_comes_from_the_settings(settings, referee) -> None:
    settings.AXES_FAILURE_LIMIT = 3
    client = logged_in_client(referee)
    guess(client, 3, limit=3)
    _, response = log_in(referee.username, PASSWORD)
    assert response.status_code == 429


@pytest.mark.parametrize(
    ("language", "heading", "sentence"),
    [
        ("en", "Too many attempts", "too many wrong passwords for this login"),
        ("zh-hant", "嘗試次數過多", "這部手機為這個登入輸入錯誤密碼的次數過多"),
    ],
)
def test_the_refusal_is_the_logins_page_in_the_visitors_language(
    referee, language, heading, sentence
) -> None:
    client = logged_in_client(referee, language=language)
    guess(client, 10)
    body = change(client, PASSWORD).content.decode()
    assert 'class="site-header"' in body
    assert f"<h1>{heading}</h1>" in body
    assert sentence in body


def test_an_organiser_is_throttled_the_same(organiser) -> None:
    client = logged_in_client(organiser)
    guess(client, 10)
    _, response = log_in("organiser", PASSWORD)
    assert response.status_code == 429


def test_an_organiser_still_changes_their_own_password(organiser) -> None:
    client = logged_in_client(organiser)
    response = change(client, PASSWORD)
    assert response.status_code == 302
    organiser.refresh_from_db()
    assert organiser.check_password(NEW_PASSWORD)
    assert client.get(reverse("password_change")).status_code == 200  # still logged in


def test_a_login_name_with_capitals_is_counted_under_every_spelling(db) -> None:
    """An account made before login names were kept in small letters: its guesses lock `chan.tm` too (from
    that phone: throttling counts a login name with an address)."""
    older = get_user_model().objects.create_user("Chan.TM", password=PASSWORD)
    guess(logged_in_client(older), 10)
    _, response = log_in("chan.tm", PASSWORD)
    assert response.status_code == 429


def test_a_one_time_password_change_asks_for_no_old_password_and_counts_nothing(referee) -> None:
    client = logged_in_client(referee)
    session = client.session
    session["tableref_must_change_password"] = True
    session.save()
    response = client.post(
        reverse("password_change"), {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert response.status_code == 302
    assert not AccessAttempt.objects.exists()
