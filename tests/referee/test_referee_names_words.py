"""Chinese has two words for "name": 姓名 for a person, 名稱 for a thing (a tournament, a round, a school).
Each "Name" label says the right one."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from referee.models import Player, Round, School, Tournament


def label(html: str, field: str) -> str:
    return re.search(rf'<label for="id_{field}">([^<]*)</label>', html).group(1)


def headers(html: str) -> list[str]:
    head = re.search(r"<thead>(.*?)</thead>", html, re.S).group(1)
    return re.findall(r"<th>([^<]*)</th>", head)


@pytest.mark.parametrize(
    ("language", "thing", "person"), [("zh-hant", "名稱：", "姓名："), ("en", "Name:", "Name:")]
)
def test_form_labels(organiser_client, tournament, round_, language, thing, person):
    organiser_client.cookies["django_language"] = language
    slug = tournament.slug
    assert (
        label(organiser_client.get(reverse("organiser:tournament_create")).content.decode(), "name") == thing
    )
    assert (
        label(organiser_client.get(reverse("organiser:settings", args=[slug])).content.decode(), "name")
        == thing
    )
    assert (
        label(organiser_client.get(reverse("organiser:rounds", args=[slug])).content.decode(), "name")
        == thing
    )
    round_page = organiser_client.get(reverse("organiser:round", args=[slug, round_.pk])).content.decode()
    assert label(round_page, "name") == thing
    referees = organiser_client.get(reverse("organiser:referees", args=[slug])).content.decode()
    assert label(referees, "display_name") == person


@pytest.mark.parametrize(
    ("language", "school_name", "person_name"), [("zh-hant", "校名", "姓名"), ("en", "Name", "Name")]
)
def test_list_headers(
    organiser_client, tournament, school, players, referee, language, school_name, person_name
):
    organiser_client.cookies["django_language"] = language
    slug = tournament.slug
    assert (
        headers(organiser_client.get(reverse("organiser:schools", args=[slug])).content.decode())[1]
        == school_name
    )
    assert (
        headers(organiser_client.get(reverse("organiser:players", args=[slug])).content.decode())[1]
        == person_name
    )
    assert (
        headers(organiser_client.get(reverse("organiser:referees", args=[slug])).content.decode())[0]
        == person_name
    )


def test_model_names_in_chinese():
    with translation.override("zh-hant"):
        assert str(Tournament._meta.get_field("name").verbose_name) == "名稱"
        assert str(Round._meta.get_field("name").verbose_name) == "名稱"
        assert str(School._meta.get_field("name_zh").verbose_name) == "中文名稱"
        assert str(Player._meta.get_field("name_zh").verbose_name) == "中文姓名"
        assert str(Player._meta.get_field("name_en").verbose_name) == "英文姓名"
