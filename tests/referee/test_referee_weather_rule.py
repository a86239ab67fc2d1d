"""Weather per tournament: on by default for the school rules only; off, no weather tab, no public status."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

import pytest
from django.apps import apps
from django.urls import reverse

from referee.models import Tournament
from referee.tournaments.services.tournaments import tournament_create


@pytest.mark.parametrize(("ruleset", "on"), [("hk-school", True), ("standard", False), ("uno", False)])
def test_the_default_follows_the_ruleset(organiser, ruleset, on):
    tournament = tournament_create(actor=organiser, name="Cup", slug=f"w-{ruleset}", ruleset=ruleset)
    assert tournament.weather_rule is on


def test_an_organiser_may_turn_it_on_for_another_ruleset(organiser, organiser_client):
    tournament = tournament_create(actor=organiser, name="Cup", slug="w-twist", ruleset="twist")
    settings_page = reverse("organiser:settings", args=[tournament.slug])
    data = {"name": "Cup", "privacy": "initials", "language": "en", "shared_win_credit": "full"}
    assert organiser_client.post(settings_page, {**data, "weather_rule": "on"}).status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).weather_rule
    assert organiser_client.get(reverse("weather:manage", args=[tournament.slug])).status_code == 200
    assert organiser_client.post(settings_page, data).status_code == 302
    assert not Tournament.objects.get(pk=tournament.pk).weather_rule


def test_off_there_is_no_tab_and_no_public_status(organiser, organiser_client, client):
    tournament = tournament_create(actor=organiser, name="Cup", slug="w-off", ruleset="standard")
    dashboard = organiser_client.get(reverse("organiser:dashboard", args=[tournament.slug])).content.decode()
    assert reverse("weather:manage", args=[tournament.slug]) not in dashboard
    for name in ("weather:manage", "weather:snapshots"):
        assert organiser_client.get(reverse(name, args=[tournament.slug])).status_code == 404, name
    client.logout()
    assert client.get(reverse("weather:public", args=[tournament.slug])).status_code == 404
    assert client.get(reverse("weather:status_json", args=[tournament.slug])).status_code == 404
    public = client.get(reverse("public:tournament", args=[tournament.slug])).content.decode()
    assert reverse("weather:public", args=[tournament.slug]) not in public


def test_on_the_tab_and_the_public_status_are_there(organiser, organiser_client, client, tournament):
    dashboard = organiser_client.get(reverse("organiser:dashboard", args=[tournament.slug])).content.decode()
    assert reverse("weather:manage", args=[tournament.slug]) in dashboard
    client.logout()
    assert client.get(reverse("weather:public", args=[tournament.slug])).status_code == 200
    public = client.get(reverse("public:tournament", args=[tournament.slug])).content.decode()
    assert reverse("weather:public", args=[tournament.slug]) in public


def test_the_migration_turns_it_on_for_the_school_rules(organiser):
    school = tournament_create(actor=organiser, name="A", slug="a", ruleset="hk-school")
    uno = tournament_create(actor=organiser, name="B", slug="b", ruleset="uno")
    Tournament.objects.update(weather_rule=False)
    found = next((Path(__file__).parents[2] / "referee" / "migrations").glob("*_tournament_weather_rule.py"))
    import_module(f"referee.migrations.{found.stem}").school_rules_keep_the_weather(apps, None)
    assert Tournament.objects.get(pk=school.pk).weather_rule
    assert not Tournament.objects.get(pk=uno.pk).weather_rule
