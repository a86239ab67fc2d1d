"""Login throttling: ten wrong passwords for one login from one address, and that login is refused there,
the right password too, for a while; an address alone only after many more; nobody can lock a login out of
another phone."""

from __future__ import annotations

import datetime

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.test import Client, RequestFactory
from django.urls import reverse

from tableref.throttling import client_address
from tests.referee.conftest import PASSWORD

pytestmark = pytest.mark.django_db

HALL_ADDRESS = "203.0.113.7"


def attempt(username: str, password: str, *, address: str = HALL_ADDRESS, language: str = "en"):
    client = Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=language)
    response = client.post(reverse("login"), {"username": username, "password": password})
    return client, response


def fail(username: str, times: int, *, address: str = HALL_ADDRESS, limit: int = 10) -> None:
    """The form again with its error each time; the failure that reaches the limit is answered 429."""
    for number in range(1, times + 1):
        _, response = attempt(username, "wrong-password", address=address)
        assert response.status_code == (429 if number >= limit else 200)


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_nine_wrong_passwords_then_the_right_one_gets_in(referee) -> None:
    fail("ref1@cup", 9)
    client, response = attempt("ref1@cup", PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)


def test_ten_wrong_passwords_then_the_right_one_is_refused(referee) -> None:
    fail("ref1@cup", 10)
    client, response = attempt("ref1@cup", PASSWORD)
    assert response.status_code == 429
    assert not logged_in(client)


@pytest.mark.parametrize(
    ("language", "heading", "sentence"),
    [
        ("en", "Too many attempts", "refused for 15 minutes"),
        ("zh-hant", "嘗試次數過多", "15 分鐘"),
    ],
)
def test_the_refusal_is_a_page_of_the_site_in_the_visitors_language(referee, language, heading, sentence):
    fail("ref1@cup", 10)
    _, response = attempt("ref1@cup", PASSWORD, language=language)
    body = response.content.decode()
    assert response.status_code == 429
    assert 'class="site-header"' in body
    assert f"<h1>{heading}</h1>" in body
    assert sentence in body


def test_after_the_lockout_time_without_a_try_the_right_password_works(referee) -> None:
    fail("ref1@cup", 10)
    sixteen_minutes_ago = datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=16)
    assert AccessAttempt.objects.update(attempt_time=sixteen_minutes_ago) > 0
    client, response = attempt("ref1@cup", PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)


def test_the_limit_and_the_time_come_from_the_settings(settings, referee) -> None:
    settings.AXES_FAILURE_LIMIT = 3
    fail("ref1@cup", 3, limit=3)
    _, response = attempt("ref1@cup", PASSWORD)
    assert response.status_code == 429


def test_one_address_guessing_many_names_is_locked_only_after_the_address_limit(settings, referee) -> None:
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 30
    for number in range(29):
        attempt(f"name{number}", "guess")
    client, response = attempt("ref1@cup", PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)
    client.logout()
    for number in range(30):
        attempt(f"other{number}", "guess")
    _, response = attempt("ref1@cup", PASSWORD)
    assert response.status_code == 429


def test_one_name_guessed_from_many_addresses_is_locked_from_none_of_them_but_each(referee) -> None:
    """Throttling counts a login name with an address: nine guesses each from ten phones lock nothing."""
    for number in range(10):
        fail("ref1@cup", 9, address=f"198.51.100.{number}")
    client, response = attempt("ref1@cup", PASSWORD, address="192.0.2.1")
    assert response.status_code == 302
    assert logged_in(client)


def test_another_referee_of_the_same_hall_still_gets_in(referee, other_referee) -> None:
    fail("ref1@cup", 10)
    _, refused = attempt("ref1@cup", PASSWORD)
    client, response = attempt("ref2@cup", PASSWORD)
    assert refused.status_code == 429
    assert response.status_code == 302
    assert logged_in(client)


def test_a_login_locked_from_one_phone_still_gets_in_from_another(referee) -> None:
    fail("ref1@cup", 10)
    client, response = attempt("ref1@cup", PASSWORD, address="192.0.2.1")
    assert response.status_code == 302
    assert logged_in(client)


def test_nobody_on_the_wifi_can_lock_the_organiser_out_of_their_own_laptop(referee, organiser) -> None:
    """The security review's attack: ten wrong passwords lock the attacker's address, then twenty more posts
    naming the organiser and a referee (all refused with 429) locked those logins from every other address
    too. Now the refused posts do not count, and what does count stays with the attacker's address."""
    name = organiser.get_username()
    fail("ref1@cup", 10)
    for _ in range(20):
        assert attempt(name, "guess")[1].status_code in (200, 429)
        attempt("ref1@cup", "guess")
    laptop, response = attempt(name, PASSWORD, address="192.0.2.50")
    assert response.status_code == 302
    assert logged_in(laptop)
    phone, response = attempt("ref1@cup", PASSWORD, address="192.0.2.51")
    assert response.status_code == 302
    assert logged_in(phone)


