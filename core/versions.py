"""The public pages' version of a tournament: bumped with every change, read before every cached page.

Why a cached page can never be older than a committed change: the writer bumps the version in the same
transaction as the change, so the new number and the change become visible together. A reader reads the
number first (in the same statement as the tournament itself) and only then computes the page, so whatever
it computes under number N already shows every change up to N (a change that commits meanwhile can only make
the page newer than its key, never older). Once a change commits, every reader reads N+1 and misses the pages
cached under N. The version lives in the database, so every worker and machine agrees on it.

The public pages' front (`referee.views.public_front`) answers a parent's reload when the page it keeps is
still the version's, and a process reads the version at most once every `TRUST_SECONDS` for each tournament
(`lately_with_public_version`): on PostgreSQL the read was a third of what a reload cost the server, and
several hundred reloads a second each asked the same question. A change made in another process (or on
another machine) therefore shows there at most `TRUST_SECONDS` late; one made in this process shows at once,
since the bump forgets what was read, when it runs and again when its transaction commits.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable

from django.db import IntegrityError, connection, connections, transaction
from django.db.models import F, Model
from django.db.models.expressions import Col

from core.models import PublicVersion

# How long a process trusts the version it read for a tournament before reading it again (seconds): a parent
# reloads every few seconds, and at hundreds of reloads a second a tenth of a second saves nearly every read.
TRUST_SECONDS = 0.1


class RecentReads:
    """The tournaments this process read with their version lately, by slug, each with when it was read."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._read: dict[str, tuple[float, Model]] = {}

    def get(self, slug: str) -> Model | None:
        found = self._read.get(slug)
        if found is None or time.monotonic() - found[0] >= self.seconds:
            return None
        return found[1]

    def keep(self, slug: str, tournament: Model) -> None:
        self._read[slug] = (time.monotonic(), tournament)

    def forget(self) -> None:
        self._read.clear()


recent_reads = RecentReads(TRUST_SECONDS)


def forget_recent_reads(**_signal: object) -> None:
    """A receiver for the tournament's own saves and deletions (`referee.apps`): a tournament made again at
    an address is a new one, with a version of its own, and this process shows it at once."""
    recent_reads.forget()


def public_version_bump(tournament: Model) -> None:
    """Call inside the transaction of the change: the row stays locked until it commits."""
    recent_reads.forget()
    transaction.on_commit(recent_reads.forget)
    if PublicVersion.objects.filter(tournament_id=tournament.pk).update(number=F("number") + 1):
        return
    try:
        with transaction.atomic():
            PublicVersion.objects.create(tournament_id=tournament.pk, number=1)
    except IntegrityError:
        # Another transaction made the row meanwhile; it has committed, so the update finds it now.
        PublicVersion.objects.filter(tournament_id=tournament.pk).update(number=F("number") + 1)


def by_slug_with_public_version(model: type[Model], slug: str) -> Model | None:
    """The tournament with this slug, with `public_version_number` (0 before the first change), in one plain
    statement. Every parent's reload of the public standings asks for it first: the ORM took four times as
    long to build the annotated query (0.4 ms) as SQLite to answer it, and a raw queryset still 95 us,
    mostly matching columns to fields and finding their converters again on each call; those are found once
    here (`_reading`), and the row costs about 40 us."""
    sql, attnames, converters = _reading(model, connection.alias)
    with connection.cursor() as cursor:
        cursor.execute(sql, [slug])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row[:-1])
    for index, column, column_converters in converters:
        for convert in column_converters:
            values[index] = convert(values[index], column, connection)
    found = model.from_db(connection.alias, attnames, values)
    found.public_version_number = row[-1]
    return found


def lately_with_public_version(model: type[Model], slug: str) -> Model | None:
    """`by_slug_with_public_version`, or what it gave in this process less than `TRUST_SECONDS` ago. The
    instance is shared by the readers of that moment: read it, never change it."""
    found = recent_reads.get(slug)
    if found is None:
        found = by_slug_with_public_version(model, slug)
        if found is not None:
            recent_reads.keep(slug, found)
    return found


@functools.cache
def _reading(model: type[Model], alias: str) -> tuple[str, list[str], list[tuple[int, Col, list[Callable]]]]:
    """The statement, the fields it reads (by attribute name, in order) and, for each column that has any,
    its converters, for one model and database."""
    database = connections[alias]
    quote = database.ops.quote_name
    tournaments, versions = quote(model._meta.db_table), quote(PublicVersion._meta.db_table)
    tournament_column = quote(PublicVersion._meta.get_field("tournament").column)
    fields = model._meta.concrete_fields
    columns = ", ".join(f"t.{quote(field.column)}" for field in fields)
    sql = (
        f"SELECT {columns}, COALESCE(v.{quote('number')}, 0) FROM {tournaments} t "
        f"LEFT JOIN {versions} v ON v.{tournament_column} = t.{quote(model._meta.pk.column)} "
        f"WHERE t.{quote(model._meta.get_field('slug').column)} = %s"
    )
    converters = [
        (index, column, found)
        for index, column in enumerate(field.get_col("t") for field in fields)
        if (found := database.ops.get_db_converters(column) + column.get_db_converters(database))
    ]
    return sql, [field.attname for field in fields], converters
