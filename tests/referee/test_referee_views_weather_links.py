"""The weather pages are reached from the site: a tab in the organiser's navigation, a link on the public
tournament page and on the public home page."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

TAB = re.compile(r'<nav class="tabs"[^>]*>(.*?)</nav>', re.S)


def tabs(html: str) -> str:
    return TAB.search(html).group(1)


@pytest.mark.parametrize(("language", "label"), [("zh-hant", "天氣"), ("en", "Weather")])
def test_the_organiser_tabs_lead_to_the_weather_page(organiser_client, tournament, language, label):
    organiser_client.cookies["django_language"] = language
    manage = reverse("weather:manage", args=[tournament.slug])
    for page in ("dashboard", "schools", "rounds", "settings"):
        html = organiser_client.get(reverse(f"organiser:{page}", args=[tournament.slug])).content.decode()
        assert f'<a href="{manage}" >{label}</a>' in tabs(html), page


@pytest.mark.parametrize("name", ["weather:manage", "weather:snapshots"])
def test_the_weather_pages_show_the_organiser_navigation(organiser_client, tournament, name):
    html = organiser_client.get(reverse(name, args=[tournament.slug])).content.decode()
    manage = reverse("weather:manage", args=[tournament.slug])
    assert f'<a href="{manage}" aria-current="page">天氣</a>' in tabs(html)
    assert reverse("organiser:dashboard", args=[tournament.slug]) in tabs(html)
    assert f'href="{reverse("organiser:tournaments")}"' in html


@pytest.mark.parametrize(
    ("language", "label"), [("zh-hant", "天氣：比賽照常舉行嗎？"), ("en", "Weather: is the match on?")]
)
def test_the_public_pages_link_to_the_tournaments_weather_page(client, tournament, language, label):
    client.cookies["django_language"] = language
    link = f'<a href="{reverse("weather:public", args=[tournament.slug])}">{label}</a>'
    assert link in client.get(reverse("public:tournament", args=[tournament.slug])).content.decode()
    assert link in client.get(reverse("home")).content.decode()
