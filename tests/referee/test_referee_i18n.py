"""Every string in Traditional Chinese (Hong Kong, the default) and English, switchable on every page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

LOCALE = Path(__file__).resolve().parents[2] / "locale"
ENGLISH_UI_WORDS = [
    "Log out",
    "Schools",
    "Players",
    "Referees",
    "Standings",
    "Settings",
    "Progress",
    "Table ",
    "Save",
    "Game ",
    "Not started",
    "Signed off",
    "Rounds and tables",
    "Scoresheet",
]


def entries(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n\n")[1:]


@pytest.mark.parametrize("language", ["zh_Hant", "en"])
def test_the_catalogue_is_complete(language):
    for entry in entries(LOCALE / language / "LC_MESSAGES" / "django.po"):
        assert "#, fuzzy" not in entry, entry
        empty_translation = re.search(r'^msgstr(\[\d\])? ""$(?!\n")', entry, re.M)
        assert not empty_translation, entry


def _msgid(entry: str) -> str:
    return "".join(re.findall(r'^(?:msgid )?"(.*)"$', entry.split("msgstr")[0].split("msgid", 1)[-1], re.M))


def test_the_chinese_catalogue_is_chinese():
    for entry in entries(LOCALE / "zh_Hant" / "LC_MESSAGES" / "django.po"):
        if 'msgctxt "seat letter"' in entry or 'msgid "UNO"' in entry:
            continue
        if not re.search(r"[A-Za-z]", re.sub(r"%\(\w+\)[sd]", "", _msgid(entry))):
            continue  # punctuation around placeholders, such as "%(rule)s: %(how)s"
        translated = "".join(
            re.findall(r'^(?:msgstr(?:\[\d\])? )?"(.*)"$', "msgstr" + entry.split("\nmsgstr", 1)[1], re.M)
        )
        assert re.search(r"[\u4e00-\u9fff]", translated), entry


HALF_WIDTH_IN_CHINESE = re.compile(r"[:;,?!]")
NOT_PUNCTUATION = re.compile(r"%\(\w+\)[sd]|\d:\d\d|https?://\S+")  # placeholders, times, addresses


@pytest.mark.parametrize("catalogue", [LOCALE, LOCALE.parent / "weather" / "locale"])
def test_chinese_translations_use_full_width_punctuation(catalogue):
    """：；，？！ in Chinese text (a list's 、 and ； come from the separators' own entries)."""
    for entry in entries(catalogue / "zh_Hant" / "LC_MESSAGES" / "django.po"):
        if "\nmsgstr" not in "\n" + entry or 'msgctxt "format of' in entry:
            continue  # a date format's H:i is not punctuation
        translated = "".join(
            re.findall(r'^(?:msgstr(?:\[\d\])? )?"(.*)"$', "msgstr" + entry.split("msgstr", 1)[1], re.M)
        )
        assert not HALF_WIDTH_IN_CHINESE.search(NOT_PUNCTUATION.sub("", translated)), entry


def organiser_pages(tournament, table, school, players) -> list[str]:
    slug = tournament.slug
    return [
        reverse("organiser:tournaments"),
        reverse("organiser:tournament_create"),
        *(
            reverse(f"organiser:{name}", args=[slug])
            for name in [
                "dashboard",
                "settings",
                "schools",
                "players",
                "rounds",
                "referees",
                "standings",
                "import",
                "checkin",
            ]
        ),
        reverse("organiser:round", args=[slug, table.round_id]),
        reverse("organiser:table", args=[slug, table.pk]),
        reverse("organiser:school_edit", args=[slug, school.pk]),
        reverse("organiser:player_edit", args=[slug, players[0].pk]),
        reverse("organiser:substitute", args=[slug, players[0].pk]),
        reverse("public:tournament", args=[slug]),
        reverse("public:find_table", args=[slug]) + "?number=1",
    ]


def test_pages_speak_chinese_by_default(organiser_client, tournament, finished_table, school, players):
    for url in organiser_pages(tournament, finished_table, school, players):
        page = organiser_client.get(url).content.decode()
        assert 'lang="zh-Hant-HK"' in page, url
        for word in ENGLISH_UI_WORDS:
            assert word not in page, (url, word)


def test_pages_speak_english_when_asked(organiser_client, tournament, finished_table, school, players):
    organiser_client.get(reverse("language", args=["en"]), {"next": "/"})
    for url in organiser_pages(tournament, finished_table, school, players):
        page = organiser_client.get(url).content.decode()
        assert 'lang="en"' in page, url
        assert "登出" not in page, url
        assert "Log out" in page, url


def test_the_language_switch_returns_to_the_same_page(organiser_client, tournament):
    url = reverse("organiser:schools", args=[tournament.slug])
    response = organiser_client.get(reverse("language", args=["en"]), {"next": url})
    assert response["Location"] == url
    assert "Register a school" in organiser_client.get(url).content.decode()
    organiser_client.get(reverse("language", args=["zh-hant"]), {"next": url})
    assert "登記學校" in organiser_client.get(url).content.decode()


def test_the_language_switch_is_a_link_that_goes_nowhere_else(db, client):
    """A plain GET link, so that a page carries no form token; `next` pointing at another site goes home."""
    page = client.get("/").content.decode()
    assert f'href="{reverse("language", args=["en"])}?next=/"' in page
    assert "csrfmiddlewaretoken" not in page
    assert client.get(reverse("language", args=["en"]), {"next": "https://evil.example/"})["Location"] == "/"
    assert client.get(reverse("language", args=["xx"])).status_code == 404
    assert client.post(reverse("language", args=["en"])).status_code == 405


def test_seat_letters_on_the_chinese_sheet(organiser_client, tournament, finished_table):
    page = organiser_client.get(reverse("organiser:table", args=[tournament.slug, finished_table.pk])).content
    text = page.decode()
    for letter in "甲乙丙丁":
        assert f">{letter}</th>" in text


def test_form_errors_are_translated(organiser_client, tournament):
    url = reverse("organiser:schools", args=[tournament.slug])
    response = organiser_client.post(url, {"action": "add", "name_zh": "", "name_en": "", "code": ""})
    text = response.content.decode()
    assert "請填寫學校的中文或英文名稱。" in text
    assert "This field is required." not in text
