"""Reads for the referees' login cards: who would get a new one-time password, and each referee's tables."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Q

from core.models import Account
from referee.models import Table, Tournament
from referee.wording.sentences import natural_key


def awaiting_own_password() -> Q:
    """Referees who never logged in, or still log in with a password somebody else set."""
    flagged = Account.objects.filter(must_change_password=True).values("user_id")
    return Q(last_login__isnull=True) | Q(pk__in=flagged)


@dataclass(frozen=True)
class CardRow:
    referee: User
    awaiting_own_password: bool


def card_rows(tournament: Tournament) -> list[CardRow]:
    """Every referee of the tournament, in table order (`by_table_then_name`); three queries."""
    awaiting = set(tournament.referees.filter(awaiting_own_password()).values_list("pk", flat=True))
    tables = referee_table_numbers(tournament)
    referees = sorted(tournament.referees.all(), key=lambda referee: by_table_then_name(referee, tables))
    return [CardRow(referee=referee, awaiting_own_password=referee.pk in awaiting) for referee in referees]


# A sort key of `natural_key`: the parts of a name, numbers read as numbers.
NameKey = tuple[tuple[int, int | str], ...]


def by_table_then_name(referee: User, tables: dict[int, list[int]]) -> tuple[bool, int, NameKey, NameKey]:
    """The order cards are handed out in: by the first table a referee takes, those without a table last,
    then by name as people number them (評審員2號 before 評審員10號)."""
    numbers = tables.get(referee.pk, [])
    name = referee.get_full_name() or referee.get_username()
    return (not numbers, numbers[0] if numbers else 0, natural_key(name), natural_key(referee.get_username()))


def referee_table_numbers(tournament: Tournament) -> dict[int, list[int]]:
    """Each referee's table numbers in this tournament, over every round, without repeats; one query."""
    numbers: dict[int, set[int]] = defaultdict(set)
    rows = Table.objects.filter(round__tournament=tournament, referee__isnull=False).values_list(
        "referee_id", "number"
    )
    for referee_id, number in rows:
        numbers[referee_id].add(number)
    return {referee_id: sorted(found) for referee_id, found in numbers.items()}
