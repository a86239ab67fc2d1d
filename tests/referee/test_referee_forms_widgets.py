"""Date and time inputs: a browser's date picker reads only ISO values (2026-12-05, 09:30), whatever the
page's language, so every form hands them ISO and reads ISO back."""

from __future__ import annotations

import datetime
import importlib
import pkgutil
import re

import pytest
from django import forms
from django.urls import reverse
from django.utils import translation

import referee
import weather.forms
from referee.models import Round

LANGUAGES = ["zh-hant", "en"]
ISO = {
    "date": r"\d{4}-\d{2}-\d{2}",
    "time": r"\d{2}:\d{2}",
    "datetime-local": r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}",
}
PICKER = re.compile(r'<input type="(date|time|datetime-local)" name="(\w+)"(?: value="([^"]*)")?')


def form_modules() -> list[object]:
    """Every domain's forms (`referee/<domain>/forms/`, `referee/privacy/forms.py`) and the weather's."""
    names = [
        info.name
        for info in pkgutil.walk_packages(referee.__path__, "referee.")
        if ".forms." in info.name or info.name.endswith(".forms")
    ]
    return [importlib.import_module(name) for name in names] + [weather.forms]


def form_classes() -> list[type[forms.Form]]:
    found = {}
    for module in form_modules():
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, forms.BaseForm)
                and value.__module__ == module.__name__
            ):
                found[value.__qualname__ + value.__module__] = value
    return list(found.values())


def pickers(html: str) -> list[tuple[str, str, str]]:
    return PICKER.findall(html)


@pytest.mark.parametrize("form_class", form_classes(), ids=lambda form_class: form_class.__name__)
def test_every_date_or_time_widget_renders_iso(form_class):
    for name, field in form_class.base_fields.items():
        widget = field.widget
        if isinstance(widget, forms.HiddenInput) or not isinstance(
            widget, forms.DateInput | forms.TimeInput | forms.DateTimeInput
        ):
            continue
        sample = {
            forms.DateInput: datetime.date(2026, 12, 5),
            forms.TimeInput: datetime.time(9, 30),
            forms.DateTimeInput: datetime.datetime(2026, 12, 5, 9, 30),
        }
        value = next(sample[kind] for kind in sample if isinstance(widget, kind))
        for language in LANGUAGES:
            with translation.override(language):
                html = widget.render(name, value)
            (input_type, _, rendered) = pickers(html)[0]
            assert re.fullmatch(ISO[input_type], rendered), (form_class.__name__, name, language, html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_round_edit_form_shows_its_date_and_time_in_both_languages(
    organiser_client, tournament, round_, language
):
    organiser_client.cookies["django_language"] = language
    url = reverse("organiser:round", args=[tournament.slug, round_.pk])
    html = organiser_client.get(url).content.decode()
    assert ("date", "date", "2026-12-05") in pickers(html)
    assert ("time", "start_time", "09:30") in pickers(html)

    saved = organiser_client.post(
        url, {"action": "edit", "name": "第一輪", "date": "2026-12-12", "start_time": "10:15", "order": "1"}
    )
    assert saved.status_code == 302
    round_ = Round.objects.get(pk=round_.pk)
    assert (round_.date, round_.start_time) == (datetime.date(2026, 12, 12), datetime.time(10, 15))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bureau_form_shows_iso_in_both_languages(organiser_client, tournament, round_, language):
    organiser_client.cookies["django_language"] = language
    html = organiser_client.get(reverse("weather:manage", args=[tournament.slug])).content.decode()
    found = {name: (kind, value) for kind, name, value in pickers(html)}
    assert found["day"] == ("date", "2026-12-05")
    assert re.fullmatch(ISO["datetime-local"], found["announced_at"][1])
