"""Rounds and their tables."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Exists, OuterRef
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from core.views import ActionPageView, OrganiserMixin, posted_object
from referee.models import Game, Round
from referee.people.forms.bulk import TablesCountForm
from referee.people.services.bulk import tables_create_many
from referee.play.selectors.progress import round_progress
from referee.tournaments.forms.schedule import RoundForm, TableForm
from referee.tournaments.services.schedule import (
    round_create,
    round_delete,
    round_update,
    table_create,
    table_delete,
)


class RoundsView(OrganiserMixin, ActionPageView):
    template_name = "referee/organiser/rounds.html"
    section = "rounds"
    actions = {"add": "add_round", "delete": "delete_round"}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.setdefault("round_form", RoundForm())
        context["rounds"] = self.tournament.rounds.annotate(
            table_count=Count("tables"), has_games=Exists(Game.objects.filter(table__round=OuterRef("pk")))
        ).order_by("order")
        return context

    def add_round(self) -> HttpResponse:
        def perform(values: dict) -> None:
            round_create(actor=self.request.user, tournament=self.tournament, **values)

        return self.run_form("round_form", RoundForm(self.request.POST), perform, _("Round added."))

    def delete_round(self) -> HttpResponse:
        round_ = posted_object(self.request, "round", self.tournament.rounds.all())
        return self.run_action(
            lambda: round_delete(actor=self.request.user, round_=round_), _("Round deleted.")
        )


class RoundView(OrganiserMixin, ActionPageView):
    """One round: its details, its tables with their seats and progress, and a form to add tables."""

    template_name = "referee/organiser/round.html"
    section = "rounds"
    actions = {
        "edit": "edit_round",
        "add-table": "add_table",
        "add-tables": "add_tables",
        "delete-table": "delete_table",
    }

    def load(self, **kwargs: Any) -> None:
        self.round = get_object_or_404(Round, pk=kwargs["pk"], tournament=self.tournament)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        round_ = self.round
        context["round"] = round_
        context.setdefault(
            "round_form",
            RoundForm(
                initial={
                    "name": round_.name,
                    "date": round_.date,
                    "start_time": round_.start_time,
                    "order": round_.order,
                    "is_final": round_.is_final,
                }
            ),
        )
        context.setdefault("table_form", TableForm())
        context.setdefault("tables_form", TablesCountForm())
        context["tables"] = round_progress(round_).tables
        return context

    def edit_round(self) -> HttpResponse:
        def perform(values: dict) -> None:
            round_update(actor=self.request.user, round_=self.round, **values)

        return self.run_form("round_form", RoundForm(self.request.POST), perform, _("Round saved."))

    def add_table(self) -> HttpResponse:
        def perform(values: dict) -> None:
            table_create(actor=self.request.user, round_=self.round, **values)

        return self.run_form("table_form", TableForm(self.request.POST), perform, _("Table added."))

    def add_tables(self) -> HttpResponse:
        def perform(values: dict) -> None:
            tables_create_many(actor=self.request.user, round_=self.round, count=values["count"])

        return self.run_form("tables_form", TablesCountForm(self.request.POST), perform, _("Tables added."))

    def delete_table(self) -> HttpResponse:
        table = posted_object(self.request, "table", self.round.tables.all())
        return self.run_action(
            lambda: table_delete(actor=self.request.user, table=table), _("Table deleted.")
        )

    def success_url(self) -> str:
        return reverse("organiser:round", args=[self.tournament.slug, self.round.pk])
