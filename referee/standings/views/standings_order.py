"""How the standings rank players: the keys in order (fixed once play starts) and the organisers' decision
over a tie."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _

from core.views import ActionPageView, OrganiserMixin
from referee.models import Game
from referee.results.ranking import standings_order
from referee.standings.forms.standings import KEY_FIELDS, StandingsDecisionForm, StandingsOrderForm
from referee.standings.services.standings import standings_decision_record, tournament_standings_order_set
from referee.wording.standings_order import order_text


class StandingsOrderView(OrganiserMixin, ActionPageView):
    template_name = "referee/organiser/standings_order.html"
    section = "standings"
    actions = {"order": "set_order", "decide": "record_decision"}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        order = standings_order(self.tournament)
        context["order_text"] = order_text(order)
        context["play_started"] = Game.objects.filter(table__round__tournament=self.tournament).exists()
        initial = {f"key_{index}": key for index, key in enumerate(order[:KEY_FIELDS], start=1)}
        context.setdefault("order_form", StandingsOrderForm(initial=initial))
        context.setdefault("decision_form", StandingsDecisionForm())
        return context

    def set_order(self) -> HttpResponse:
        form = StandingsOrderForm(self.request.POST)

        def perform(values: dict) -> None:
            tournament_standings_order_set(
                actor=self.request.user, tournament=self.tournament, keys=form.keys()
            )

        return self.run_form("order_form", form, perform, _("Standings order saved."))

    def record_decision(self) -> HttpResponse:
        def perform(values: dict) -> None:
            standings_decision_record(
                actor=self.request.user,
                tournament=self.tournament,
                numbers=values["numbers"],
                reason=values["reason"],
            )

        return self.run_form(
            "decision_form", StandingsDecisionForm(self.request.POST), perform, _("Decision recorded.")
        )
