"""The table page's work: forms for a game, an incident, the drawn numbers and a tie-break, and their actions.

Every action is one service call; a refusal comes back next to the field it concerns, and the form keeps what
was typed. A save that lost a race with another device says so and keeps the entry, ready to replace the game.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.forms import Form
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _

import scoring
from core.errors import ServiceError
from core.views import ActionPageView, posted_object
from referee import permissions, selectors, services
from referee.forms.entry import GameEntryForm, initial_for_game, new_submission_key
from referee.forms.incidents import DrawsForm, IncidentForm, ReasonForm, TieBreakForm
from referee.models import Game, Incident, Table
from referee.results.previews import game_preview, restore_preview
from referee.selectors.sheets import TableSheet

RACED = ("stale", "exists")


def entry_form(
    table: Table, sheet: TableSheet, data: Any = None, game_number: int | None = None
) -> GameEntryForm:
    """A bound form for a post; else a blank one for the next game, or one holding game `game_number`."""
    ruleset = scoring.get_ruleset(table.round.tournament.ruleset)
    if data is not None:
        return GameEntryForm(data, seats=sheet.seats, ruleset=ruleset)
    stored = sheet.game(game_number) if game_number else None
    if stored is not None:
        initial = initial_for_game(stored, sheet.seats)
    else:
        initial = {"game_number": sheet.games_played + 1}
    initial["submission"] = new_submission_key()
    return GameEntryForm(initial=initial, seats=sheet.seats, ruleset=ruleset)


def incident_form(table: Table, sheet: TableSheet, data: Any = None) -> IncidentForm:
    return IncidentForm(
        data,
        seats=sheet.seats,
        game_numbers=[game.number for game in sheet.games],
        ruleset_key=table.round.tournament.ruleset,
    )


def add_service_error(form: Form, error: ServiceError, field: str | None) -> None:
    if error.code == "forbidden":
        raise PermissionDenied(str(error))
    form.add_error(field if field in form.fields else None, str(error.message))


class ResultEntryView(ActionPageView):
    """Actions of the table page shared by referees and organisers; subclasses build the page around them."""

    table: Table
    entry_actions = {
        "save-game": "save_game",
        "preview-game": "preview_game",
        "record-incident": "record_incident",
        "preview-restore": "preview_restore",
        "remove-incident": "remove_incident",
        "record-draws": "record_draws",
        "sign-off": "sign_off",
        "confirm": "confirm",
        "tie-break": "break_tie",
    }

    def render_page(self, **context: Any) -> HttpResponse:
        return self.render_to_response(self.get_context_data(**context))

    def current_sheet(self) -> TableSheet:
        return selectors.table_sheet(self.table)

    def page_url(self, anchor: str = "") -> str:
        return self.request.path + (f"#{anchor}" if anchor else "")

    def save_game(self) -> HttpResponse:
        sheet = self.current_sheet()
        form = entry_form(self.table, sheet, self.request.POST)
        if not form.is_valid():
            return self.render_page(entry_form=form, sheet=sheet, editing=True)
        values = form.cleaned_data
        try:
            game = services.game_result_submit(
                actor=self.request.user,
                table=self.table,
                game_number=values["game_number"],
                ending=values["ending"],
                hands=form.hand_facts(),
                expected_version=values.get("version"),
                reason=values.get("reason") or "",
                submission=values.get("submission") or "",
            )
        except ServiceError as error:
            if error.code in RACED:
                return self._raced(error, values["game_number"])
            add_service_error(form, error, form.field_for(error.field, error.code))
            return self.render_page(entry_form=form, editing=True)
        done = _("Game %(number)d saved.") if game.version == 1 else _("Game %(number)d corrected.")
        messages.success(self.request, done % {"number": game.number})
        return HttpResponseRedirect(self.page_url("sheet"))

    def _raced(self, error: ServiceError, number: int) -> HttpResponse:
        """Another device saved this game first: keep the entry, now aimed at the version just saved."""
        data = self.request.POST.copy()
        current = Game.objects.filter(table=self.table, number=number).first()
        data["version"] = str(current.version) if current else ""
        data["submission"] = new_submission_key()
        form = entry_form(self.table, self.current_sheet(), data)
        form.is_valid()
        keep = _("Your entry is kept below. Check the scoresheet; saving again replaces the saved game.")
        form.add_error(None, f"{error.message} {keep}")
        return self.render_page(entry_form=form, editing=True)

    def preview_game(self) -> HttpResponse:
        sheet = self.current_sheet()
        form = entry_form(self.table, sheet, self.request.POST)
        return self.render_page(
            entry_form=form, sheet=sheet, preview=preview_of(self.table, form), editing=True
        )

    def record_incident(self) -> HttpResponse:
        sheet = self.current_sheet()
        form = incident_form(self.table, sheet, self.request.POST)
        if form.is_valid() and form.cleaned_data.get("game") is None:
            form.add_error("game", _("Save the game's result first, then record its incidents."))
        if form.is_valid():
            values = form.cleaned_data
            try:
                services.incident_record(
                    actor=self.request.user,
                    game=self.table.games.get(number=values["game"]),
                    seat=self.table.seats.filter(letter=values["seat"]).first(),
                    kind=values["kind"],
                    tiles_left_over=values.get("tiles_left_over"),
                    table_tiles=values.get("table_tiles") or "",
                    note=values.get("note") or "",
                    reason=values.get("reason") or "",
                )
            except ServiceError as error:
                add_service_error(form, error, error.field)
            else:
                messages.success(self.request, _("Incident recorded."))
                return HttpResponseRedirect(self.page_url("incidents"))
        return self.render_page(incident_form=form, sheet=sheet)

    def preview_restore(self) -> HttpResponse:
        sheet = self.current_sheet()
        form = incident_form(self.table, sheet, self.request.POST)
        restored = None
        if form.is_valid():
            try:
                restored = restore_preview(
                    self.table.round.tournament.ruleset,
                    form.cleaned_data["kind"],
                    form.cleaned_data["table_tiles"] or "",
                )
            except ServiceError as error:
                add_service_error(form, error, error.field)
        return self.render_page(incident_form=form, sheet=sheet, restored=restored)

    def remove_incident(self) -> HttpResponse:
        incident = posted_object(self.request, "incident", Incident.objects.filter(game__table=self.table))
        reason = ReasonForm(self.request.POST)
        reason.is_valid()
        return self.run_action(
            lambda: services.incident_remove(
                actor=self.request.user,
                incident=incident,
                reason=reason.cleaned_data.get("reason") or "",
            ),
            _("Incident removed."),
        )

    def record_draws(self) -> HttpResponse:
        sheet = self.current_sheet()
        if sheet.games:
            # The form left the page with the first game, so a refusal shown on it would go unseen.
            messages.error(self.request, _("The drawn numbers are fixed once the first game is recorded."))
            return HttpResponseRedirect(self.page_url())
        form = DrawsForm(self.request.POST, seats=sheet.seats)
        if form.is_valid():
            try:
                services.seat_draws_record(actor=self.request.user, table=self.table, numbers=form.numbers())
            except ServiceError as error:
                add_service_error(form, error, error.field)
            else:
                messages.success(self.request, _("Drawn numbers recorded."))
                return HttpResponseRedirect(self.page_url())
        return self.render_page(draws_form=form, sheet=sheet)

    def sign_off(self) -> HttpResponse:
        return self.run_action(
            lambda: services.table_sign_off(actor=self.request.user, table=self.table),
            _("Table signed off."),
        )

    def confirm(self) -> HttpResponse:
        user = self.request.user
        response = self.run_action(
            lambda: services.table_confirm(actor=user, table=self.table), _("Table confirmed.")
        )
        self.table.refresh_from_db()
        if not permissions.can_view_table(user, self.table):
            return HttpResponseRedirect("/")
        return response

    def break_tie(self) -> HttpResponse:
        sheet = self.current_sheet()
        form = TieBreakForm(self.request.POST, tied=sheet.seats)
        if form.is_valid():
            try:
                services.table_tie_break_record(
                    actor=self.request.user, table=self.table, **form.cleaned_data
                )
            except ServiceError as error:
                add_service_error(form, error, error.field)
            else:
                messages.success(self.request, _("Tie-break recorded."))
                return HttpResponseRedirect(self.page_url("sheet"))
        return self.render_page(tie_form=form, sheet=sheet)


def preview_of(table: Table, form: GameEntryForm) -> Any:
    """The engine's scores for a valid form, or None with the refusal added to the form."""
    if not form.is_valid():
        return None
    try:
        names = {seat.letter: seat.player_name for seat in form.seats}
        return game_preview(
            table.round.tournament.ruleset, names, form.cleaned_data["ending"], form.hand_facts()
        )
    except ServiceError as error:
        add_service_error(form, error, form.field_for(error.field, error.code))
        return None
