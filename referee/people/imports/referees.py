"""Referee rows of a people file: matched among this tournament's referees only, by login name."""

from __future__ import annotations

import unicodedata

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from core.errors import ServiceError
from referee.models import Table, Tournament
from referee.people.imports.changes import (
    ADD,
    MAX_NUMBER,
    UNCHANGED,
    UPDATE,
    Change,
    RowRefused,
    normalised_number,
)
from referee.people.imports.columns import REFEREES
from referee.tournaments.services.referees import (
    LOGIN_SEPARATOR,
    clean_short_name,
    login_name_taken,
    referee_login_name,
)


class RefereeIndex:
    """The tournament's referees and open tables, and the login names and tables the file's rows took.

    A row's login name is a short name (`amy`), as on the Referees page: the referee logs in as
    `amy@<tournament>` (`referee_login_name`). A row finds only a referee of this tournament, by that login
    name or by a referee's own login name as the export writes it (an account from before this rule, or one
    added from an earlier tournament); a login name elsewhere on the site is never looked up, so a row neither
    finds nor reveals it."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.referees = {user.username.casefold(): user for user in tournament.referees.all()}
        self.tables: dict[int, list[Table]] = {}
        for table in Table.objects.filter(round__tournament=tournament, signed_off_at__isnull=True):
            self.tables.setdefault(table.number, []).append(table)
        self.seen: dict[str, int] = {}
        self.seen_tables: dict[int, int] = {}

    def change(self, row: int, cells: dict[str, str], display_name: str | None) -> Change | None:
        typed = unicodedata.normalize("NFKC", cells.get("username", "")).strip()
        try:
            table_number = normalised_number(cells.get("table", ""))
        except ValueError:
            raise RowRefused(
                "table", _("Enter a whole number from 1 to %(max)d.") % {"max": MAX_NUMBER}
            ) from None
        if display_name is None:
            return None
        user, login_name = self.match(typed)
        self.check_seen(row, login_name)
        if not display_name:
            raise RowRefused("display_name", _("Give the referee's name."))
        self.check_table(row, table_number)
        values = {"username": login_name, "display_name": display_name, "table": table_number}
        if user is None:
            short_name = login_name.removesuffix(f"{LOGIN_SEPARATOR}{self.tournament.slug}")
            if login_name_taken(tournament=self.tournament, short_name=short_name) is not None:
                raise RowRefused(
                    "username",
                    _(
                        "This login name is taken by a referee of this tournament, now or earlier: choose "
                        "another short name, or add that referee again on the Referees page."
                    ),
                )
            return Change(REFEREES, row, ADD, login_name, values)
        if user.is_staff or user.is_superuser or user.organised_tournaments.exists():
            raise RowRefused(
                "username", _("This login belongs to an organiser; add them on the Referees page instead.")
            )
        on_table = table_number is None or all(t.referee_id == user.pk for t in self.tables[table_number])
        before = {
            "username": user.username,
            "display_name": user.first_name,
            "table": table_number if on_table else None,
        }
        action = UNCHANGED if before == values else UPDATE
        return Change(REFEREES, row, action, user.username, values, before, user.pk)

    def match(self, typed: str) -> tuple[User | None, str]:
        """This tournament's referee for what the row says (or None), and the login name it stands for."""
        if not typed:
            raise RowRefused("username", _("Give the referee's short login name, for example amy."))
        user = self.referees.get(typed.casefold())
        if user is not None:
            return user, user.username
        try:
            short_name = clean_short_name(tournament=self.tournament, username=typed)
        except ServiceError as error:
            raise RowRefused("username", str(error.message)) from None
        login_name = referee_login_name(tournament=self.tournament, short_name=short_name)
        user = self.referees.get(login_name.casefold())
        return user, user.username if user else login_name

    def check_seen(self, row: int, login_name: str) -> None:
        key = login_name.casefold()
        if key in self.seen:
            raise RowRefused(
                "username", _("Row %(row)d already has this login name.") % {"row": self.seen[key]}
            )
        self.seen[key] = row

    def check_table(self, row: int, number: int | None) -> None:
        if number is None:
            return
        if number not in self.tables:
            raise RowRefused(
                "table",
                _("No round has table %(number)d yet; add the tables first, or leave this empty.")
                % {"number": number},
            )
        if number in self.seen_tables:
            raise RowRefused(
                "table", _("Row %(row)d already referees this table.") % {"row": self.seen_tables[number]}
            )
        self.seen_tables[number] = row
