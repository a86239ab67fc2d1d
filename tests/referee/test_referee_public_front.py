"""The public pages' front: a parent's reload of a kept page is answered before the rest of the site runs,
with the headers the site gives, the reader's own token, address, time and language, and never once the page
has changed."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.models import PublicVersion
from core.versions import TRUST_SECONDS, recent_reads
from referee import services
from referee.models import Tournament
from referee.views import public
from tests.referee.conftest import release
from tests.referee.test_referee_public_page import TOKEN, address

# What differs between two answers of the same page: the time of the answer and the cookie the site sets.
OWN_HEADERS = {"Date", "Set-Cookie"}


@pytest.fixture
def view_is_gone(monkeypatch):
    """From now on the standings' view fails: only the front can answer."""

    def gone(*args, **kwargs):
        raise AssertionError("the view ran")

    return lambda: monkeypatch.setattr(public.PublicStandingsView, "get", gone)


def version_of(tournament: Tournament) -> int:
    return PublicVersion.objects.get(tournament_id=tournament.pk).number


def reader(**headers: str) -> Client:
    """A parent's phone that has opened the page once: it has the site's CSRF cookie."""
    return Client(headers=headers)


def test_a_reload_is_answered_without_the_view(released, view_is_gone):
    parent = reader()
    first = parent.get(address(released)).content.decode()
    view_is_gone()
    with CaptureQueriesContext(connection) as queries:
        again = parent.get(address(released))
    assert TOKEN.sub("", again.content.decode()) == TOKEN.sub("", first)
    assert len(queries.captured_queries) == 1  # the tournament with its public version


def test_the_fronts_answer_has_the_headers_the_site_gives(released, view_is_gone):
    parent = reader()
    site = parent.get(address(released))
    view_is_gone()
    front = parent.get(address(released))
    assert {k: v for k, v in front.items() if k not in OWN_HEADERS} == {
        k: v for k, v in site.items() if k not in OWN_HEADERS | {"Content-Length"}
    } | {"Content-Length": str(len(front.content))}
    assert "Content-Security-Policy" in front
    assert front["X-Frame-Options"] == "DENY"


def test_the_token_from_the_front_works_for_its_reader(released, view_is_gone):
    parent = Client(enforce_csrf_checks=True)
    parent.get(address(released))
    view_is_gone()
    page = parent.get(address(released)).content.decode()
    token = TOKEN.search(page).group(1)
    response = parent.post(reverse("set_language"), {"language": "en", "csrfmiddlewaretoken": token})
    assert response.status_code == 302


def test_a_reader_without_the_sites_cookie_gets_one_from_the_site(released):
    reader().get(address(released))  # the page is kept
    newcomer = Client()
    response = newcomer.get(address(released))
    assert settings.CSRF_COOKIE_NAME in response.cookies


def test_a_change_is_shown_at_the_next_reload(released, organiser):
    parent = reader()
    parent.get(address(released))
    assert "李○○" in parent.get(address(released)).content.decode()
    release(organiser, released, privacy="full-names")
    assert "李詠琳" in parent.get(address(released)).content.decode()


def test_a_change_made_in_another_process_is_shown_a_tenth_of_a_second_later_at_most(
    released, organiser, monkeypatch
):
    """Each process reads the version at most once in `TRUST_SECONDS`: the change's own process forgets what
    it read at once, another process trusts its read until that time has passed."""
    now = [1000.0]
    monkeypatch.setattr("core.versions.time.monotonic", lambda: now[0])
    parent = reader()
    parent.get(address(released))
    assert "李○○" in parent.get(address(released)).content.decode()
    with CaptureQueriesContext(connection) as reads:
        assert "李○○" in parent.get(address(released)).content.decode()
    assert len(reads) == 0  # the version read a moment ago is trusted
    read_here = recent_reads.get(released.slug)
    release(organiser, released, privacy="full-names")
    recent_reads.keep(released.slug, read_here)  # as if the change had been made in another process
    assert "李○○" in parent.get(address(released)).content.decode()
    now[0] += TRUST_SECONDS
    assert "李詠琳" in parent.get(address(released)).content.decode()


