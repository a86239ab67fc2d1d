"""Locked logins, lifted from the site: an organiser sees their tournament's logins locked from some phone
and unlocks each with a button; nobody else can."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from core.errors import ServiceError
from core.models import AuditEntry
from referee.tournaments.selectors.lockouts import lockouts
from referee.tournaments.services.lockouts import lockout_lift
from tests.referee.conftest import PASSWORD

pytestmark = pytest.mark.django_db

PHONE = "192.0.2.40"


def wrong_passwords(login_name: str, times: int = 10, address: str = PHONE) -> None:
    phone = Client(REMOTE_ADDR=address)
    for _ in range(times):
        phone.post(reverse("login"), {"username": login_name, "password": "wrong-password"})


def logs_in(login_name: str, address: str = PHONE) -> bool:
    response = Client(REMOTE_ADDR=address).post(
        reverse("login"), {"username": login_name, "password": PASSWORD}
    )
    return response.status_code == 302


def test_the_page_lists_a_referee_locked_from_one_phone(organiser_client, tournament, referee) -> None:
    wrong_passwords("ref1@cup")
    page = organiser_client.get(reverse("organiser:lockouts", args=[tournament.slug]))
    body = page.content.decode()
    assert page.status_code == 200
    assert 'data-lockout="ref1@cup"' in body
    assert PHONE in body


def test_unlocking_lets_the_referee_in_from_that_phone_and_is_audited(organiser_client, tournament, referee):
    wrong_passwords("ref1@cup")
    assert not logs_in("ref1@cup")
    response = organiser_client.post(
        reverse("organiser:lockouts", args=[tournament.slug]),
        {"action": "unlock", "login_name": "ref1@cup", "address": PHONE},
    )
    assert response.status_code == 302
    assert logs_in("ref1@cup")
    entry = AuditEntry.objects.get(action="lockout.lift")
    assert entry.changes["before"] == {"login_name": "ref1@cup", "address": PHONE}


def test_another_organiser_of_the_tournament_unlocks_an_organiser(organiser, tournament) -> None:
    second = get_user_model().objects.create_user("deputy", password=PASSWORD)
    tournament.organisers.add(second)
    wrong_passwords("organiser")
    assert [lockout.login_name for lockout in lockouts(tournament)] == ["organiser"]
    lockout_lift(actor=second, tournament=tournament, login_name="organiser", address=PHONE)
    assert logs_in("organiser")


def test_an_address_locked_as_a_whole_is_listed_and_unlocked(
    settings, organiser, tournament, referee
) -> None:
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 12
    for number in range(12):
        wrong_passwords(f"guess{number}", times=1)
    found = lockouts(tournament)
    assert [(lockout.whole_address, lockout.address) for lockout in found] == [(True, PHONE)]
    assert not logs_in("ref1@cup")
    lockout_lift(actor=organiser, tournament=tournament, login_name="", address=PHONE)
    assert logs_in("ref1@cup")


def test_logins_of_other_tournaments_are_neither_shown_nor_unlocked(organiser, tournament, stranger) -> None:
    wrong_passwords("stranger")
    assert lockouts(tournament) == []
    with pytest.raises(ServiceError) as refused:
        lockout_lift(actor=organiser, tournament=tournament, login_name="stranger", address=PHONE)
    assert refused.value.code == "not-locked"
    assert AccessAttempt.objects.filter(username="stranger").exists()


def test_a_forged_unlock_is_a_message_not_a_change(organiser_client, tournament, referee) -> None:
    wrong_passwords("ref1@cup")
    response = organiser_client.post(
        reverse("organiser:lockouts", args=[tournament.slug]),
        {"action": "unlock", "login_name": "ref1@cup", "address": "198.51.100.1"},
        follow=True,
    )
    assert "這個登入沒有被鎖" in response.content.decode()
    assert not logs_in("ref1@cup")


@pytest.mark.parametrize("who", ["table referee", "stranger", "anonymous"])
def test_only_the_tournaments_organisers_may_unlock(roles, tournament, who) -> None:
    wrong_passwords("ref2@cup")
    with pytest.raises(ServiceError) as refused:
        lockout_lift(actor=roles[who], tournament=tournament, login_name="ref2@cup", address=PHONE)
    assert refused.value.code == "forbidden"


def test_the_page_is_closed_to_a_referee(referee_client, tournament) -> None:
    assert referee_client.get(reverse("organiser:lockouts", args=[tournament.slug])).status_code in (403, 404)


@pytest.mark.parametrize(("language", "heading"), [("en", "Locked logins"), ("zh-hant", "被鎖的登入")])
def test_the_page_speaks_both_languages(organiser, tournament, language, heading) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(organiser)
    body = client.get(reverse("organiser:lockouts", args=[tournament.slug])).content.decode()
    assert f"<h1>{heading}</h1>" in body
