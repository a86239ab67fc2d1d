"""The Django admin opens for the site's administrator, and shows audited data read-only: every change goes
through the services, which leave an audit entry."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from core.models import AuditEntry
from referee.models import Game, Player, Round, School, Seat

MODELS = [
    "referee_tournament",
    "referee_school",
    "referee_player",
    "referee_round",
    "referee_rounddraw",
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


def test_a_tournament_is_created_and_changed_on_the_site(admin_client, finished_table):
    """Its settings are audited; the admin changes only who organises it (which no audit entry records)."""
    tournament = finished_table.round.tournament
    assert admin_client.get(reverse("admin:referee_tournament_add")).status_code == 403
    page = admin_client.get(reverse("admin:referee_tournament_change", args=[tournament.pk])).content.decode()
    assert 'name="ruleset"' not in page
    assert 'name="name"' not in page
    assert 'name="organisers"' in page
    delete = reverse("admin:referee_tournament_delete", args=[tournament.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403


AUDITED = {
    "referee_school": lambda table: School.objects.first(),
    "referee_player": lambda table: Player.objects.first(),
    "referee_round": lambda table: table.round,
    "referee_table": lambda table: table,
    "referee_game": lambda table: Game.objects.filter(table=table).first(),
    "core_auditentry": lambda table: AuditEntry.objects.first(),
}


@pytest.mark.parametrize("model", sorted(AUDITED))
def test_audited_data_cannot_be_added_changed_or_deleted_in_the_admin(admin_client, finished_table, model):
    instance = AUDITED[model](finished_table)
    before = AuditEntry.objects.count()
    assert admin_client.get(reverse(f"admin:{model}_add")).status_code == 403
    change = reverse(f"admin:{model}_change", args=[instance.pk])
    assert admin_client.post(change, {}).status_code == 403
    delete = reverse(f"admin:{model}_delete", args=[instance.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert type(instance).objects.filter(pk=instance.pk).exists()
    assert AuditEntry.objects.count() == before


def test_a_tables_seats_cannot_be_changed_from_its_admin_page(admin_client, finished_table):
    page = admin_client.get(reverse("admin:referee_table_change", args=[finished_table.pk])).content.decode()
    assert 'name="seats-0-player"' not in page
    assert 'name="signed_off_at' not in page
    assert Seat.objects.filter(table=finished_table).count() == 4


def test_rounds_show_no_form_to_change_them(admin_client, finished_table):
    page = admin_client.get(reverse("admin:referee_round_change", args=[finished_table.round_id]))
    assert page.status_code == 200
    assert 'name="name"' not in page.content.decode()
    assert Round.objects.filter(pk=finished_table.round_id).exists()
