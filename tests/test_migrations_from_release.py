"""A hall's database from the last release, full of data, migrates to this code with every row kept.

`tests/data/release-0.1.0.sqlite3.xz` was made by release 0.1.0 itself (`manage.py migrate`, `load_demo`, and
one row of each model the demo leaves empty). The test takes the test database back to that release's schema,
copies every row in, migrates forward as `migrate` would on the day, and finds each row again with the values
of every field both schemas have. It runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import datetime
import decimal
import json
import lzma
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from django.core.management.color import no_style
from django.db import connection, models
from django.db.migrations.executor import MigrationExecutor
from django.utils.dateparse import parse_date, parse_datetime, parse_time

from referee.models.triggers import create_seat_trigger, drop_seat_trigger

DATA = Path(__file__).parent / "data" / "release-0.1.0.sqlite3.xz"
RELEASE = [
    ("referee", "0018_tournament_weather_rule"),
    ("core", "0004_audit_reason_hostile_text"),
    ("weather", "0002_override_reason_hostile_text"),
]
OURS = ("referee", "core", "weather")


def migrate(targets: list[tuple[str, str]]) -> Any:
    """Migrate to `targets` and return the models as they stood there (the seat trigger dropped first, as
    `migrate` does)."""
    drop_seat_trigger()
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def copied_models(apps: Any) -> list[type[models.Model]]:
    """The release's own models and the users they name, parents before children."""
    wanted = [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.app_label in OURS or model._meta.label == "auth.User"
    ]
    ordered: list[type[models.Model]] = []
    while len(ordered) < len(wanted):
        for model in wanted:
            parents = {
                field.related_model
                for field in model._meta.concrete_fields
                if field.is_relation and field.related_model is not model
            }
            if model not in ordered and all(p in ordered or p not in wanted for p in parents):
                ordered.append(model)
    return ordered


def python_value(field: models.Field, value: Any) -> Any:
    """A value as SQLite stores it, as Django hands it to the database (datetimes are stored in UTC)."""
    if value is None:
        return None
    if isinstance(field, models.DateTimeField):
        moment = parse_datetime(value)
        assert moment is not None
        return moment if moment.tzinfo else moment.replace(tzinfo=datetime.UTC)
    if isinstance(field, models.DateField):
        return parse_date(value)
    if isinstance(field, models.TimeField):
        return parse_time(value)
    if isinstance(field, models.JSONField):
        return json.loads(value)
    if isinstance(field, models.BooleanField):
        return bool(value)
    if isinstance(field, models.DecimalField):
        return decimal.Decimal(str(value))
    if isinstance(field, models.BinaryField):
        return bytes(value)
    return value


def release_rows(tmp_path: Path, apps: Any) -> dict[str, list[dict[str, Any]]]:
    """Every row of the release's database, per model label, as field values."""
    database = tmp_path / "release.sqlite3"
    database.write_bytes(lzma.decompress(DATA.read_bytes()))
    rows: dict[str, list[dict[str, Any]]] = {}
    with sqlite3.connect(database) as source:
        source.row_factory = sqlite3.Row
        for model in copied_models(apps):
            found = source.execute(f'SELECT * FROM "{model._meta.db_table}"').fetchall()
            fields = model._meta.concrete_fields
            rows[model._meta.label] = [
                {field.attname: python_value(field, row[field.column]) for field in fields} for row in found
            ]
    return rows


@pytest.mark.django_db(transaction=True)
def test_a_release_database_full_of_data_migrates_with_every_row(tmp_path):
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        old = migrate(RELEASE)
        rows = release_rows(tmp_path, old)
        for model in copied_models(old):
            for field in model._meta.concrete_fields:  # keep the stored moments (these models only)
                if isinstance(field, models.DateField):
                    field.auto_now = field.auto_now_add = False
            model.objects.bulk_create([model(**values) for values in rows[model._meta.label]])
        with connection.cursor() as cursor:  # PostgreSQL: the next id after the copied ones
            for statement in connection.ops.sequence_reset_sql(no_style(), copied_models(old)):
                cursor.execute(statement)
        assert sum(len(found) for found in rows.values()) > 150
        for label in ("referee.HandResult", "referee.ExportJob", "referee.PeopleUpload", "core.Account"):
            assert rows[label], label

        new = migrate(latest)
        for label, found in rows.items():
            model = new.get_model(label)
            kept = {field.attname for field in model._meta.concrete_fields}
            stored = {row["pk"]: row for row in model.objects.values("pk", *sorted(kept))}
            assert len(stored) == len(found), label
            for values in found:
                row = stored[values[model._meta.pk.attname]]
                for name, value in values.items():
                    if name in kept:
                        assert row[name] == value, (label, name)
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
        create_seat_trigger()
