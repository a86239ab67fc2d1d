"""The audit log's model moved from `referee` to `core`: a database migrated before the move keeps its entries
and the permissions given on them."""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from referee.models.triggers import create_seat_trigger, drop_seat_trigger

BEFORE = [("referee", "0004_privacy_label"), ("core", None)]
AFTER = [("referee", "0005_auditentry_moves_to_core"), ("core", "0001_initial")]


def migrate(targets):
    """Migrate to `targets`; the models as they stood there. The seat trigger is dropped first, as `migrate`
    does (referee/models/triggers.py): SQLite rebuilds a table it names when a later migration is undone."""
    drop_seat_trigger()
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state([target for target in targets if target[1]]).apps


@pytest.mark.django_db(transaction=True)
def test_an_older_database_keeps_its_audit_entries_and_their_content_type():
    old = migrate(BEFORE)
    tournament = old.get_model("referee", "Tournament").objects.create(
        name="舊", slug="old", ruleset="hk-school", table_size=4
    )
    old.get_model("referee", "AuditEntry").objects.create(tournament=tournament, action="tournament.create")
    ContentType.objects.filter(model="auditentry").delete()
    content_type = ContentType.objects.create(app_label="referee", model="auditentry")
    try:
        new = migrate(AFTER)
        entries = new.get_model("core", "AuditEntry").objects.all()
        assert [entry.action for entry in entries] == ["tournament.create"]
        assert ContentType.objects.get(pk=content_type.pk).app_label == "core"
    finally:
        ContentType.objects.clear_cache()
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
        create_seat_trigger()
