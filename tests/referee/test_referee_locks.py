"""The table lock of a result: tables of one tournament never wait for each other, a settings change waits
for a result. Only a server database takes row locks (on SQLite these skip; CI runs the suite on PostgreSQL
too)."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import close_old_connections, connection, transaction
from django.test.utils import CaptureQueriesContext

from referee.locks import lock_games, lock_table, lock_tournament
from referee.models import Game
from referee.tournaments.services.schedule import table_create
from tests.referee.races import require_server_database


def hold_table_lock(
    pk: int, inside: threading.Event, leave: threading.Event, *, games: bool = False
) -> threading.Thread:
    """A device at table `pk` in the middle of a save: its transaction holds the lock (and, with `games`, its
    games' locks) until `leave`."""

    def save() -> None:
        try:
            with transaction.atomic():
                table = lock_table(pk)
                if games:
                    lock_games(table)
                inside.set()
                leave.wait(10)
        finally:
            close_old_connections()

    thread = threading.Thread(target=save)
    thread.start()
    assert inside.wait(10)
    return thread


def timed_in_thread(write) -> tuple[threading.Thread, list[float]]:
    took: list[float] = []

    def run() -> None:
        started = time.monotonic()
        try:
            with transaction.atomic():
                write()
            took.append(time.monotonic() - started)
        finally:
            close_old_connections()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, took


@pytest.mark.django_db(transaction=True)
def test_a_save_at_one_table_does_not_wait_for_a_save_at_another(organiser, round_, table):
    require_server_database()
    other = table_create(actor=organiser, round_=round_)
    inside, leave = threading.Event(), threading.Event()
    saving = hold_table_lock(table.pk, inside, leave)
    try:
        second, took = timed_in_thread(lambda: lock_table(other.pk))
        second.join(5)
        assert took, "the other table waited for this one's save"
    finally:
        leave.set()
        saving.join(10)


@pytest.mark.django_db(transaction=True)
def test_a_settings_change_waits_for_a_result_being_saved(tournament, table):
    require_server_database()
    inside, leave = threading.Event(), threading.Event()
    saving = hold_table_lock(table.pk, inside, leave)
    try:
        change, took = timed_in_thread(lambda: lock_tournament(tournament))
        change.join(0.5)
        assert change.is_alive(), "the settings change went ahead while a result was being scored"
    finally:
        leave.set()
        saving.join(10)
    change.join(10)
    assert took


@pytest.mark.django_db
def test_the_locked_table_comes_with_its_round_and_tournament(table, django_assert_num_queries):
    tournament = table.round.tournament_id
    locked = lock_table(table.pk)
    with django_assert_num_queries(0):
        assert locked.round.tournament.pk == tournament


@pytest.mark.django_db(transaction=True)
def test_a_later_game_at_one_table_does_not_wait_for_one_at_another(organiser, round_, table):
    """Each table has a game saved; a save of the next one locks the games there. Ordered by the model (by
    table, so by round), that lock took the round's row too, and the round's other tables waited."""
    require_server_database()
    other = table_create(actor=organiser, round_=round_)
    for at in (table, other):
        Game.objects.create(table=at, number=1, ending="went-out")
    inside, leave = threading.Event(), threading.Event()
    saving = hold_table_lock(table.pk, inside, leave, games=True)
    try:
        second, took = timed_in_thread(lambda: lock_games(lock_table(other.pk)))
        second.join(5)
        assert took, "the other table's games waited for this one's save"
    finally:
        leave.set()
        saving.join(10)


@pytest.mark.django_db
def test_a_tables_games_are_locked_by_their_own_rows_only(table):
    Game.objects.create(table=table, number=1, ending="went-out")
    with transaction.atomic(), CaptureQueriesContext(connection) as captured:
        games = lock_games(lock_table(table.pk))
    assert [game.number for game in games] == [1]
    (read,) = [query["sql"] for query in captured.captured_queries if 'FROM "referee_game"' in query["sql"]]
    assert "JOIN" not in read
