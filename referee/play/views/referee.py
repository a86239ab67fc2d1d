"""The referee's landing page: their tables, soonest first."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import HttpRequest, HttpResponse
from django.views.generic import TemplateView

from referee.play.selectors.progress import referee_tables, tables_to_confirm
from referee.play.views.offline import offline_copy


class MyTablesView(LoginRequiredMixin, TemplateView):
    template_name = "referee/referee/my_tables.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["tables"] = referee_tables(self.request.user)
        context["to_confirm"] = tables_to_confirm(self.request.user)
        context["door_tournaments"] = self.request.user.refereed_tournaments.order_by("name")
        return context

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """Kept on the phone by the service worker, so the list opens without network too."""
        response = super().get(request, *args, **kwargs)
        response.render()
        return offline_copy(response, keep=True)
