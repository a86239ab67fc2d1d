"""The organiser's controls for the hall, made for a phone: the round clock, a table's extra time, the
announcement, and the rounds whose results are held."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from core.views import ActionPageView, OrganiserMixin, posted_object
from referee.hall_screen.forms.hall import AnnouncementForm, ClockMinutesForm, ExtraTimeForm
from referee.hall_screen.selectors.hall import display_round
from referee.hall_screen.services.announcements import (
    announcement_clear,
    announcement_post,
    current_announcement,
)
from referee.hall_screen.services.round_clock import (
    round_clock_end,
    round_clock_minutes_set,
    round_clock_pause,
    round_clock_resume,
    round_clock_start,
)
from referee.models import Round, RoundClock
from referee.models.clock import DEFAULT_MINUTES
from referee.play.services.results_release import round_results_release
from referee.play.services.table_time import table_time_extend
from referee.results.round_time import clock_reading
from referee.standings.selectors.held_results import held_rounds
from referee.wording.hall import strip_words


class HallControlView(OrganiserMixin, ActionPageView, TemplateView):
    template_name = "referee/organiser/hall.html"
    section = "hall"
    actions = {
        "minutes": "set_minutes",
        "start": "start",
        "pause": "pause",
        "resume": "resume",
        "end": "end",
        "extra-time": "extra_time",
        "announce": "announce",
        "clear-announcement": "clear_announcement",
        "release": "release",
    }

    def load(self, **kwargs: Any) -> None:
        self.round = display_round(self.tournament)

    def _round(self) -> Round:
        if self.round is None:
            raise Http404
        return self.round

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        round_ = self.round
        clock = RoundClock.objects.filter(round=round_).first() if round_ else None
        context.update(
            round=round_,
            clock=clock,
            reading=clock_reading(clock),
            announcement=current_announcement(self.tournament),
            held=held_rounds(self.tournament),
            extended=round_.tables.filter(extra_minutes__gt=0).order_by("number") if round_ else [],
            hall_strip_words=strip_words(),
        )
        minutes = clock.minutes if clock else DEFAULT_MINUTES
        context.setdefault("minutes_form", ClockMinutesForm(initial={"minutes": minutes}))
        context.setdefault("announcement_form", AnnouncementForm())
        if round_ is not None:
            context.setdefault("extra_form", ExtraTimeForm(round_=round_))
        return context

    def set_minutes(self) -> HttpResponse:
        round_ = self._round()

        def perform(values: dict) -> None:
            round_clock_minutes_set(actor=self.request.user, round_=round_, **values)

        form = ClockMinutesForm(self.request.POST)
        return self.run_form("minutes_form", form, perform, _("The round's length is saved."))

    def start(self) -> HttpResponse:
        round_ = self._round()

        def perform(values: dict) -> None:
            round_clock_start(actor=self.request.user, round_=round_, **values)

        form = ClockMinutesForm(self.request.POST)
        return self.run_form("minutes_form", form, perform, _("The round's time has started."))

    def pause(self) -> HttpResponse:
        round_ = self._round()
        return self.run_action(
            lambda: round_clock_pause(actor=self.request.user, round_=round_),
            _("The round's time is paused."),
        )

    def resume(self) -> HttpResponse:
        round_ = self._round()
        return self.run_action(
            lambda: round_clock_resume(actor=self.request.user, round_=round_),
            _("The round's time runs again."),
        )

    def end(self) -> HttpResponse:
        round_ = self._round()
        return self.run_action(
            lambda: round_clock_end(actor=self.request.user, round_=round_),
            _("The round's time has ended."),
        )

    def extra_time(self) -> HttpResponse:
        round_ = self._round()
        form = ExtraTimeForm(self.request.POST, round_=round_)

        def perform(values: dict) -> None:
            table = round_.tables.get(pk=values["table"])
            table_time_extend(
                actor=self.request.user, table=table, minutes=values["minutes"], reason=values["reason"]
            )

        return self.run_form("extra_form", form, perform, _("Extra time saved."))

    def announce(self) -> HttpResponse:
        def perform(values: dict) -> None:
            announcement_post(actor=self.request.user, tournament=self.tournament, **values)

        form = AnnouncementForm(self.request.POST)
        return self.run_form("announcement_form", form, perform, _("The announcement is shown."))

    def clear_announcement(self) -> HttpResponse:
        return self.run_action(
            lambda: announcement_clear(actor=self.request.user, tournament=self.tournament),
            _("The announcement is cleared."),
        )

    def release(self) -> HttpResponse:
        round_ = posted_object(self.request, "round", self.tournament.rounds.all())
        return self.run_action(
            lambda: round_results_release(actor=self.request.user, round_=round_),
            _("The round's results are released."),
        )