def test_refused_tries_while_locked_are_not_counted_again(referee) -> None:
    fail("ref1@cup", 10)
    failures = AccessAttempt.objects.get(username="ref1@cup").failures_since_start
    for _ in range(5):
        assert attempt("ref1@cup", "guess")[1].status_code == 429
    assert AccessAttempt.objects.get(username="ref1@cup").failures_since_start == failures


def test_axes_reset_unlocks_at_once(referee) -> None:
    fail("ref1@cup", 10)
    call_command("axes_reset", verbosity=0)
    client, response = attempt("ref1@cup", PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)


def test_unlocking_one_login_name_takes_it_in_small_letters(referee) -> None:
    """`make unlock LOGIN=...` passes the name in small letters: the lockout of `Ref1@Cup` is ref1@cup's."""
    fail("Ref1@Cup", 10)
    call_command("axes_reset_username", "ref1@cup", verbosity=0)
    client, response = attempt("REF1@CUP", PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)


def test_a_successful_login_clears_the_earlier_failures(referee) -> None:
    fail("ref1@cup", 9)
    attempt("ref1@cup", PASSWORD)
    fail("ref1@cup", 9)
    _, response = attempt("ref1@cup", PASSWORD)
    assert response.status_code == 302


def test_behind_the_proxy_the_address_is_the_one_the_proxy_saw(settings) -> None:
    settings.HTTPS = True
    request = RequestFactory().get(
        "/", HTTP_X_FORWARDED_FOR="10.9.9.9, 198.51.100.4", REMOTE_ADDR="127.0.0.1"
    )
    assert client_address(request) == "198.51.100.4"


def test_without_the_proxy_a_forwarded_header_is_ignored(settings) -> None:
    settings.HTTPS = False
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR="198.51.100.4", REMOTE_ADDR="192.0.2.9")
    assert client_address(request) == "192.0.2.9"


def test_a_login_name_longer_than_any_account_is_refused_before_it_is_counted(client):
    """A 300-character name reached authenticate(), and the throttle's 255-character column refused it on
    PostgreSQL with a server error; now the form refuses it and nothing is recorded."""
    response = client.post(reverse("login"), {"username": "x" * 300, "password": "y"})
    assert response.status_code == 200
    assert response.context["form"].errors["username"]
    assert not AccessAttempt.objects.exists()


@pytest.mark.parametrize(
    ("language", "sentence"),
    [("en", "from this address"), ("zh-hant", "這個網絡位址")],
)
def test_a_referee_refused_for_the_addresss_failures_is_not_told_their_own_password_was_wrong(
    settings, referee, language, sentence
) -> None:
    """Many wrong guesses at other names lock the address: ref1@cup, who never mistyped, is told so, and that
    a new password from the organiser would not help."""
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 10
    for name in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]:
        attempt(name, "guess")
    _, response = attempt("ref1@cup", PASSWORD, language=language)
    body = response.content.decode()
    assert response.status_code == 429
    assert sentence in body
    assert "wrong passwords for this login" not in body
    assert "這部手機為這個登入輸入錯誤密碼的次數過多" not in body


def test_a_login_refused_for_its_own_failures_still_says_so(referee) -> None:
    fail("ref1@cup", 10)
    _, response = attempt("ref1@cup", PASSWORD)
    assert "too many wrong passwords for this login" in response.content.decode()


def test_every_spelling_of_one_login_name_counts_towards_one_limit(referee) -> None:
    """Login names are not case-sensitive, so changing a letter's case must not buy more guesses: ten wrong
    passwords spread over REF1@CUP, Ref1@cup and ref1@cup lock ref1@cup out from that address."""
    spellings = ["REF1@CUP", "Ref1@cup", "ref1@cup", "rEf1@cUp", "ref1@CUP"]
    for number in range(10):
        attempt(spellings[number % len(spellings)], "wrong-password")
    client, response = attempt("Ref1@Cup", PASSWORD)
    assert response.status_code == 429
    assert not logged_in(client)


def test_a_login_locked_under_another_spelling_is_told_it_is_the_login(referee) -> None:
    """The phone capitalised the name: the failures count under the lower-case name, and the page must look
    there too, not tell the referee that only `make unlock` helps."""
    fail("Ref1@cup", 10)
    _, response = attempt("Ref1@Cup", PASSWORD)
    assert "too many wrong passwords for this login" in response.content.decode()
