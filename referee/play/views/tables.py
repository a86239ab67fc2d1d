"""A table's page: one base view for the scoresheet, thin subclasses for the organiser and the referee."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

import scoring
from core.inputs import parse_number
from core.views import OrganiserMixin, posted_object
from referee import permissions
from referee.draws.selectors.seat_warnings import seat_warnings
from referee.draws.services.seats import seat_assign, seat_remove
from referee.models import Table
from referee.play.forms.incidents import TieBreakForm, draws_form
from referee.play.forms.pad import pad_layout
from referee.play.forms.table_fixes import GameVoidForm, LeaveForm, SeatFixForm
from referee.play.selectors.history import table_history
from referee.play.selectors.progress import TableProgress
from referee.play.selectors.sheets import TableSheet, sheet_outcome, table_sheet
from referee.play.services.seat_fixes import game_void, seat_player_correct
from referee.play.views.entry import ResultEntryView
from referee.play.views.offline import offline_copy
from referee.play.views.saving import entry_form, incident_form, next_game_open
from referee.results.outcome import TableOutcome
from referee.results.table_rules import effective_rounds, table_ruleset, table_status, turn_seconds
from referee.tournaments.forms.schedule import RefereeAssignForm, SeatForm
from referee.tournaments.services.schedule import table_assign_referee, table_delete
from referee.wording.console import console_words
from referee.wording.figures import rank_text
from referee.wording.hall import strip_words
from referee.wording.names import user_name
from referee.wording.seats import seat_label
from referee.wording.sentences import listed


def _load_table(pk: int, **filters: Any) -> Table:
    queryset = Table.objects.select_related("round__tournament", "referee", "signed_off_by", "confirmed_by")
    return get_object_or_404(queryset, pk=pk, **filters)


class TableSheetView(ResultEntryView):
    """The scoresheet, its verdict and the forms to enter results; subclasses decide who may see and act."""

    @cached_property
    def can_enter(self) -> bool:
        """Whether this person enters the table's results, asked once a request: letting them in, offering
        the forms and keeping the page offline each asked the database again. Services ask for themselves."""
        return permissions.can_enter_results(self.request.user, self.table)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        table, user = self.table, self.request.user
        sheet = context.get("sheet") or table_sheet(table)
        tournament = table.round.tournament
        outcome = sheet_outcome(tournament, sheet)
        names = {seat.letter: seat.player_name for seat in sheet.seats}
        can_enter = self.can_enter
        can_edit = permissions.can_correct_signed_off(user, table) if table.is_signed_off else can_enter
        context.update(
            table=table,
            tournament=tournament,
            ruleset=table_ruleset(tournament, len(sheet.seats)),
            sheet=sheet,
            outcome=outcome,
            match=outcome.match,
            progress=progress_of(table, sheet, outcome),
            ranks=_ranks(outcome, sheet),
            winner_name=names.get(outcome.winner or "", ""),
            tied_names=listed(names.get(letter, letter) for letter in outcome.tied),
            can_edit=can_edit,
            needs_reason=table.is_signed_off,
            can_sign_off=can_enter and not table.is_signed_off and outcome.finished,
            can_confirm=permissions.may_confirm(user, table),
            history=table_history(table),
            tile_points=tile_points(table_ruleset(tournament, len(sheet.seats))),
            play_seats=_in_play_order(sheet),
            table_rounds=effective_rounds(tournament),
        )
        self._add_forms(context, sheet, outcome, can_enter, can_edit)
        context.update(console_context(table, sheet, can_enter, context))
        return context

    def _add_forms(
        self, context: dict, sheet: TableSheet, outcome: Any, can_enter: bool, can_edit: bool
    ) -> None:
        table = self.table
        editing = _requested_game(self.request.GET.get("game"), sheet)
        enough_seats = len(sheet.seats) >= context["ruleset"].min_players
        if can_edit and (editing or next_game_open(table, sheet, outcome) or "entry_form" in context):
            context.setdefault("entry_form", entry_form(table, sheet, game_number=editing))
        if can_edit and enough_seats and (sheet.games or not table.is_signed_off):
            context.setdefault("incident_form", incident_form(table, sheet, outcome=outcome))
        if can_enter and not table.is_signed_off and not sheet.games and sheet.seats:
            context.setdefault("draws_form", draws_form(sheet))
        if can_enter and not table.is_signed_off and sheet.games and not outcome.finished:
            next_game = sheet.games_played + 1
            context.setdefault("leave_form", LeaveForm(seats=sheet.seats, next_game=next_game))
            context["returnable"] = [
                seat
                for seat in sheet.seats
                if seat.left_after is not None and seat.left_after >= sheet.games_played
            ]
        if outcome.tied and permissions.is_organiser(self.request.user, table.round.tournament):
            tied = [seat for seat in sheet.seats if seat.letter in outcome.tied]
            context.setdefault(
                "tie_form",
                TieBreakForm(tied=tied, initial={"seat": table.tie_winner, "how": table.tie_break}),
            )
        context["editing_number"] = _form_game_number(context.get("entry_form"), sheet)
        context["correcting"] = bool(
            context.get("entry_form") and context["editing_number"] <= sheet.games_played
        )


def console_context(table: Table, sheet: TableSheet, can_enter: bool, context: dict) -> dict[str, Any]:
    """What the referee's console adds to the page: the tile pad, the turn timer while a game is played,
    and the words and numbers its script needs (views/submit.py takes what it saves)."""
    tournament = table.round.tournament
    ruleset = context["ruleset"]
    playing = can_enter and next_game_open(table, sheet, context["outcome"])
    overtime = next((kind.code for kind in ruleset.incidents if kind.code == "overtime"), "")
    return {
        "timer_seats": [
            {
                "letter": seat.letter,
                "label": f"{seat_label(seat.letter)} {seat.player_name}",
                "short": seat_label(seat.letter),
            }
            for seat in _in_play_order(sheet)
            if seat.plays(sheet.games_played + 1)
        ],
        "pad": pad_layout(ruleset),
        "turn_seconds": turn_seconds(tournament) if playing and overtime else None,
        "overtime_kind": overtime,
        "in_play_number": sheet.games_played + 1 if playing else None,
        "console_words": console_words(),
        "hall_strip_words": strip_words(),
        "games_required": sheet.games_required,
    }


def _in_play_order(sheet: TableSheet) -> list:
    by_letter = {seat.letter: seat for seat in sheet.seats}
    return [by_letter[letter] for letter in sheet.play_order if letter in by_letter]


def _requested_game(raw: str | None, sheet: TableSheet) -> int | None:
    number = parse_number(raw)
    return number if number is not None and sheet.game(number) is not None else None


def _form_game_number(form: Any, sheet: TableSheet) -> int:
    """The game the form is for: a stored one, else the next (also when a forged number names neither)."""
    if form is None:
        return 0
    next_number = sheet.games_played + 1
    number = parse_number(str(form["game_number"].value()))
    return number if number == next_number or (number and sheet.game(number)) else next_number


def _ranks(outcome: TableOutcome, sheet: TableSheet) -> list[str]:
    """The scoresheet's rank row: places at the table, a broken tie included, marked as in the standings."""
    places = outcome.places
    if not places:
        return []
    return [rank_text(*places[seat.letter]) if seat.letter in places else "" for seat in sheet.seats]


