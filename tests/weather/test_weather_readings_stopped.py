"""The organiser's weather page warns when the Observatory has not been read for 15 minutes on a match
morning: the laptop is offline, or nothing is running the readings."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.weather.weather_payloads import MATCH_DAY, hk, rain

pytestmark = pytest.mark.django_db
WARNING = 'class="wx-stopped"'


@pytest.fixture
def manage_page(client, organiser, tournament):
    client.force_login(organiser)

    def read(language: str = "en") -> str:
        client.cookies["django_language"] = language
        return client.get(reverse("weather:manage", args=[tournament.slug])).content.decode()

    return read


def test_readings_every_five_minutes_raise_no_warning(manage_page, store, frozen_now) -> None:
    store("06:55", rain("WRAINA", hk("05:00")))
    frozen_now(hk("07:02"))
    assert WARNING not in manage_page()


def test_no_reading_for_fifteen_minutes_is_a_warning_in_both_languages(manage_page, store, frozen_now):
    store("06:30", rain("WRAINA", hk("05:00")))
    frozen_now(hk("06:46"))
    english = manage_page("en")
    assert WARNING in english
    assert "No reading of the Observatory's warnings since 19 Jul 06:30" in english
    assert "more than 15 minutes" in english
    chinese = manage_page("zh-hant")
    assert WARNING in chinese
    assert "天文台" in chinese.split(WARNING, 1)[1].split("</p>", 1)[0]


def test_no_reading_at_all_this_morning_is_a_warning(manage_page, frozen_now) -> None:
    frozen_now(hk("05:30"))
    assert "No reading of the Observatory's warnings yet this match morning." in manage_page()


def test_no_warning_outside_the_morning_window_or_on_other_days(manage_page, frozen_now) -> None:
    frozen_now(hk("04:30"))
    assert WARNING not in manage_page()
    frozen_now(hk("15:00"))
    assert WARNING not in manage_page()
    frozen_now(hk("06:30", MATCH_DAY.replace(day=MATCH_DAY.day - 1)))
    assert WARNING not in manage_page()
