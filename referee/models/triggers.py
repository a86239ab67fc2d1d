"""A database rule that a check constraint cannot express: a seat's letter stays within its tournament's
table size (the ruleset's largest table), which lives three joins away from the seat's own row.

The trigger is dropped before every `migrate` and created again after it, on SQLite and PostgreSQL alike:
SQLite rebuilds a table to alter it, which would drop a trigger on `referee_seat` or break on one that
names `referee_tournament`, `referee_round` or `referee_table` while they are rebuilt. So no migration
has to know about it.
"""

from __future__ import annotations

from typing import Any

from django.apps import apps as global_apps
from django.core.exceptions import FieldDoesNotExist
from django.db import connections

from referee.models.schedule import SEAT_LETTERS

NAME = "referee_seat_within_table_size"
SEAT_TABLE = "referee_seat"

_TABLE_SIZE_OF_NEW_SEAT = """
    SELECT tn.table_size FROM referee_table tb
    JOIN referee_round rd ON rd.id = tb.round_id
    JOIN referee_tournament tn ON tn.id = rd.tournament_id
    WHERE tb.id = NEW.table_id
"""

_SQLITE_EVENTS = {"insert": "INSERT", "update": "UPDATE OF letter, table_id"}

CREATE = {
    "sqlite": [
        f"""CREATE TRIGGER {NAME}_{name} BEFORE {event} ON {SEAT_TABLE} FOR EACH ROW
        WHEN instr('{SEAT_LETTERS}', NEW.letter) > ({_TABLE_SIZE_OF_NEW_SEAT})
        BEGIN SELECT RAISE(ABORT, 'seat_within_table_size: the seat is beyond the table size'); END"""
        for name, event in _SQLITE_EVENTS.items()
    ],
    "postgresql": [
        f"""CREATE FUNCTION {NAME}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF position(NEW.letter IN '{SEAT_LETTERS}') > ({_TABLE_SIZE_OF_NEW_SEAT}) THEN
                RAISE EXCEPTION 'seat % is beyond the table size', NEW.letter
                    USING ERRCODE = 'check_violation', CONSTRAINT = 'seat_within_table_size';
            END IF;
            RETURN NEW;
        END $$""",
        f"""CREATE TRIGGER {NAME} BEFORE INSERT OR UPDATE OF letter, table_id ON {SEAT_TABLE}
        FOR EACH ROW EXECUTE FUNCTION {NAME}()""",
    ],
}
DROP = {
    "sqlite": [f"DROP TRIGGER IF EXISTS {NAME}_{name}" for name in _SQLITE_EVENTS],
    "postgresql": [f"DROP FUNCTION IF EXISTS {NAME}() CASCADE"],
}


def _execute(using: str, statements: dict[str, list[str]], *, needs_seats: bool) -> None:
    connection = connections[using]
    if connection.vendor not in statements:
        return
    if needs_seats and SEAT_TABLE not in connection.introspection.table_names():
        return
    with connection.cursor() as cursor:
        for statement in statements[connection.vendor]:
            cursor.execute(statement)


def drop_seat_trigger(using: str = "default", **kwargs: Any) -> None:
    """Connected to pre_migrate."""
    _execute(using, DROP, needs_seats=False)


def _schema_has_table_size(apps: Any) -> bool:
    """Migrated back to before tournaments had a table size, a trigger asking for it breaks every seat."""
    try:
        apps.get_model("referee", "Tournament")._meta.get_field("table_size")
    except (LookupError, FieldDoesNotExist):
        return False
    return True


def create_seat_trigger(using: str = "default", apps: Any = global_apps, **kwargs: Any) -> None:
    """Connected to post_migrate (which passes the migrated state's `apps`): drop first, so that running it
    twice is harmless, and create it only for a schema it fits."""
    _execute(using, DROP, needs_seats=False)
    if _schema_has_table_size(apps):
        _execute(using, CREATE, needs_seats=True)
