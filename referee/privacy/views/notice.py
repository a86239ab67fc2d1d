"""A tournament's privacy notice for parents and schools, in the page's language; linked from the footer of
every page of the tournament, the player cards, the import page and the schools' files."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.views.generic import TemplateView

from referee.models import Tournament
from referee.privacy.notice import LANGUAGES, privacy_notice


class PrivacyNoticeView(TemplateView):
    template_name = "referee/privacy_notice.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        language = get_language() if get_language() in LANGUAGES else "zh-hant"
        context["tournament"] = tournament
        context["notice"] = privacy_notice(tournament, language)
        return context
