"""The Django admin opens for the site's administrator, and results cannot be typed in there."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

MODELS = [
    "referee_tournament",
    "referee_school",
    "referee_player",
    "referee_round",
    "referee_table",
    "referee_game",
    "core_auditentry",
]


@pytest.fixture
def admin_client(client, db):
    admin = get_user_model().objects.create_superuser("admin", password="long-enough-1")
    client.force_login(admin)
    return client


@pytest.mark.parametrize("model", MODELS)
def test_every_list_opens(admin_client, finished_table, model):
    assert admin_client.get(reverse(f"admin:{model}_changelist")).status_code == 200


def test_games_are_read_only_in_the_admin(admin_client, finished_table):
    game = finished_table.games.first()
    assert admin_client.get(reverse("admin:referee_game_add")).status_code == 403
    page = admin_client.get(reverse("admin:referee_game_change", args=[game.pk]))
    assert page.status_code == 200
    before = game.hands.first().score_sixtieths
    admin_client.post(reverse("admin:referee_game_change", args=[game.pk]), {"ending": "pool-exhausted"})
    game.refresh_from_db()
    assert game.ending == "went-out"
    assert game.hands.first().score_sixtieths == before


def test_a_tournaments_ruleset_is_fixed_once_it_exists(admin_client, finished_table):
    """Its table size, seats and stored scores all follow from the ruleset chosen at creation."""
    tournament = finished_table.round.tournament
    page = admin_client.get(reverse("admin:referee_tournament_change", args=[tournament.pk]))
    assert 'name="ruleset"' not in page.content.decode()
    assert 'name="ruleset"' in admin_client.get(reverse("admin:referee_tournament_add")).content.decode()
