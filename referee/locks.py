"""Row locks: writes that must take turns per tournament, and per table."""

from __future__ import annotations

from django.db import connection

from referee.models import Game, Round, Table, Tournament


def lock_tournament(tournament: Tournament) -> Tournament:
    """Serialise registrations per tournament, so two organisers cannot take the same code or number."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def lock_table(pk: int) -> Table:
    """A table (with its round and tournament) for a change of its results: two devices at a table take turns.

    Only the table's own row is locked for update. The tournament's row is held FOR SHARE, so that a settings
    change (`lock_tournament`, which freezes some settings once results exist) waits for the result to
    commit, and the result is scored by settings that stay as they are. Results at the hall's other tables
    never wait for each other, as they did when the lock was taken over the join: every save of a 200-table
    round queued behind the one before on the tournament's row. On SQLite, which lets one writer in at a
    time anyway, both are plain reads."""
    if connection.features.has_select_for_update:
        _share_tournament_of_table(pk)
    return Table.objects.select_for_update(of=("self",)).select_related("round__tournament").get(pk=pk)


def _share_tournament_of_table(pk: int) -> None:
    quote = connection.ops.quote_name
    tournaments, rounds, tables = (quote(model._meta.db_table) for model in (Tournament, Round, Table))
    tournament_of_round = quote(Round._meta.get_field("tournament").column)
    round_of_table = quote(Table._meta.get_field("round").column)
    sql = (
        f"SELECT 1 FROM {tournaments} WHERE {quote(Tournament._meta.pk.column)} = "
        f"(SELECT r.{tournament_of_round} FROM {rounds} r "
        f"JOIN {tables} t ON t.{round_of_table} = r.{quote(Round._meta.pk.column)} "
        f"WHERE t.{quote(Table._meta.pk.column)} = %s) FOR SHARE"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [pk])


def lock_games(table: Table) -> list[Game]:
    """The games of a table whose row `lock_table` holds, by number, each locked for the save's change.

    Only the games' own rows are locked. Ordered as the model is (by table, so by round and table number),
    the query joined the table and its round, and FOR UPDATE locked every row it read: each save of a game
    after the first then held the round's one row, and every other table's save in that round waited for
    it to commit."""
    return list(Game.objects.filter(table=table).order_by("number").select_for_update(of=("self",)))
