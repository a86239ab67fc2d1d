"""Registering schools and players."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import FormView

from core.errors import ServiceError
from core.inputs import parse_number
from core.views import ActionPageView, OrganiserMixin, posted_object, show_error_on_form
from referee.models import Player, School
from referee.people.forms.bulk import PlayersListForm
from referee.people.forms.people import PlayerForm, SchoolForm
from referee.people.services.bulk import players_create_many
from referee.people.services.people import (
    player_create,
    player_delete,
    player_update,
    school_create,
    school_delete,
    school_update,
)
from referee.play.services.withdrawals import player_reinstate


class SchoolsView(OrganiserMixin, ActionPageView):
    template_name = "referee/organiser/schools.html"
    section = "schools"
    actions = {"add": "add_school", "delete": "delete_school"}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.setdefault("school_form", SchoolForm())
        context["schools"] = self.tournament.schools.order_by("code").prefetch_related("players")
        return context

    def add_school(self) -> HttpResponse:
        def perform(values: dict) -> None:
            school_create(actor=self.request.user, tournament=self.tournament, **values)

        return self.run_form("school_form", SchoolForm(self.request.POST), perform, _("School registered."))

    def delete_school(self) -> HttpResponse:
        school = posted_object(self.request, "school", self.tournament.schools.all())
        return self.run_action(
            lambda: school_delete(actor=self.request.user, school=school), _("School deleted.")
        )


class SchoolEditView(OrganiserMixin, FormView):
    template_name = "referee/organiser/edit_form.html"
    form_class = SchoolForm
    section = "schools"

    def load(self, **kwargs: Any) -> None:
        self.school = get_object_or_404(School, pk=kwargs["pk"], tournament=self.tournament)

    def get_initial(self) -> dict[str, Any]:
        return {"name_zh": self.school.name_zh, "name_en": self.school.name_en, "code": self.school.code}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["heading"] = _("Edit school")
        context["back_url"] = reverse("organiser:schools", args=[self.tournament.slug])
        return context

    def form_valid(self, form: SchoolForm) -> HttpResponse:
        try:
            school_update(actor=self.request.user, school=self.school, **form.cleaned_data)
        except ServiceError as error:
            show_error_on_form(form, error)
            return self.form_invalid(form)
        messages.success(self.request, _("School saved."))
        return HttpResponseRedirect(reverse("organiser:schools", args=[self.tournament.slug]))


class PlayersView(OrganiserMixin, ActionPageView):
    template_name = "referee/organiser/players.html"
    section = "players"
    actions = {
        "add": "add_player",
        "add-many": "add_players",
        "delete": "delete_player",
        "mark-back": "mark_back",
    }

    def chosen_school(self) -> School | None:
        """The last registration's school stays chosen (?school=): a list is typed school by school."""
        key = parse_number(self.request.GET.get("school"))
        return self.tournament.schools.filter(pk=key).first() if key else None

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        initial = {"school": self.chosen_school()}
        context.setdefault("player_form", PlayerForm(tournament=self.tournament, initial=initial))
        context.setdefault("list_form", PlayersListForm(tournament=self.tournament, initial=initial))
        context["players"] = self.tournament.players.select_related("school").order_by("number")
        context["has_schools"] = self.tournament.schools.exists()
        return context

    def add_player(self) -> HttpResponse:
        def perform(values: dict) -> None:
            player_create(actor=self.request.user, tournament=self.tournament, **values)

        form = PlayerForm(self.request.POST, tournament=self.tournament)
        return self.run_form("player_form", form, perform, _("Player registered."))

    def add_players(self) -> HttpResponse:
        def perform(values: dict) -> None:
            added = players_create_many(actor=self.request.user, tournament=self.tournament, **values)
            self.added = len(added)

        form = PlayersListForm(self.request.POST, tournament=self.tournament)
        self.added = 0
        response = self.run_form("list_form", form, perform, _("Players registered."))
        return response

    def success_url(self) -> str:
        """Back at the same school after adding players."""
        school = parse_number(self.request.POST.get("school"))
        if not school:
            return self.request.path
        form = "player-list-form" if self.request.POST.get("action") == "add-many" else "player-form"
        return f"{self.request.path}?school={school}#{form}"

    def mark_back(self) -> HttpResponse:
        """A player who withdrew or left a table comes back: drawn again from the next draw on."""
        player = posted_object(self.request, "player", self.tournament.players.all())
        return self.run_action(
            lambda: player_reinstate(actor=self.request.user, player=player),
            _("#%(number)d %(name)s is marked back: the next draws seat them again.")
            % {"number": player.number, "name": player.display_name},
        )

    def delete_player(self) -> HttpResponse:
        player = posted_object(self.request, "player", self.tournament.players.all())
        return self.run_action(
            lambda: player_delete(actor=self.request.user, player=player), _("Player deleted.")
        )


class PlayerEditView(OrganiserMixin, FormView):
    template_name = "referee/organiser/edit_form.html"
    section = "players"

    def load(self, **kwargs: Any) -> None:
        self.player = get_object_or_404(Player, pk=kwargs["pk"], tournament=self.tournament)

    def get_form(self, form_class=None) -> PlayerForm:
        return PlayerForm(tournament=self.tournament, **self.get_form_kwargs())

    def get_initial(self) -> dict[str, Any]:
        player = self.player
        return {
            "name_zh": player.name_zh,
            "name_en": player.name_en,
            "school": player.school_id,
            "class_name": player.class_name,
            "school_number": player.school_number,
            "number": player.number,
        }

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["heading"] = _("Edit player")
        context["back_url"] = reverse("organiser:players", args=[self.tournament.slug])
        return context

    def form_valid(self, form: PlayerForm) -> HttpResponse:
        values = dict(form.cleaned_data)
        if values["number"] is None:
            values["number"] = self.player.number
        try:
            player_update(actor=self.request.user, player=self.player, **values)
        except ServiceError as error:
            show_error_on_form(form, error)
            return self.form_invalid(form)
        messages.success(self.request, _("Player saved."))
        return HttpResponseRedirect(reverse("organiser:players", args=[self.tournament.slug]))
