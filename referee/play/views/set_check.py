"""The set checker, reachable from a table's page: the referee (or an organiser) types a disputed set and
reads whether the rules accept it, what each joker stands for and what the set is worth, or why it is refused.

A plain GET form, so it works without JavaScript; the tile pad helps where scripts run. Nothing is saved."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from core.views import OrganiserMixin
from referee import permissions
from referee.models import Table
from referee.play.forms.pad import pad_layout
from referee.play.forms.set_check import SetCheckForm
from referee.results.set_check import check_set
from referee.results.table_rules import table_ruleset
from referee.wording.console import console_words


class SetCheckView(TemplateView):
    template_name = "referee/set_check.html"
    http_method_names = ["get", "head", "options"]
    table: Table

    def table_url(self) -> str:
        raise NotImplementedError

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        table = self.table
        tournament = table.round.tournament
        ruleset = table_ruleset(tournament, table.seats.count())
        if not ruleset.is_rummikub:
            raise Http404(_("This ruleset has no sets of tiles."))
        asked = "tiles" in self.request.GET
        form = SetCheckForm(self.request.GET if asked else None, ruleset=ruleset)
        context.update(
            table=table,
            tournament=tournament,
            ruleset=ruleset,
            form=form,
            checked=check_set(ruleset, form.cleaned_data["tiles"]) if asked and form.is_valid() else None,
            table_url=self.table_url(),
            pad=pad_layout(ruleset),
            console_words=console_words(),
        )
        return context


class RefereeSetCheckView(LoginRequiredMixin, SetCheckView):
    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.table = get_object_or_404(Table.objects.select_related("round__tournament"), pk=kwargs["pk"])
        if not permissions.can_view_table(request.user, self.table):
            raise PermissionDenied(_("This table is not assigned to you."))
        return super().dispatch(request, *args, **kwargs)

    def table_url(self) -> str:
        return reverse("referee:table", args=[self.table.pk])


class OrganiserSetCheckView(OrganiserMixin, SetCheckView):
    section = "rounds"

    def load(self, **kwargs: Any) -> None:
        tables = Table.objects.select_related("round__tournament")
        self.table = get_object_or_404(tables, pk=kwargs["pk"], round__tournament=self.tournament)

    def table_url(self) -> str:
        return reverse("organiser:table", args=[self.tournament.slug, self.table.pk])
