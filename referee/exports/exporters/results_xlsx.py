"""`results-xlsx`: the whole tournament in one workbook for schools and organisers.

Sheets: Standings, Tables (each table's winner and how it was decided), Games (every hand: the raw facts and
the derived penalty, score and basis), Players, Schools, Incidents. Rows are streamed from the database into
openpyxl's write-only sheets.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from openpyxl import Workbook

from referee.exports.exporters.reads import (
    TableVerdict,
    table_verdicts,
    tournament_hands,
    tournament_incidents,
)
from referee.exports.exporters.registry import register
from referee.exports.exporters.xlsx import Column, XlsxExporter
from referee.models import Player, School, Seat
from referee.models.schedule import SEAT_LETTERS
from referee.models.tournament import SharedWinCredit
from referee.results.ranking import ranked_order
from referee.results.table_rules import table_ruleset, table_status
from referee.standings.selectors.schools import school_standings
from referee.standings.selectors.standings import standings
from referee.wording.codes import basis_label, incident_label, outcome_reason
from referee.wording.labels import ending_label
from referee.wording.names import school_name, user_name
from referee.wording.reasons import rank_reason
from referee.wording.school_ranking import school_ranking_text
from referee.wording.seats import seat_label
from referee.wording.sentences import person_name


class ResultsSheets:
    """The six sheets as methods, shared with the school pack (which narrows them to one school)."""

    def __init__(self, exporter: XlsxExporter, school_code: str | None = None) -> None:
        self.exporter = exporter
        self.tournament = exporter.tournament
        self.school_code = school_code
        self.schools = {school.code: school for school in School.objects.filter(tournament=self.tournament)}
        self.seat_names = {
            letter: seat_label(letter) for letter in SEAT_LETTERS
        }  # translated once, not per row
        self.final_only = not exporter.request.include_unsigned
        # A shared win counts 1 for each sharer unless the tournament splits it: only then does the credit
        # differ from "won", and only then is it a column of its own.
        self.split_credit = self.tournament.shared_win_credit == SharedWinCredit.SPLIT
        self.all_standings = standings(self.tournament, final_only=self.final_only)
        # For posting (the school pack given to parents): names as on the public pages, no English names
        # or classes beside them.
        self.posting = exporter.for_posting
        self.order = ranked_order(self.tournament)
        self._labels: dict[int, str] = {}
        self.standing_indexes = [
            index
            for index, row in enumerate(self.all_standings)
            if school_code is None or row.school_code == school_code
        ]

    def name(self, number: int, name_zh: str, name_en: str) -> str:
        """In the Chinese-name column: the full name, or the public one when the file is for posting."""
        return self.exporter.player_name(number, name_zh, name_en) if self.posting else name_zh

    def school_name(self, code: str) -> str:
        school = self.schools.get(code)
        return school_name(school.name_zh, school.name_en) if school else ""

    def standings_sheet(self, workbook: Workbook) -> None:
        columns = [
            Column(_("Rank"), 7),
            Column(_("Tied"), 6),
            Column(_("No."), 7),
            Column(_("Name in Chinese"), 14),
            Column(_("Name in English"), 22),
            Column(_("School code"), 9),
            Column(_("School"), 22),
            Column(_("Class"), 7),
            Column(_("Games played"), 9),
            Column(_("Games won"), 9),
            Column(_("Tables won"), 9),
            Column(_("Total score"), 10),
            Column(_("Why this rank"), 60),
        ]
        rows = (self._standing(index) for index in self.standing_indexes)
        self.exporter.sheet(workbook, _("Standings"), columns, rows)

    def _standing(self, index: int) -> list[Any]:
        """One ranked player; the reason compares them with their neighbours in the whole ranking."""
        row = self.all_standings[index]
        player = row.player
        return [
            row.rank,
            _("yes") if row.tied else "",
            player.number,
            self.name(player.number, player.name_zh, player.name_en),
            "" if self.posting else player.name_en,
            row.school_code,
            self.school_name(row.school_code),
            "" if self.posting else player.class_name,
            row.games_played,
            row.games_won,
            row.tables_won,
            row.total,
            rank_reason(self.all_standings, index, self._label, self.order),
        ]

    def _label(self, row: Any) -> str:
        """A player as a reason names them, made once: each reason names its neighbours and tied players,
        who are named again in their own reasons."""
        label = self._labels.get(row.number)
        if label is None:
            label = self.exporter.player_label(row.number, row.name_zh, row.name_en, row.school_code)
            self._labels[row.number] = label
        return label

    def tables_sheet(self, workbook: Workbook) -> None:
        columns = [
            Column(_("Round"), 7),
            Column(_("Round name"), 16),
            Column(_("Table"), 7),
            Column(_("Referee"), 14),
            Column(_("Players seated"), 9),
            Column(_("Games played"), 9),
            Column(_("Winner's seat"), 9),
            Column(_("Winner's number"), 9),
            Column(_("Winner"), 24),
            Column(_("Decided by"), 36),
            Column(_("Status"), 18),
            Column(_("Signed off at"), 17),
            Column(_("Confirmed at"), 17),
        ]
        seated = self._seated_players()
        rows = (self._table(verdict, seated) for verdict in table_verdicts(self.tournament))
        self.exporter.sheet(workbook, _("Tables"), columns, rows)

    def _seated_players(self) -> dict[tuple[int, str], tuple[int, str]]:
        """(table, seat letter) -> (player number, name), for every seat of the tournament (one query)."""
        seats = Seat.objects.filter(round__tournament=self.tournament).values_list(
            "table_id", "letter", "player__number", "player__name_zh", "player__name_en"
        )
        return {
            (table, letter): (number, person_name(zh, en))
            for table, letter, number, zh, en in seats.iterator(2000)
        }

    def _table(self, verdict: TableVerdict, seated: dict[tuple[int, str], tuple[int, str]]) -> list[Any]:
        table, outcome = verdict.table, verdict.outcome
        winner = outcome.winner
        number, name = seated.get((table.pk, winner), (None, "")) if winner else (None, "")
        status = table_status(
            games_played=verdict.games_played,
            finished=outcome.finished,
            signed_off=table.signed_off_at is not None,
            confirmed=table.confirmed_at is not None,
        )
        referee = user_name(table.referee)
        return [
            table.round.order,
            table.round.name,
            table.number,
            referee,
            verdict.seat_count,
            verdict.games_played,
            self.seat_names[winner] if winner else None,
            number,
            name,
            outcome_reason(outcome.decided_by, outcome.tie_break) if verdict.games_played else None,
            str(status.label),
            table.signed_off_at,
            table.confirmed_at,
        ]

    def games_sheet(self, workbook: Workbook) -> None:
        columns = [
            Column(_("Round"), 7),
            Column(_("Table"), 7),
            Column(_("Game"), 7),
            Column(_("Ending"), 18),
            Column(_("Seat"), 6),
            Column(_("No."), 7),
            Column(_("Player"), 24),
            Column(_("School code"), 9),
            Column(_("Went out"), 8),
            Column(_("Tiles left on the rack"), 20),
            Column(_("Rack value given"), 9),
            Column(_("Made the initial meld"), 9),
            Column(_("Could have made the initial meld"), 11),
            Column(_("Penalty"), 8),
            Column(_("Score"), 8),
            Column(_("Basis"), 28),
            Column(_("Won"), 6),
        ]
        if self.split_credit:
            columns.append(Column(_("Games-won credit"), 9))
        self.exporter.sheet(workbook, _("Games"), columns, self._hands())

    def _hands(self) -> Iterator[list[Any]]:
        endings: dict[str, str] = {}
        bases: dict[str, str] = {}
        for hand in tournament_hands(
            self.tournament, school_code=self.school_code, final_only=self.final_only
        ):
            ending = hand["game__ending"]
            basis = hand["basis"]
            if ending not in endings:
                endings[ending] = ending_label(ending)
            if basis not in bases:
                bases[basis] = str(basis_label(basis))
            yield [
                hand["game__table__round__order"],
                hand["game__table__number"],
                hand["game__number"],
                endings[ending],
                self.seat_names[hand["seat__letter"]],
                hand["seat__player__number"],
                self.exporter.player_name(
                    hand["seat__player__number"], hand["seat__player__name_zh"], hand["seat__player__name_en"]
                ),
                hand["seat__player__school__code"],
                hand["went_out"],
                hand["rack"],
                hand["rack_value"],
                hand["made_initial_meld"],
                hand["could_meld"],
                hand["penalty"],
                hand["score"],
                bases[basis],
                1 if hand["won"] else 0,
                *([hand["win_credit"]] if self.split_credit else []),
            ]

    def players_sheet(self, workbook: Workbook) -> None:
        columns = [
            Column(_("No."), 7),
            Column(_("Name in Chinese"), 14),
            Column(_("Name in English"), 22),
            Column(_("School code"), 9),
            Column(_("School"), 22),
            Column(_("Class"), 7),
        ]
        players = Player.objects.filter(tournament=self.tournament).order_by("number")
        if self.school_code is not None:
            players = players.filter(school__code=self.school_code)
        rows = (
            [
                number,
                self.name(number, zh, en),
                "" if self.posting else en,
                code,
                self.school_name(code),
                "" if self.posting else class_name,
            ]
            for number, zh, en, code, class_name in players.values_list(
                "number", "name_zh", "name_en", "school__code", "class_name"
            ).iterator(2000)
        )
        self.exporter.sheet(workbook, _("Players"), columns, rows)

    def schools_sheet(self, workbook: Workbook) -> None:
        """The site's school summary, ranked by the tournament's school rule (its words in the footer)."""
        columns = [
            Column(_("Rank"), 7),
            Column(_("Tied"), 6),
            Column(_("School code"), 9),
            Column(pgettext("school", "Name in Chinese"), 22),
            Column(pgettext("school", "Name in English"), 30),
            Column(_("Players"), 8),
            Column(_("Counted"), 8),
            Column(_("Games played"), 9),
            Column(_("Games won"), 9),
            Column(_("Total score"), 10),
        ]
        rows = [
            [
                row.rank,
                _("yes") if row.tied else "",
                row.code,
                row.name_zh,
                row.name_en,
                row.players,
                row.players if row.counted is None else row.counted,
                row.games_played,
                row.games_won,
                row.total,
            ]
            for row in school_standings(self.tournament, final_only=self.final_only)
            if self.school_code is None or row.code == self.school_code
        ]
        self.exporter.sheet(workbook, _("Schools"), columns, rows)
        # How the schools are ranked, printed at the foot of every page of the sheet.
        workbook.worksheets[-1].oddFooter.center.text = school_ranking_text(self.tournament)

    def incidents_sheet(self, workbook: Workbook) -> None:
        columns = [
            Column(_("Round"), 7),
            Column(_("Table"), 7),
            Column(_("Game"), 7),
            Column(_("Seat"), 6),
            Column(_("No."), 7),
            Column(_("Player"), 24),
            Column(_("School code"), 9),
            Column(_("Incident"), 40),
            Column(_("Tiles drawn"), 9),
            Column(_("Tiles left over"), 9),
            Column(_("Note"), 30),
            Column(_("Recorded at"), 17),
        ]
        ruleset = table_ruleset(self.tournament)  # its options name the incidents (twist's strict rule)
        rows = (
            [
                item["game__table__round__order"],
                item["game__table__number"],
                item["game__number"],
                self.seat_names[item["seat__letter"]],
                item["seat__player__number"],
                self.exporter.player_name(
                    item["seat__player__number"], item["seat__player__name_zh"], item["seat__player__name_en"]
                ),
                item["seat__player__school__code"],
                str(incident_label(ruleset, item["kind"])),
                item["tiles_drawn"],
                item["tiles_left_over"],
                item["note"],
                item["created_at"],
            ]
            for item in tournament_incidents(
                self.tournament, school_code=self.school_code, final_only=self.final_only
            )
        )
        self.exporter.sheet(workbook, _("Incidents"), columns, rows)


@register
class ResultsXlsx(XlsxExporter):
    identifier = "results-xlsx"
    background = True
    position = 40
    offers_provisional = True
    verbose_name = gettext_lazy("Results workbook (Excel)")
    description = gettext_lazy(
        "One workbook with sheets for standings, tables, every game's hands, players, schools and incidents."
    )

    def fill(self, workbook: Workbook) -> None:
        sheets = ResultsSheets(self)
        sheets.standings_sheet(workbook)
        sheets.tables_sheet(workbook)
        sheets.games_sheet(workbook)
        sheets.players_sheet(workbook)
        sheets.schools_sheet(workbook)
        sheets.incidents_sheet(workbook)
