"""The seat trigger follows the schema it is created for: after a migration back to before tournaments had a
table size, no trigger is left asking for that column (every seat insert would fail)."""

from __future__ import annotations

import pytest
from django.apps import apps as current_apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from referee.models.triggers import create_seat_trigger

BEFORE_TABLE_SIZE = ("referee", "0002_entry_corrections_tie_break")


def seat_triggers() -> set[str]:
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'referee_seat'"
            )
        else:
            cursor.execute("SELECT tgname FROM pg_trigger WHERE tgrelid = 'referee_seat'::regclass")
            return {name for (name,) in cursor.fetchall() if not name.startswith("RI_")}
        return {name for (name,) in cursor.fetchall()}


@pytest.mark.django_db
def test_no_trigger_for_a_schema_without_the_table_size():
    assert seat_triggers()  # created after the test database's migrate
    old_apps = MigrationExecutor(connection).loader.project_state(BEFORE_TABLE_SIZE).apps
    create_seat_trigger(using=connection.alias, apps=old_apps)
    assert seat_triggers() == set()
    create_seat_trigger(using=connection.alias, apps=current_apps)
    assert seat_triggers()
