"""A sentence ends with one full stop, also when it ends with a time ("7:43 a.m." once made "a.m..")."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from referee.models import Table, Tournament
from referee.play.services.signoff import table_confirm, table_sign_off

DOUBLE_STOP = re.compile(r"(?<!\.)\.\.(?!\.)")
MORNING = datetime.datetime(2026, 11, 22, 23, 43, tzinfo=datetime.UTC)  # 07:43 in Hong Kong


@pytest.fixture
def confirmed_table(organiser, tournament, finished_table, referee, other_referee, monkeypatch):
    Tournament.objects.filter(pk=tournament.pk).update(requires_confirmation=True, standings_released=True)
    monkeypatch.setattr("django.utils.timezone.now", lambda: MORNING)
    table_sign_off(actor=referee, table=finished_table)
    table_confirm(actor=other_referee, table=Table.objects.get(pk=finished_table.pk))
    return Table.objects.get(pk=finished_table.pk)


def visible_text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize(
    ("language", "signed", "confirmed"),
    [
        ("en", "Signed off by 陳大文 at 23 Nov 2026 07:43.", "Confirmed by 李嘉欣 at 23 Nov 2026 07:43."),
        ("zh-hant", "2026年11月23日 07:43", "2026年11月23日 07:43"),
    ],
)
def test_the_sign_off_line_ends_with_one_full_stop(
    organiser_client, tournament, confirmed_table, language, signed, confirmed
):
    organiser_client.cookies["django_language"] = language
    url = reverse("organiser:table", args=[tournament.slug, confirmed_table.pk])
    text = organiser_client.get(url).content.decode()
    assert signed in text
    assert confirmed in text


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_no_page_shows_a_double_full_stop(organiser_client, tournament, confirmed_table, school, language):
    organiser_client.cookies["django_language"] = language
    slug = tournament.slug
    urls = [
        reverse("organiser:table", args=[slug, confirmed_table.pk]),
        reverse("organiser:dashboard", args=[slug]),
        reverse("organiser:rounds", args=[slug]),
        reverse("organiser:round", args=[slug, confirmed_table.round_id]),
        reverse("organiser:standings", args=[slug]),
        reverse("organiser:referees", args=[slug]),
        reverse("public:tournament", args=[slug]),
        reverse("public:standings", args=[slug]),
        reverse("weather:manage", args=[slug]),
    ]
    for url in urls:
        text = visible_text(organiser_client.get(url).content.decode())
        assert not DOUBLE_STOP.search(text), (
            url,
            DOUBLE_STOP.search(text) and text[DOUBLE_STOP.search(text).start() - 60 :][:80],
        )
