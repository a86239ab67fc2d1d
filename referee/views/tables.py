"""A table's page: one base view for the scoresheet, thin subclasses for the organiser and the referee."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from referee import permissions, selectors, services
from referee.engine import decide_table
from referee.errors import ServiceError
from referee.forms import RefereeAssignForm, SeatForm
from referee.models import Table
from referee.views.base import ActionPageView, OrganiserMixin, posted_object


def _load_table(pk: int, **filters: Any) -> Table:
    queryset = Table.objects.select_related("round__tournament", "referee", "signed_off_by", "confirmed_by")
    return get_object_or_404(queryset, pk=pk, **filters)


class TableSheetView(ActionPageView):
    """The scoresheet, its totals and the engine's verdict; subclasses decide who may see and act."""

    table: Table

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        table = self.table
        sheet = selectors.table_sheet(table)
        match = self._match(table, sheet.games_played)
        ranks = {player.seat: player.rank for player in match.players} if match else {}
        names = {seat.letter: seat.player_name for seat in sheet.seats}
        context.update(
            table=table,
            tournament=table.round.tournament,
            sheet=sheet,
            progress=selectors.table_progress(table),
            match=match,
            ranks=[ranks.get(seat.letter) for seat in sheet.seats] if ranks else [],
            winner_name=names.get(match.winner, "") if match and match.winner else "",
            can_sign_off=permissions.can_enter_results(self.request.user, table) and not table.is_signed_off,
        )
        return context

    @staticmethod
    def _match(table: Table, games_played: int) -> Any:
        if not games_played:
            return None
        try:
            return decide_table(table)
        except ServiceError:
            return None

    def sign_off(self) -> HttpResponse:
        return self.run_action(
            lambda: services.table_sign_off(actor=self.request.user, table=self.table), _("Table signed off.")
        )


class OrganiserTableView(OrganiserMixin, TableSheetView):
    template_name = "referee/organiser/table.html"
    section = "rounds"
    actions = {
        "add-seat": "add_seat",
        "remove-seat": "remove_seat",
        "assign-referee": "assign_referee",
        "sign-off": "sign_off",
        "confirm": "confirm",
        "delete": "delete_table",
    }

    def load(self, **kwargs: Any) -> None:
        self.table = _load_table(kwargs["pk"], round__tournament=self.tournament)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.setdefault("seat_form", SeatForm(table=self.table))
        context.setdefault(
            "referee_form", RefereeAssignForm(table=self.table, initial={"referee": self.table.referee_id})
        )
        context["history"] = selectors.table_history(self.table)
        context["seats_open"] = not self.table.is_signed_off and not context["sheet"].games
        return context

    def add_seat(self) -> HttpResponse:
        def perform(values: dict) -> None:
            services.seat_assign(actor=self.request.user, table=self.table, **values)

        form = SeatForm(self.request.POST, table=self.table)
        return self.run_form("seat_form", form, perform, _("Player seated."))

    def remove_seat(self) -> HttpResponse:
        seat = posted_object(self.request, "seat", self.table.seats.all())
        return self.run_action(
            lambda: services.seat_remove(actor=self.request.user, seat=seat), _("Seat cleared.")
        )

    def assign_referee(self) -> HttpResponse:
        def perform(values: dict) -> None:
            services.table_assign_referee(actor=self.request.user, table=self.table, **values)

        form = RefereeAssignForm(self.request.POST, table=self.table)
        return self.run_form("referee_form", form, perform, _("Referee assigned."))

    def confirm(self) -> HttpResponse:
        return self.run_action(
            lambda: services.table_confirm(actor=self.request.user, table=self.table), _("Table confirmed.")
        )

    def delete_table(self) -> HttpResponse:
        round_url = reverse("organiser:round", args=[self.tournament.slug, self.table.round_id])
        return self.run_action(
            lambda: services.table_delete(actor=self.request.user, table=self.table),
            _("Table deleted."),
            round_url,
        )


class RefereeTableView(LoginRequiredMixin, TableSheetView):
    """The referee's view of one of their tables (result entry is built on `game_result_submit`)."""

    template_name = "referee/referee/table.html"
    actions = {"sign-off": "sign_off"}

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.table = _load_table(kwargs["pk"])
        if not permissions.can_view_table(request.user, self.table):
            raise PermissionDenied(_("This table is not assigned to you."))
        return super().dispatch(request, *args, **kwargs)