def test_each_reader_gets_their_own_language(released, view_is_gone):
    english, chinese = reader(Accept_Language="en"), reader(Accept_Language="zh-HK")
    english.get(address(released)), chinese.get(address(released))
    view_is_gone()
    for _ in range(2):
        assert english.get(address(released))["Content-Language"] == "en"
        assert chinese.get(address(released))["Content-Language"] == "zh-hant"


def test_the_language_a_reader_chose_goes_before_their_phones(released):
    parent = reader(Accept_Language="zh-HK")
    parent.get(address(released))
    parent.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = parent.get(address(released))
    assert response["Content-Language"] == "en"
    assert 'lang="en"' in response.content.decode()


def test_the_language_form_comes_back_to_the_readers_own_address(released, view_is_gone):
    parent = reader()
    parent.get(address(released, "?view=players"))
    view_is_gone()
    page = parent.get(address(released, '?view=players&x="><b>')).content.decode()
    assert 'name="next" value="/t/cup/standings/?view=players&amp;x=%22%3E%3Cb%3E"' in page
    assert "<b>" not in page


def test_someone_logged_in_is_never_answered_by_the_front(released, organiser):
    reader().get(address(released))
    signed_in = Client()
    signed_in.force_login(User.objects.get(pk=organiser.pk))
    signed_in.get(address(released))
    assert "黃主任" in signed_in.get(address(released)).content.decode()
    assert "黃主任" not in reader().get(address(released)).content.decode()


def test_a_readers_waiting_message_is_shown_to_them(released, rf):
    parent = reader()
    parent.get(address(released))
    parent.cookies["messages"] = CookieStorage(rf.get("/"))._encode([Message(constants.SUCCESS, "已登出。")])
    assert "已登出。" in parent.get(address(released)).content.decode()


def test_a_tournament_made_again_at_the_same_address_gets_its_own_page(released, organiser):
    parent = reader()
    parent.get(address(released))
    assert "李○○" in parent.get(address(released)).content.decode()
    slug, old_address = released.slug, address(released)
    released.slug = "cup-2025"  # its address given up, as in the admin
    released.save(update_fields=["slug"])
    assert parent.get(old_address).status_code == 404
    again = services.tournament_create(actor=organiser, name="第二屆", slug=slug, ruleset=released.ruleset)
    release(organiser, again)
    # Its version starts again from nothing, and may meet the number the old page was kept at.
    PublicVersion.objects.filter(tournament_id=again.pk).update(number=version_of(released))
    page = parent.get(address(again)).content.decode()
    assert "第二屆" in page
    assert "李○○" not in page


def test_a_cookie_the_site_refuses_is_replaced_by_the_site(released):
    reader().get(address(released))  # the page is kept
    parent = Client(enforce_csrf_checks=True)
    parent.cookies[settings.CSRF_COOKIE_NAME] = "not-a-token"
    response = parent.get(address(released))
    assert parent.cookies[settings.CSRF_COOKIE_NAME].value != "not-a-token"
    token = TOKEN.search(response.content.decode()).group(1)
    answer = parent.post(reverse("set_language"), {"language": "en", "csrfmiddlewaretoken": token})
    assert answer.status_code == 302


def test_the_https_redirect_comes_before_the_front(released):
    parent = reader()
    parent.get(address(released))
    with override_settings(SECURE_SSL_REDIRECT=True):
        redirected = Client(headers=dict(parent.defaults))
        redirected.cookies = parent.cookies
        assert redirected.get(address(released)).status_code == 301


def test_only_a_read_is_answered_by_the_front(released):
    parent = reader()
    parent.get(address(released))
    assert parent.post(address(released)).status_code == 405


def test_an_address_the_page_reads_otherwise_is_not_remembered(released, view_is_gone):
    parent = reader()
    parent.get(address(released, "?page=999"))  # one page of players: the page shows the first
    assert parent.get(address(released, "?page=999")).status_code == 200
    view_is_gone()
    with pytest.raises(AssertionError, match="the view ran"):
        parent.get(address(released, "?page=999"))
