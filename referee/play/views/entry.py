"""The table page's work: forms for a game, an incident, the drawn numbers and a tie-break, and their actions.

Every action is one service call; a refusal comes back next to the field it concerns, and the form keeps what
was typed. A save that lost a race with another device says so and keeps the entry, ready to replace the game.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.views import ActionPageView, posted_object
from referee import permissions
from referee.draws.services.seats import seat_draws_record
from referee.models import Incident, Table
from referee.play.forms.incidents import ReasonForm, TieBreakForm, draws_form
from referee.play.forms.table_fixes import LeaveForm
from referee.play.selectors.sheets import TableSheet, table_sheet
from referee.play.services.incidents import incident_remove
from referee.play.services.leaving import seat_leave, seat_return
from referee.play.services.signoff import table_confirm, table_sign_off, table_tie_break_record
from referee.play.views.saving import (
    add_service_error,
    entry_form,
    game_save,
    incident_form,
    incident_save,
    preview_of,
)
from referee.results.previews import restore_preview
from referee.results.table_rules import table_ruleset
from referee.wording.leaving import left_message


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
        "leave-table": "leave_table",
        "return-to-table": "return_to_table",
    }

    def render_page(self, **context: Any) -> HttpResponse:
        return self.render_to_response(self.get_context_data(**context))

    def current_sheet(self) -> TableSheet:
        return table_sheet(self.table)

    def page_url(self, anchor: str = "") -> str:
        return self.request.path + (f"#{anchor}" if anchor else "")

    def save_game(self) -> HttpResponse:
        saved = game_save(self.request, self.table)
        if saved.game is None:
            return self.render_page(
                entry_form=saved.form, sheet=saved.sheet, editing=True, conflict=saved.conflict
            )
        messages.success(self.request, saved.done)
        # "#entry" is the next game's form, or, once no game is left, the page's mark above the scoresheet
        # and its sign-off: the page decides, so the save does not read the sheet again to choose.
        return HttpResponseRedirect(self.page_url("entry"))

    def preview_game(self) -> HttpResponse:
        sheet = self.current_sheet()
        form = entry_form(self.table, sheet, self.request.POST)
        return self.render_page(
            entry_form=form, sheet=sheet, preview=preview_of(self.table, form), editing=True
        )

    def record_incident(self) -> HttpResponse:
        saved = incident_save(self.request, self.table)
        if saved.incident is None:
            return self.render_page(incident_form=saved.form, sheet=saved.sheet)
        messages.success(self.request, _("Incident recorded."))
        return HttpResponseRedirect(self.page_url("incidents"))

    def preview_restore(self) -> HttpResponse:
        sheet = self.current_sheet()
        form = incident_form(self.table, sheet, self.request.POST)
        restored = None
        if form.is_valid():
            try:
                restored = restore_preview(
                    table_ruleset(self.table.round.tournament, len(sheet.seats)),
                    form.cleaned_data["kind"],
                    form.cleaned_data["table_tiles"] or "",
                )
            except ServiceError as error:
                add_service_error(form, error, error.field)
        return self.render_page(incident_form=form, sheet=sheet, restored=restored)

    def remove_incident(self) -> HttpResponse:
        incident = posted_object(self.request, "incident", Incident.objects.filter(table=self.table))
        reason = ReasonForm(self.request.POST)
        reason.is_valid()
        return self.run_action(
            lambda: incident_remove(
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
        form = draws_form(sheet, self.request.POST)
        if form.is_valid():
            try:
                seat_draws_record(
                    actor=self.request.user, table=self.table, numbers=form.numbers(), again=form.again()
                )
            except ServiceError as error:
                add_service_error(form, error, error.field)
            else:
                messages.success(self.request, _("Drawn numbers recorded."))
                return HttpResponseRedirect(self.page_url())
        return self.render_page(draws_form=form, sheet=sheet)

    def leave_table(self) -> HttpResponse:
        sheet = self.current_sheet()
        form = LeaveForm(self.request.POST, seats=sheet.seats, next_game=sheet.games_played + 1)
        if form.is_valid():
            values = form.cleaned_data
            try:
                repairs = seat_leave(
                    actor=self.request.user,
                    seat=self.table.seats.get(letter=values["seat"]),
                    from_game=values["from_game"],
                    reason=values["reason"],
                )
            except ServiceError as error:
                add_service_error(form, error, error.field)
            else:
                messages.success(self.request, left_message(values["seat"], values["from_game"], repairs))
                return HttpResponseRedirect(self.page_url("entry"))
        return self.render_page(leave_form=form, sheet=sheet)

    def return_to_table(self) -> HttpResponse:
        seat = posted_object(self.request, "seat", self.table.seats.filter(left_after__isnull=False))
        return self.run_action(
            lambda: seat_return(actor=self.request.user, seat=seat),
            _("The player is back at the table and plays on."),
        )

    def sign_off(self) -> HttpResponse:
        return self.run_action(
            lambda: table_sign_off(actor=self.request.user, table=self.table),
            _("Table signed off."),
        )

    def confirm(self) -> HttpResponse:
        user = self.request.user
        response = self.run_action(lambda: table_confirm(actor=user, table=self.table), _("Table confirmed."))
        self.table.refresh_from_db()
        if not permissions.can_view_table(user, self.table):
            return HttpResponseRedirect("/")
        return response

    def break_tie(self) -> HttpResponse:
        sheet = self.current_sheet()
        form = TieBreakForm(self.request.POST, tied=sheet.seats)
        if form.is_valid():
            try:
                table_tie_break_record(actor=self.request.user, table=self.table, **form.cleaned_data)
            except ServiceError as error:
                add_service_error(form, error, error.field)
            else:
                messages.success(self.request, _("Tie-break recorded."))
                return HttpResponseRedirect(self.page_url("sheet"))
        return self.render_page(tie_form=form, sheet=sheet)
