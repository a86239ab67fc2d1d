"""What the public sees: a tournament's schedule and progress, and the standings once released."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from referee import permissions, selectors
from referee.match import TableStatus
from referee.models import Tournament
from referee.names import public_name


class PublicTournamentView(TemplateView):
    template_name = "public/tournament.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        rounds = selectors.tournament_progress(tournament)
        context["tournament"] = tournament
        context["rounds"] = [
            {
                "round": round_progress.round,
                "table_count": len(round_progress.tables),
                "done_count": sum(
                    1
                    for t in round_progress.tables
                    if t.status in (TableStatus.SIGNED_OFF, TableStatus.CONFIRMED)
                ),
            }
            for round_progress in rounds
        ]
        context["standings_released"] = permissions.can_view_public_standings(tournament)
        if context["standings_released"]:
            context["standings"] = [
                {"row": row, "name": public_name(row.player, tournament.privacy)}
                for row in selectors.standings(tournament)
            ]
        return context
