"""What everyone sees without logging in: each upcoming match day, whether it goes ahead and why."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from referee.models import Tournament
from weather import clock
from weather.models import ScopeChoice, StatusChoice
from weather.selectors import MatchDayStatus, upcoming_statuses


class WeatherIndexView(TemplateView):
    """Tournaments with match days still to come."""

    template_name = "weather/index.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        today = timezone.localdate(clock.now())
        context["tournaments"] = (
            Tournament.objects.filter(rounds__date__gte=today, weather_rule=True).distinct().order_by("name")
        )
        return context


class PublicWeatherView(TemplateView):
    template_name = "weather/public.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament = get_object_or_404(Tournament, slug=kwargs["slug"], weather_rule=True)
        context["tournament"] = tournament
        context["rows"] = upcoming_statuses(tournament, clock.now())
        return context


def _iso(moment: Any) -> str | None:
    return None if moment is None else timezone.localtime(moment).isoformat(timespec="seconds")


def status_row_json(row: MatchDayStatus) -> dict[str, Any]:
    """The JSON shape of one match day; texts in the active language, codes stable."""
    override = row.override
    return {
        "date": row.match_day.day.isoformat(),
        "session_start": row.match_day.session_start.strftime("%H:%M"),
        "status": str(row.decision.status),
        "status_label": str(StatusChoice(row.decision.status.value).label),
        "reason_code": str(row.decision.reason),
        "reason": row.reason,
        "decided_at": _iso(row.decision.decided_at),
        "last_checked": _iso(row.last_checked),
        "cutoff": row.decision.details.get("cutoff"),
        "override": None
        if override is None
        else {"status": override.status, "reason": override.reason, "set_at": _iso(override.set_at)},
        "bureau": [
            {
                "scope": notice.scope,
                "scope_label": str(ScopeChoice(notice.scope).label),
                "suspended": notice.suspended,
                "announced_at": _iso(notice.announced_at),
                "source_url": notice.source_url,
            }
            for notice in row.bureau
        ],
    }


def status_json(request: HttpRequest, slug: str) -> JsonResponse:
    """The public page as JSON; `?lang=en` or `?lang=zh-hant` picks the language of the texts."""
    language = request.GET.get("lang") or translation.get_language()
    if language not in dict(settings.LANGUAGES):
        language = settings.LANGUAGE_CODE
    tournament = Tournament.objects.filter(slug=slug, weather_rule=True).first()
    if tournament is None:
        with translation.override(language):
            error = {"code": "not-found", "message": _("No such tournament.")}
        return JsonResponse({"error": error}, status=404, json_dumps_params={"ensure_ascii": False})
    with translation.override(language):
        rows = upcoming_statuses(tournament, clock.now())
        body = {
            "tournament": {"slug": tournament.slug, "name": tournament.name},
            "language": language,
            "generated_at": _iso(clock.now()),
            "match_days": [status_row_json(row) for row in rows],
        }
    response = JsonResponse(body, json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "max-age=60"
    return response
