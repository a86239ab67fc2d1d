"""The hall screen's words, in both languages at once: the screen is read by a whole hall, Chinese above and
English below, so each word is given as {"zh": ..., "en": ...}."""

from __future__ import annotations

from collections.abc import Callable

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

HALL_WORDS = {
    "find": gettext_noop("Find your table"),
    "number": gettext_noop("Player number"),
    "table": gettext_noop("Table"),
    "seat": gettext_noop("Seat"),
    "time_left": gettext_noop("Time left"),
    "not_started": gettext_noop("The round has not started"),
    "paused": gettext_noop("Paused"),
    "time_up": gettext_noop("Time is up"),
    "finish_game": gettext_noop("Finish the game in play; no new game starts"),
    "five_minutes": gettext_noop("5 minutes left"),
    "playing": gettext_noop("Still playing"),
    "finished": gettext_noop("Finished"),
    "extra": gettext_noop("Extra time"),
    "results": gettext_noop("Results"),
    "held": gettext_noop("Results are held until every table is signed off or the organisers release them"),
    "winners": gettext_noop("Table winners"),
    "top": gettext_noop("Top ten so far"),
    "schools": gettext_noop("Schools"),
    "prizes": gettext_noop("Prize-giving"),
    "prizes_soon": gettext_noop("The prize-giving will begin shortly"),
    "announcement": gettext_noop("Announcement"),
    "sound_on": gettext_noop("Sound on"),
    "sound_off": gettext_noop("Sound off"),
    "offline": gettext_noop("Reconnecting to the hall's server…"),
    "welcome": gettext_noop("Welcome"),
    "page": gettext_noop("Page"),
    "minutes": gettext_noop("min"),
    "tie": gettext_noop("Tie"),
}


def both(message: str) -> dict[str, str]:
    """One message in Chinese and in English."""
    with translation.override("zh-hant"):
        chinese = _(message)
    with translation.override("en"):
        english = _(message)
    return {"zh": chinese, "en": english}


def both_languages(word: Callable[[], str]) -> dict[str, str]:
    """A sentence made by `word` (in the active language), made in Chinese and in English."""
    made = {}
    for key, language in (("zh", "zh-hant"), ("en", "en")):
        with translation.override(language):
            made[key] = word()
    return made


def hall_words() -> dict[str, dict[str, str]]:
    return {key: both(message) for key, message in HALL_WORDS.items()}


def strip_words() -> dict[str, str]:
    """The clock strip's words on a phone (the organiser's hall page, a referee's console), in the page's
    language; the script fills in `{minutes}`, `{reason}` and `{number}`."""
    return {
        "time_left": _("left in the round"),
        "paused": _("the round's time is paused"),
        "time_up": _("The round's time is up."),
        "finish": _("Time is up: finish game {number}; no new game starts."),
        "extra": _("Extra time for this table: +{minutes} min ({reason})."),
        "own_left": _("left for this table"),
        "announcement": _("Announcement"),
    }
