"""Reads for the referees' login cards: who would get a new one-time password, and each referee's tables."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q

from core.models import Account
from referee.models import Table, Tournament


def awaiting_own_password() -> Q:
    """Referees who never logged in, or still log in with a password somebody else set."""
    flagged = Account.objects.filter(must_change_password=True).values("user_id")
    return Q(last_login__isnull=True) | Q(pk__in=flagged)


@dataclass(frozen=True)
class CardRow:
    referee: AbstractBaseUser
    awaiting_own_password: bool


def card_rows(tournament: Tournament) -> list[CardRow]:
    """Every referee of the tournament, by name; two queries."""
    awaiting = set(tournament.referees.filter(awaiting_own_password()).values_list("pk", flat=True))
    referees = tournament.referees.order_by("first_name", "username")
    return [CardRow(referee=referee, awaiting_own_password=referee.pk in awaiting) for referee in referees]


def referee_table_numbers(tournament: Tournament) -> dict[int, list[int]]:
    """Each referee's table numbers in this tournament, over every round, without repeats; one query."""
    numbers: dict[int, set[int]] = defaultdict(set)
    rows = Table.objects.filter(round__tournament=tournament, referee__isnull=False).values_list(
        "referee_id", "number"
    )
    for referee_id, number in rows:
        numbers[referee_id].add(number)
    return {referee_id: sorted(found) for referee_id, found in numbers.items()}
