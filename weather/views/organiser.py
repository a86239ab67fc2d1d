"""The organiser's weather page: bureau announcements, overrides set or cleared, the readings' history."""

from __future__ import annotations

import string
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from core.views import ActionPageView, OrganiserMixin, posted_object
from weather import clock, services
from weather.forms import BureauAnnouncementForm, ClearOverrideForm, OverrideForm
from weather.models import BureauAnnouncement, Feed
from weather.schedule import readings_stopped
from weather.selectors import (
    describe_snapshot,
    match_days,
    override_history,
    recent_bureau_announcements,
    snapshot_history,
    upcoming_statuses,
)

SNAPSHOTS_PER_PAGE = 50


def day_auto_id(day: str) -> str:
    """Each match day has its own override form: keep their field ids apart."""
    safe = "".join(ch for ch in day if ch in string.digits)
    return f"id_override_{safe}_%s"


class WeatherRuleMixin(OrganiserMixin):
    """The weather pages of a tournament that follows the weather rule; others have none (404)."""

    def load(self, **kwargs: Any) -> None:
        super().load(**kwargs)
        if not self.tournament.weather_rule:
            raise Http404(_("This tournament does not follow the weather rule."))


class WeatherManageView(WeatherRuleMixin, ActionPageView):
    template_name = "weather/manage.html"
    section = "weather"
    actions = {
        "bureau-record": "record_bureau",
        "bureau-delete": "delete_bureau",
        "override-set": "set_override",
        "override-clear": "clear_override",
    }

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        rows = upcoming_statuses(self.tournament, clock.now())
        bound: OverrideForm | None = context.get("override_form")
        bound_day = bound.data.get("day") if bound is not None else None
        context["days"] = [
            {
                "row": row,
                "override_form": bound
                if bound_day == row.match_day.day.isoformat()
                else OverrideForm(
                    initial={"day": row.match_day.day}, auto_id=day_auto_id(row.match_day.day.isoformat())
                ),
                "clear_form": ClearOverrideForm(initial={"day": row.match_day.day}, auto_id=False),
            }
            for row in rows
        ]
        context.setdefault(
            "bureau_form", BureauAnnouncementForm(match_dates=[row.match_day.day for row in rows])
        )
        context["announcements"] = recent_bureau_announcements(self.tournament)
        context["overrides"] = override_history(self.tournament)
        context["readings_stopped"] = readings_stopped(self.tournament, clock.now())
        return context

    def record_bureau(self) -> HttpResponse:
        def perform(values: dict[str, Any]) -> None:
            services.bureau_announcement_record(actor=self.request.user, tournament=self.tournament, **values)

        form = BureauAnnouncementForm(self.request.POST)
        return self.run_form("bureau_form", form, perform, _("Education Bureau announcement recorded."))

    def delete_bureau(self) -> HttpResponse:
        queryset = BureauAnnouncement.objects.filter(tournament=self.tournament)
        announcement = posted_object(self.request, "announcement", queryset)
        return self.run_action(
            lambda: services.bureau_announcement_delete(actor=self.request.user, announcement=announcement),
            _("Announcement deleted."),
        )

    def set_override(self) -> HttpResponse:
        today = timezone.localdate(clock.now())
        days_to_come = {row.day.isoformat() for row in match_days(self.tournament, from_date=today)}
        if self.request.POST.get("day") not in days_to_come:
            messages.error(self.request, _("This day is no longer a match day: reload the page."))
            return HttpResponseRedirect(self.success_url())
        form = OverrideForm(self.request.POST, auto_id=day_auto_id(self.request.POST.get("day", "")))

        def perform(values: dict[str, Any]) -> None:
            services.override_set(
                actor=self.request.user,
                tournament=self.tournament,
                day=values["day"],
                status=values["status"],
                reason=values["reason"],
            )

        return self.run_form(
            "override_form", form, perform, _("Override saved: it is shown on the public page.")
        )

    def clear_override(self) -> HttpResponse:
        form = ClearOverrideForm(self.request.POST)
        if not form.is_valid():
            messages.error(self.request, _("Nothing to clear."))
            return HttpResponseRedirect(self.success_url())

        def perform() -> None:
            services.override_clear(
                actor=self.request.user, tournament=self.tournament, day=form.cleaned_data["day"]
            )

        return self.run_action(perform, _("Override cleared: the rule decides again."))


class SnapshotHistoryView(WeatherRuleMixin, TemplateView):
    """Every stored reading, newest first, with what it showed in force and its raw payload."""

    template_name = "weather/snapshots.html"
    section = "weather"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        feed = self.request.GET.get("feed")
        feed = feed if feed in Feed.values else None
        page = Paginator(snapshot_history(feed), SNAPSHOTS_PER_PAGE).get_page(self.request.GET.get("page"))
        context["feed"] = feed
        context["feeds"] = Feed.choices
        context["page_obj"] = page
        context["snapshots"] = [(snapshot, describe_snapshot(snapshot)) for snapshot in page.object_list]
        return context
