"""Ready-to-send notices for schools: each school's text in both languages, its children's tables, results
only once public, the weather decision when the tournament follows the weather rule."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core import match_day_notes
from referee.people.selectors.school_notices import school_notices
from referee.wording.school_notices import notice_text
from tests.referee.conftest import release

LINKS = {"find": "http://hall.example/t/cup/find/", "tournament": "http://hall.example/t/cup/"}


def text_for(tournament) -> str:
    (notice,) = school_notices(tournament)
    return notice_text(tournament, notice, LINKS)


def test_a_notice_gives_the_rounds_and_each_childs_table_in_both_languages(tournament, table, players):
    text = text_for(tournament)
    chinese, english = text.split("————————")
    assert "第一輪" in chinese
    assert "09:30" in chinese
    assert f"#{players[0].number} 陳俊傑：第一輪第 1 桌" in chinese  # Chinese punctuation in Chinese
    assert "本校參加者：" in chinese
    assert "Our players:" in english
    assert f"#{players[0].number} 陳俊傑: 第一輪 table 1" in english
    assert LINKS["find"] in chinese
    assert LINKS["find"] in english


def test_results_only_once_public(organiser, tournament, finished_table, referee):
    from referee.play.services.signoff import table_sign_off

    table_sign_off(actor=referee, table=finished_table)
    assert "place" not in text_for(tournament).split("————————")[1]
    release(organiser, tournament)
    tournament.refresh_from_db()
    english = text_for(tournament).split("————————")[1]
    assert "place 1 (games won 2" in english
    assert "Our school: place 1 of 1." in english


def test_the_weather_decision_is_given_when_a_provider_has_it(tournament, table, monkeypatch):
    monkeypatch.setattr(match_day_notes, "_providers", [lambda tournament: ["Weather: goes ahead."]])
    assert "Weather: goes ahead." in text_for(tournament)


def test_the_weather_app_gives_its_decision(tournament, table):
    assert tournament.weather_rule  # the school rules follow the weather rule by default
    chinese, english = text_for(tournament).split("————————")
    assert "天氣，" in chinese
    assert "Weather, 5 Dec 2026 09:30:" in english


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_the_page_has_a_copy_button_per_school(organiser_client, tournament, table, language):
    organiser_client.get(reverse("language", args=[language]))
    page = organiser_client.get(reverse("organiser:notices", args=[tournament.slug])).content.decode()
    assert page.count("data-copy-source") == 1
    assert "copy-text.js" in page
