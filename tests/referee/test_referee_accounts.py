"""Passwords: a person changes their own; an organiser resets a referee's to a one-time password, shown once,
which must be replaced at the next login."""

from __future__ import annotations

import re

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.test import Client
from django.urls import reverse

from core.accounts import ONE_TIME_ITERATIONS, SESSION_FLAG
from core.errors import ServiceError
from core.models import Account, AuditEntry
from referee.tournaments.services.accounts import referee_password_reset
from referee.tournaments.services.tournaments import tournament_create
from tests.referee.conftest import PASSWORD

pytestmark = pytest.mark.django_db
User = get_user_model()
NEW_PASSWORD = "my-own-secret-77"


def log_in(username: str, password: str, *, language: str = "en") -> tuple[Client, object]:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    response = client.post(reverse("login"), {"username": username, "password": password})
    return client, response


def reset_on_the_page(organiser_client: Client, tournament, referee) -> tuple[object, str]:
    url = reverse("organiser:referees", args=[tournament.slug])
    response = organiser_client.post(url, {"action": "reset-password", "user": referee.pk})
    found = re.search(r'<code class="secret">([^<]+)</code>', response.content.decode())
    assert found is not None
    return response, found.group(1)


class TestOwnPassword:
    def test_a_referee_changes_their_own_password(self, referee) -> None:
        client, _ = log_in(referee.username, PASSWORD)
        page = client.get(reverse("password_change"))
        assert page.status_code == 200
        response = client.post(
            reverse("password_change"),
            {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        )
        assert response["Location"] == reverse("home")
        referee.refresh_from_db()
        assert referee.check_password(NEW_PASSWORD)
        assert client.get(reverse("referee:my_tables")).status_code == 200  # still logged in

    def test_the_old_password_is_checked(self, referee) -> None:
        client, _ = log_in(referee.username, PASSWORD)
        response = client.post(
            reverse("password_change"),
            {"old_password": "not-it", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        )
        assert response.status_code == 200
        referee.refresh_from_db()
        assert referee.check_password(PASSWORD)

    @pytest.mark.parametrize(
        ("language", "heading"), [("en", "Change your password"), ("zh-hant", "更改密碼")]
    )
    def test_the_page_speaks_both_languages(self, referee, language, heading) -> None:
        client, _ = log_in(referee.username, PASSWORD)
        body = client.get(reverse("password_change"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f"<h1>{heading}</h1>" in body
        assert 'class="site-header"' in body

    def test_anonymous_visitors_are_sent_to_log_in(self, client) -> None:
        response = client.get(reverse("password_change"))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))


class TestReset:
    def test_the_one_time_password_is_shown_once_and_stored_hashed(
        self, organiser_client, tournament, referee
    ) -> None:
        response, password = reset_on_the_page(organiser_client, tournament, referee)
        assert response.status_code == 200
        assert response["Cache-Control"] == "no-store"
        referee.refresh_from_db()
        assert referee.check_password(password)
        assert not referee.check_password(PASSWORD)
        assert password not in referee.password
        again = organiser_client.get(reverse("organiser:referees", args=[tournament.slug])).content.decode()
        assert password not in again

    def test_the_audit_log_says_it_happened_without_the_password(
        self, organiser_client, tournament, referee
    ) -> None:
        _, password = reset_on_the_page(organiser_client, tournament, referee)
        entry = AuditEntry.objects.get(action="referee.password_reset")
        assert entry.changes["after"]["user"] == referee.pk
        assert password not in str(entry.changes)

    def test_the_referee_must_choose_their_own_at_the_next_login(
        self, organiser_client, tournament, referee
    ) -> None:
        _, password = reset_on_the_page(organiser_client, tournament, referee)
        old, _ = log_in(referee.username, PASSWORD)
        assert SESSION_FLAG not in old.session
        assert "_auth_user_id" not in old.session
        client, response = log_in(referee.username, password)
        assert client.session[SESSION_FLAG] is True
        tables = client.get(reverse("referee:my_tables"))
        assert tables["Location"] == reverse("password_change")
        saved = client.post(reverse("referee:submit", args=[1]), {"action": "save-game"})
        assert saved.status_code == 401
        assert saved.json()["state"] == "signed-out"
        page = client.get(reverse("password_change")).content.decode()
        assert "data-one-time" in page
        assert 'name="old_password"' not in page
        changed = client.post(
            reverse("password_change"), {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
        )
        assert changed["Location"] == reverse("home")
        assert client.get(reverse("referee:my_tables")).status_code == 200
        assert not Account.objects.get(user=referee).must_change_password
        second, _ = log_in(referee.username, password)
        assert "_auth_user_id" not in second.session  # the one-time password worked once
        third, _ = log_in(referee.username, NEW_PASSWORD)
        assert SESSION_FLAG not in third.session
        assert third.get(reverse("referee:my_tables")).status_code == 200

    def test_a_reset_lifts_a_lockout(self, organiser, tournament, referee) -> None:
        for _ in range(10):
            log_in(referee.username, "wrong")
        assert AccessAttempt.objects.exists()
        password = referee_password_reset(actor=organiser, tournament=tournament, referee=referee)
        client, response = log_in(referee.username, password)
        assert response.status_code == 302

    def test_a_reset_lifts_the_lockout_of_a_login_name_with_capitals(self, organiser, tournament) -> None:
        """An account from before login names ignored case keeps its capitals; its lockout is still found."""
        older = get_user_model().objects.create_user("Chan.TM", password=PASSWORD)
        tournament.referees.add(older)
        for _ in range(10):
            log_in("Chan.TM", "wrong")
        password = referee_password_reset(actor=organiser, tournament=tournament, referee=older)
        client, response = log_in("chan.tm", password)
        assert response.status_code == 302

    def test_a_referee_cannot_reset_passwords(self, tournament, referee, other_referee) -> None:
        client, _ = log_in(referee.username, PASSWORD)
        url = reverse("organiser:referees", args=[tournament.slug])
        response = client.post(url, {"action": "reset-password", "user": other_referee.pk})
        assert response.status_code == 403
        other_referee.refresh_from_db()
        assert other_referee.check_password(PASSWORD)

    def test_only_this_tournaments_referees(self, organiser_client, tournament, stranger) -> None:
        url = reverse("organiser:referees", args=[tournament.slug])
        response = organiser_client.post(url, {"action": "reset-password", "user": stranger.pk})
        assert response.status_code == 404
        stranger.refresh_from_db()
        assert stranger.check_password(PASSWORD)

    def test_an_organisers_login_is_not_reset_by_another_organiser(self, organiser, tournament) -> None:
        colleague = User.objects.create_user("colleague", password=PASSWORD)
        other = tournament_create(actor=organiser, name="別的", slug="other", ruleset="hk-school")
        other.organisers.add(colleague)
        tournament.referees.add(colleague)
        with pytest.raises(ServiceError) as refused:
            referee_password_reset(actor=organiser, tournament=tournament, referee=colleague)
        assert refused.value.code == "not-resettable"
        colleague.refresh_from_db()
        assert colleague.check_password(PASSWORD)

    def test_a_referee_of_another_organiser_is_not_reset(self, organiser, tournament, referee) -> None:
        someone = User.objects.create_user("someone-else", password=PASSWORD)
        elsewhere = tournament_create(actor=organiser, name="外", slug="away", ruleset="hk-school")
        elsewhere.organisers.set([someone])
        elsewhere.referees.add(referee)
        with pytest.raises(ServiceError) as refused:
            referee_password_reset(actor=organiser, tournament=tournament, referee=referee)
        assert refused.value.code == "not-resettable"


def test_a_one_time_password_is_hashed_lightly_then_at_full_strength_once_used(
    settings, organiser, tournament, referee
) -> None:
    """Printing 200 cards must not take 200 full-strength hashes; the hash is upgraded at the first login."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    password = referee_password_reset(actor=organiser, tournament=tournament, referee=referee)
    referee.refresh_from_db()
    algorithm, iterations, *_ = referee.password.split("$")
    assert (algorithm, int(iterations)) == ("pbkdf2_sha256", ONE_TIME_ITERATIONS)
    client, _ = log_in(referee.username, password)
    assert client.session[SESSION_FLAG] is True
    referee.refresh_from_db()
    assert int(referee.password.split("$")[1]) == PBKDF2PasswordHasher.iterations
    client.post(reverse("password_change"), {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    referee.refresh_from_db()
    assert int(referee.password.split("$")[1]) == PBKDF2PasswordHasher.iterations
    assert referee.check_password(NEW_PASSWORD)
