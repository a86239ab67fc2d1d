"""The organiser's standings: final results, or provisional ones including tables still in play."""

from __future__ import annotations

from typing import Any

from django.views.generic import TemplateView

from core.views import OrganiserMixin
from referee.standings.selectors.held_results import held_rounds
from referee.standings.views.page import standings_context
from referee.wording.names import numbered_name


class StandingsView(OrganiserMixin, TemplateView):
    template_name = "referee/organiser/standings.html"
    section = "standings"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        provisional = self.request.GET.get("include") == "unsigned"
        context["provisional"] = provisional
        context["held_from_public"] = held_rounds(self.tournament)
        context.update(
            standings_context(
                self.request,
                self.tournament,
                final_only=not provisional,
                namer=numbered_name,
            )
        )
        return context
