"""The whole public standings page kept for readers who are not logged in: rendered once per change, with each
reader's own CSRF token, address and time put in, and never shown to someone logged in."""

from __future__ import annotations

import datetime
import re

from django.contrib.auth.models import User
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.db import connection
from django.test import Client
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from referee import services
from referee.views import public_page
from tests.referee.conftest import release

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def address(tournament, query: str = "") -> str:
    return reverse("public:standings", args=[tournament.slug]) + query


def rendered_templates(client: Client, url: str) -> list[str]:
    names: list[str] = []

    def seen(sender, template, **kwargs) -> None:
        names.append(template.name)

    template_rendered.connect(seen)
    try:
        assert client.get(url).status_code == 200
    finally:
        template_rendered.disconnect(seen)
    return names


def test_a_parents_reload_renders_nothing_and_asks_one_query(released):
    Client().get(address(released))
    assert rendered_templates(Client(), address(released)) == []
    with CaptureQueriesContext(connection) as queries:
        page = Client().get(address(released)).content.decode()
    assert "李○○" in page
    assert len(queries.captured_queries) == 1  # the tournament with its public version


def test_the_kept_page_is_the_page_as_rendered_for_one_reader(released, organiser):
    kept = Client().get(address(released)).content.decode()
    rendered = Client(HTTP_COOKIE="sessionid=none").get(address(released)).content.decode()

    def without_own_values(page: str) -> str:
        return TOKEN.sub("", page)

    assert without_own_values(kept) == without_own_values(rendered)
    assert "mark-" not in kept


def test_each_reader_gets_a_csrf_token_that_works_for_them(released):
    Client().get(address(released))  # the page is kept
    for _ in range(2):
        reader = Client(enforce_csrf_checks=True)
        page = reader.get(address(released)).content.decode()
        token = TOKEN.search(page).group(1)
        assert "csrftoken" in reader.cookies
        response = reader.post(reverse("set_language"), {"language": "en", "csrfmiddlewaretoken": token})
        assert response.status_code == 302


def test_the_language_form_comes_back_to_each_readers_own_address(released):
    Client().get(address(released, "?view=players"))
    page = Client().get(address(released, '?view=players&x="><b>')).content.decode()
    assert 'name="next" value="/t/cup/standings/?view=players&amp;x=%22%3E%3Cb%3E"' in page
    assert "<b>" not in page
    again = Client().get(address(released, "?view=players")).content.decode()
    assert 'name="next" value="/t/cup/standings/?view=players"' in again


def test_the_time_shown_is_the_readers_own(released, monkeypatch):
    Client().get(address(released))
    later = datetime.datetime(2026, 12, 5, 10, 42, tzinfo=datetime.UTC)  # 18:42 in Hong Kong
    monkeypatch.setattr(public_page.timezone, "now", lambda: later)
    assert "18:42" in Client().get(address(released)).content.decode()


def test_someone_logged_in_gets_a_page_of_their_own_and_never_gives_it_to_parents(released, organiser):
    Client().get(address(released))
    signed_in = Client()
    signed_in.force_login(User.objects.get(pk=organiser.pk))
    assert "黃主任" in signed_in.get(address(released)).content.decode()
    assert "黃主任" not in Client().get(address(released)).content.decode()


def test_a_readers_waiting_message_is_shown_to_them(released, rf):
    Client().get(address(released))
    reader = Client()
    reader.cookies["messages"] = CookieStorage(rf.get("/"))._encode([Message(constants.SUCCESS, "已登出。")])
    assert "已登出。" in reader.get(address(released)).content.decode()


def test_a_change_gives_parents_a_new_page(released, organiser):
    assert "李○○" in Client().get(address(released)).content.decode()
    release(organiser, released, privacy="full-names")
    assert "李詠琳" in Client().get(address(released)).content.decode()


def test_the_front_page_is_kept_whole_too(released, organiser):
    front = reverse("public:tournament", args=[released.slug])
    Client().get(front)
    assert rendered_templates(Client(), front) == []
    with CaptureQueriesContext(connection) as queries:
        page = Client().get(front).content.decode()
    assert "李○○" in page
    assert len(queries.captured_queries) == 1
    english = Client(headers={"Accept-Language": "en"})
    assert "1 of 1 tables finished" in english.get(front).content.decode()
    services.table_create(actor=organiser, round_=released.rounds.get())
    assert "1 of 2 tables finished" in english.get(front).content.decode()
