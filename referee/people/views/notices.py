"""Ready-to-send notices for schools: one text per school, both languages, with a copy button."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.views.generic import TemplateView

from core.views import OrganiserMixin
from referee.people.selectors.school_notices import school_notices
from referee.wording.school_notices import notice_text


class NoticesView(OrganiserMixin, TemplateView):
    template_name = "referee/organiser/notices.html"
    section = "hall"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        slug = self.tournament.slug
        links = {
            "find": self.request.build_absolute_uri(reverse("public:find_table", args=[slug])),
            "tournament": self.request.build_absolute_uri(reverse("public:tournament", args=[slug])),
        }
        context["notices"] = [
            (notice, notice_text(self.tournament, notice, links))
            for notice in school_notices(self.tournament)
        ]
        return context
