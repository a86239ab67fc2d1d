"""What the public sees: a tournament's schedule and progress, and the standings once released.

The standings page refreshes itself, so it can stay on a projector in the hall; `?projector=1` shows it in
large type and turns to the next page at each refresh.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from referee import permissions, selectors
from referee.models import Tournament
from referee.views.standings_page import standings_context
from referee.views.standings_tables import PER_PAGE
from referee.wording.figures import rank_text
from referee.wording.names import public_name

TOP_ON_FRONT_PAGE = 10
REFRESH_SECONDS = 60
PROJECTOR_SECONDS = 20
PROJECTOR_ROWS = 15


class PublicTournamentView(TemplateView):
    template_name = "public/tournament.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        context["tournament"] = tournament
        context["rounds"] = selectors.round_counts(tournament)
        context["standings_released"] = permissions.can_view_public_standings(tournament)
        if context["standings_released"]:
            rows = selectors.standings(tournament)
            context["standings"] = [
                {
                    "row": row,
                    "rank": rank_text(row.rank, row.tied),
                    "name": public_name(row.player, tournament.privacy),
                }
                for row in rows[:TOP_ON_FRONT_PAGE]
            ]
            context["more_standings"] = len(rows) > TOP_ON_FRONT_PAGE
        return context


class PublicStandingsView(TemplateView):
    template_name = "public/standings.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        projector = self.request.GET.get("projector") == "1"
        context.update(tournament=tournament, projector=projector, released=tournament.standings_released)
        context["refresh_seconds"] = PROJECTOR_SECONDS if projector else REFRESH_SECONDS
        if tournament.standings_released:
            context.update(
                standings_context(
                    self.request,
                    tournament,
                    final_only=True,
                    namer=lambda player: public_name(player, tournament.privacy),
                    per_page=PROJECTOR_ROWS if projector else PER_PAGE,
                )
            )
            context["refresh_url"] = self._next_page_url(context["standings_table"]) if projector else ""
        return context

    def _next_page_url(self, table: Any) -> str:
        """On the projector each refresh shows the next page, then starts again from the first."""
        query = self.request.GET.copy()
        page = table.page
        query["page"] = str(page.next_page_number() if page and page.has_next() else 1)
        return f"?{query.urlencode()}"
