"""The turn timer's length: the ruleset's default (one minute, seed 002 2.3), settable per tournament, asked
only where the rules time a turn; the table page shows the timer while a game is played."""

from __future__ import annotations

import pytest
from django.urls import reverse

import scoring
from core.errors import ServiceError
from referee.results.table_rules import turn_seconds
from referee.tournaments.services.tournaments import SETTINGS_FIELDS, tournament_create, tournament_update


def settings_of(tournament, **changes):
    values = {name: getattr(tournament, name) for name in SETTINGS_FIELDS}
    return {**values, **changes}


@pytest.mark.parametrize(
    ("key", "seconds"),
    [("hk-school", 60), ("standard", 60), ("six-player", 60), ("twist", 60), ("uno", None)],
)
def test_each_ruleset_says_how_long_a_turn_lasts(key, seconds):
    assert scoring.get_ruleset(key).turn_seconds == seconds


def test_a_tournament_sets_its_own_length(tournament, organiser):
    assert turn_seconds(tournament) == 60
    tournament_update(actor=organiser, tournament=tournament, **settings_of(tournament, turn_seconds=40))
    tournament.refresh_from_db()
    assert turn_seconds(tournament) == 40
    with pytest.raises(ServiceError) as too_long:
        tournament_update(actor=organiser, tournament=tournament, **settings_of(tournament, turn_seconds=601))
    assert too_long.value.field == "turn_seconds"


def test_an_uno_tournament_has_no_turn_timer(organiser):
    uno = tournament_create(actor=organiser, name="UNO", slug="uno", ruleset="uno")
    tournament_update(actor=organiser, tournament=uno, **settings_of(uno, turn_seconds=40))
    uno.refresh_from_db()
    assert uno.turn_seconds is None
    assert turn_seconds(uno) is None


def test_the_settings_page_asks_only_for_rummikub(organiser_client, organiser, tournament):
    page = organiser_client.get(reverse("organiser:settings", args=[tournament.slug]))
    assert "turn_seconds" in page.context["form"].fields
    saved = organiser_client.post(
        reverse("organiser:settings", args=[tournament.slug]),
        {
            **{k: v for k, v in settings_of(tournament).items() if v is not None and v is not False},
            "turn_seconds": "40",
        },
    )
    assert saved.status_code == 302
    tournament.refresh_from_db()
    assert tournament.turn_seconds == 40
    uno = tournament_create(actor=organiser, name="UNO", slug="uno", ruleset="uno")
    page = organiser_client.get(reverse("organiser:settings", args=[uno.slug]))
    assert "turn_seconds" not in page.context["form"].fields


def test_the_table_page_times_turns_while_a_game_is_played(referee_client, table, tournament, organiser):
    url = reverse("referee:table", args=[table.pk])
    page = referee_client.get(url)
    assert page.context["turn_seconds"] == 60
    assert 'data-seconds="60"' in page.content.decode()
    assert [seat["letter"] for seat in page.context["timer_seats"]] == ["A", "B", "C", "D"]
    tournament_update(actor=organiser, tournament=tournament, **settings_of(tournament, turn_seconds=40))
    assert 'data-seconds="40"' in referee_client.get(url).content.decode()


def test_no_timer_once_the_games_are_in(referee_client, finished_table):
    page = referee_client.get(reverse("referee:table", args=[finished_table.pk]))
    assert page.context["turn_seconds"] is None
    assert 'id="turn-timer"' not in page.content.decode()
