"""An organiser's tournaments: the list, creating one, its dashboard and its settings."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import FormView, TemplateView

from core.errors import ServiceError
from core.views import OrganiserMixin, show_error_on_form
from referee import permissions
from referee.play.selectors.progress import tournament_progress
from referee.privacy.retention import retention_of
from referee.results.table_rules import TableStatus
from referee.tournaments.forms.tournaments import TournamentCreateForm, TournamentSettingsForm
from referee.tournaments.selectors.tournaments import organiser_tournaments
from referee.tournaments.services.tournaments import tournament_create, tournament_update
from referee.wording.codes import ruleset_choices


class TournamentListView(LoginRequiredMixin, TemplateView):
    template_name = "referee/organiser/tournament_list.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["rows"] = organiser_tournaments(self.request.user)
        context["can_create"] = permissions.can_create_tournament(self.request.user)
        context["has_tables"] = self.request.user.refereed_tables.exists()
        return context


class TournamentCreateView(LoginRequiredMixin, FormView):
    template_name = "referee/organiser/tournament_form.html"
    form_class = TournamentCreateForm

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated and not permissions.can_create_tournament(request.user):
            raise PermissionDenied(_("You are not allowed to create tournaments."))
        return super().dispatch(request, *args, **kwargs)

    def chosen_ruleset(self) -> str:
        """The ruleset the form is laid out for: the one posted, else `?ruleset=`, else the school rules."""
        data = self.request.POST if self.request.method == "POST" else self.request.GET
        chosen = data.get("ruleset", "")
        return chosen if chosen in {key for key, _label in ruleset_choices()} else "hk-school"

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "ruleset": self.chosen_ruleset()}

    def get_initial(self) -> dict[str, Any]:
        return {
            "shared_win_credit": "full",
            "privacy": "initials",
            "language": "zh-hant",
            "ruleset": self.chosen_ruleset(),
        }

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["rulesets"] = ruleset_choices()
        context["chosen_ruleset"] = self.chosen_ruleset()
        return context

    def form_valid(self, form: TournamentCreateForm) -> HttpResponse:
        try:
            tournament = tournament_create(actor=self.request.user, **form.cleaned_data)
        except ServiceError as error:
            show_error_on_form(form, error)
            return self.form_invalid(form)
        messages.success(self.request, _("Tournament created. Register its schools next."))
        return HttpResponseRedirect(reverse("organiser:dashboard", args=[tournament.slug]))


class TournamentDashboardView(OrganiserMixin, TemplateView):
    template_name = "referee/organiser/dashboard.html"
    section = "dashboard"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        rounds = tournament_progress(self.tournament)
        context["rounds"] = rounds
        context["statuses"] = [
            (status, sum(round_.count(status) for round_ in rounds)) for status in TableStatus
        ]
        context["school_count"] = self.tournament.schools.count()
        context["player_count"] = self.tournament.players.count()
        context["referee_count"] = self.tournament.referees.count()
        return context


class TournamentSettingsView(OrganiserMixin, FormView):
    template_name = "referee/organiser/settings.html"
    form_class = TournamentSettingsForm
    section = "settings"

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "ruleset": self.tournament.ruleset}

    def get_initial(self) -> dict[str, Any]:
        names = TournamentSettingsForm.base_fields.keys()
        return {name: getattr(self.tournament, name) for name in names}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["retention"] = retention_of(self.tournament)
        return context

    def form_valid(self, form: TournamentSettingsForm) -> HttpResponse:
        try:
            tournament_update(actor=self.request.user, tournament=self.tournament, **form.cleaned_data)
        except ServiceError as error:
            show_error_on_form(form, error)
            return self.form_invalid(form)
        messages.success(self.request, _("Settings saved."))
        return HttpResponseRedirect(self.request.path)