def progress_of(table: Table, sheet: TableSheet, outcome: Any) -> TableProgress:
    """The table's status from its sheet, without another query."""
    status = table_status(
        games_played=sheet.games_played,
        finished=outcome.finished,
        signed_off=table.signed_off_at is not None,
        confirmed=table.confirmed_at is not None,
    )
    referee_name = user_name(table.referee)
    return TableProgress(
        table, table.number, referee_name, [], sheet.games_played, sheet.games_required, status
    )


def tile_points(ruleset_key: str | scoring.Ruleset) -> dict[str, int]:
    """Every tile (or card) and what it counts on a rack: the running total as the referee types."""
    deck = scoring.get_ruleset(ruleset_key).deck
    return {token: deck.points(token) for token in deck.all_tokens()}


class SeatUnconfirmed(Exception):
    """A seat the organiser has not yet confirmed over its warnings: its transaction is rolled back."""


class OrganiserTableView(OrganiserMixin, TableSheetView):
    template_name = "referee/organiser/table.html"
    section = "rounds"
    actions = {
        **ResultEntryView.entry_actions,
        "add-seat": "add_seat",
        "remove-seat": "remove_seat",
        "assign-referee": "assign_referee",
        "delete": "delete_table",
        "fix-seat": "fix_seat",
        "void-game": "void_game",
    }

    def load(self, **kwargs: Any) -> None:
        self.table = _load_table(kwargs["pk"], round__tournament=self.tournament)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.setdefault("seat_form", SeatForm(table=self.table))
        context.setdefault(
            "referee_form", RefereeAssignForm(table=self.table, initial={"referee": self.table.referee_id})
        )
        sheet = context["sheet"]
        context["seats_open"] = not self.table.is_signed_off and not sheet.games
        context["seats_full"] = len(sheet.seats) >= self.tournament.table_size
        if sheet.games:
            context.setdefault("seat_fix_form", SeatFixForm(seats=sheet.seats, tournament=self.tournament))
            context.setdefault("void_form", GameVoidForm(games=sheet.games))
        return context

    def fix_seat(self) -> HttpResponse:
        sheet = self.current_sheet()
        form = SeatFixForm(self.request.POST, seats=sheet.seats, tournament=self.tournament)

        def perform(values: dict) -> None:
            seat = self.table.seats.get(letter=values["seat"])
            seat_player_correct(
                actor=self.request.user, seat=seat, player=values["player"], reason=values["reason"]
            )

        return self.run_form(
            "seat_fix_form", form, perform, _("Seat corrected: its games now count for that child.")
        )

    def void_game(self) -> HttpResponse:
        sheet = self.current_sheet()
        form = GameVoidForm(self.request.POST, games=sheet.games)

        def perform(values: dict) -> None:
            game = self.table.games.get(number=values["game"])
            game_void(actor=self.request.user, game=game, reason=values["reason"])

        return self.run_form("void_form", form, perform, _("Game voided: the table plays it again."))

    def add_seat(self) -> HttpResponse:
        """A seat the service refuses says why first; one it would take, beside classmates or for a child
        marked absent, is undone and shown with the warnings until the organiser ticks "all the same"."""
        form = SeatForm(self.request.POST, table=self.table)

        def perform(values: dict) -> None:
            values = {name: value for name, value in values.items() if name != "confirm"}
            with transaction.atomic():
                seat_assign(actor=self.request.user, table=self.table, **values)
                if form.needs_confirmation(seat_warnings(self.table, values["player"])):
                    raise SeatUnconfirmed

        try:
            return self.run_form("seat_form", form, perform, _("Player seated."))
        except SeatUnconfirmed:
            return self.render_to_response(self.get_context_data(seat_form=form))

    def remove_seat(self) -> HttpResponse:
        seat = posted_object(self.request, "seat", self.table.seats.all())
        return self.run_action(lambda: seat_remove(actor=self.request.user, seat=seat), _("Seat cleared."))

    def assign_referee(self) -> HttpResponse:
        def perform(values: dict) -> None:
            table_assign_referee(actor=self.request.user, table=self.table, **values)

        form = RefereeAssignForm(self.request.POST, table=self.table)
        return self.run_form("referee_form", form, perform, _("Referee assigned."))

    def delete_table(self) -> HttpResponse:
        round_url = reverse("organiser:round", args=[self.tournament.slug, self.table.round_id])
        return self.run_action(
            lambda: table_delete(actor=self.request.user, table=self.table),
            _("Table deleted."),
            round_url,
        )


class RefereeTableView(LoginRequiredMixin, TableSheetView):
    """The referee's page at the table: enter each game, record incidents, sign off (or confirm another's)."""

    template_name = "referee/referee/table.html"
    actions = ResultEntryView.entry_actions

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.table = _load_table(kwargs["pk"])
        if not (self.can_enter or permissions.can_view_table(request.user, self.table)):
            raise PermissionDenied(_("This table is not assigned to you."))
        response = super().dispatch(request, *args, **kwargs)
        # The service worker keeps a copy of the page (a reload without network) only while the table is
        # played by whoever enters its results; a signed-off table's copy is dropped (docs/architecture.md).
        table = self.table
        keep = self.can_enter and not table.is_signed_off
        return offline_copy(response, keep=keep and request.method == "GET")
