"""The door on the morning, on a phone: one tap per player, counts per school, and a substitute's form.

Each tap is a small form (works without JavaScript: the page comes back at the school); `static/js/checkin.js`
sends it in the background and updates the row and the counts in place from the JSON answer.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.generic import TemplateView

from core.errors import ServiceError
from core.views import OrganiserMixin, posted_object, show_error_on_form
from referee import permissions
from referee.draws.selectors.draws import round_seated_draw, rounds_drawn_not_begun
from referee.models import NOT_DRAWN, Attendance, Player, Seat, Tournament
from referee.people.selectors.attendance import attendance_counts
from referee.people.services import attendance as door
from referee.people.services import people as registration
from referee.play.services.withdrawals import (
    absent_in,
    open_drawn_rounds,
    player_seat_late,
    round_reseat_absent,
)
from referee.privacy.consent import schools_without_consent
from referee.wording.draws import moves_text
from referee.wording.labels import attendance_label
from referee.wording.sentences import spaced


class CheckInMixin(LoginRequiredMixin):
    tournament: Tournament
    section = "checkin"

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.tournament = get_object_or_404(Tournament, slug=kwargs["slug"])
        if not door.can_check_in(request.user, self.tournament):
            raise PermissionDenied(_("Only this tournament's organisers and referees can open this page."))
        return super().dispatch(request, *args, **kwargs)


def wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def substitutable(tournament: Tournament, user: Any, *, player: Player | None = None) -> set[int]:
    """For an organiser, the players marked absent who hold a seat at a table not yet played: the check-in
    row offers them a substitute at once (one query)."""
    if not permissions.is_organiser(user, tournament):
        return set()
    seats = Seat.objects.filter(
        player__tournament=tournament,
        player__attendance=Attendance.ABSENT,
        table__games__isnull=True,
        table__signed_off_at__isnull=True,
    )
    if player is not None:
        seats = seats.filter(player=player)
    return set(seats.values_list("player_id", flat=True))


def counts_payload(tournament: Tournament) -> dict[str, dict[str, int]]:
    return {
        row.school.code: {
            "here": row.here,
            "absent": row.absent,
            "expected": row.expected,
            "total": row.total,
        }
        for row in attendance_counts(tournament)
    }


class CheckInView(CheckInMixin, TemplateView):
    template_name = "referee/organiser/checkin.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """The page; asked for JSON (the page's script, every few seconds), every player's state as stored
        and the counts, so each helper sees the others' taps."""
        if not wants_json(request):
            return super().get(request, *args, **kwargs)
        states = Player.objects.filter(tournament=self.tournament).values_list("pk", "attendance")
        can_substitute = substitutable(self.tournament, request.user)
        players = []
        for pk, state in states:
            answer = {"player": pk, "attendance": state, "label": attendance_label(state)}
            if pk in can_substitute:
                answer["substitute"] = reverse("organiser:substitute", args=[self.tournament.slug, pk])
            players.append(answer)
        return JsonResponse({"players": players, "counts": counts_payload(self.tournament)})

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        counts = attendance_counts(self.tournament)
        drawn_rounds = rounds_drawn_not_begun(self.tournament)
        organiser = permissions.is_organiser(self.request.user, self.tournament)
        absent_seated = (
            [(round_, [f"#{player.number}" for player in absent_in(round_)]) for round_ in drawn_rounds]
            if organiser
            else []
        )
        players = list(
            Player.objects.filter(tournament=self.tournament)
            .select_related("school")
            .order_by("school__code", "number")
        )
        by_school: dict[int, list[Player]] = {}
        for player in players:
            by_school.setdefault(player.school_id, []).append(player)
        context.update(
            tournament=self.tournament,
            section=self.section,
            counts=counts,
            schools=[(row, by_school.get(row.school.pk, [])) for row in counts],
            totals={
                "here": sum(row.here for row in counts),
                "absent": sum(row.absent for row in counts),
                "expected": sum(row.expected for row in counts),
                "total": sum(row.total for row in counts),
            },
            is_organiser=organiser,
            without_consent={school.pk for school in schools_without_consent(self.tournament)},
            drawn_rounds=drawn_rounds,
            absent_seated=absent_seated,
            states=[
                (Attendance.PRESENT, _("Here")),
                (Attendance.LATE, _("Late")),
                (Attendance.ABSENT, _("Absent")),
            ],
        )
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """A tap: answered in JSON to the page's script, else by coming back to the school on the page."""
        actions = {"set": self.tap, "rest-present": self.rest_present, "reseat": self.reseat}
        perform = actions.get(request.POST.get("action", ""))
        if perform is None:
            raise Http404
        try:
            school, done, players = perform(request)
        except ServiceError as error:
            if error.code == "forbidden":
                raise PermissionDenied(str(error)) from None
            if wants_json(request):
                return JsonResponse({"error": str(error.message)}, status=409)
            messages.error(request, str(error.message))
            return HttpResponseRedirect(request.path)
        if wants_json(request):
            answer = {"players": players, "school": school, "message": done}
            return JsonResponse({**answer, "counts": counts_payload(self.tournament)})
        messages.success(request, done)
        return HttpResponseRedirect(f"{request.path}#school-{school}" if school else request.path)

    def tap(self, request: HttpRequest) -> tuple[str, str, list[dict[str, Any]]]:
        player = posted_object(request, "player", Player.objects.filter(tournament=self.tournament))
        player = door.player_attendance_set(
            actor=request.user, player=player, attendance=request.POST.get("attendance", "")
        )
        # Read after the tap's transaction: the door's write lock is held for the write alone.
        label = attendance_label(player.attendance)
        done = _("#%(number)d %(name)s: %(state)s") % {
            "number": player.number,
            "name": player.display_name,
            "state": label,
        }
        seated = []
        if player.attendance == Attendance.ABSENT:
            seated = [str(round_.name) for round_ in rounds_drawn_not_begun(self.tournament, player=player)]
            if seated:
                done += " " + _(
                    "They keep their seat in %(rounds)s until an organiser seats a substitute or re-seats "
                    "the round without the absent (on this page)."
                ) % {"rounds": ", ".join(seated)}
        if player.attendance == Attendance.ABSENT:
            playing = (
                Seat.objects.filter(
                    player=player, table__games__isnull=False, table__signed_off_at__isnull=True
                )
                .select_related("table__round")
                .distinct()
            )
            for seat in playing:
                done += " " + _(
                    "They play at table %(table)s (%(round)s): if they left, the table's referee marks them "
                    "gone there, so that later games are played without them."
                ) % {"table": seat.table.number, "round": seat.table.round.name}
        if player.attendance in (Attendance.PRESENT, Attendance.LATE):
            waiting = open_drawn_rounds(player)
            if waiting:
                rounds = ", ".join(str(round_.name) for round_ in waiting)
                done += " " + _(
                    "No seat in %(rounds)s yet: an organiser seats them on the draw page (a late arrival)."
                ) % {"rounds": rounds}
        answer = {"player": player.pk, "attendance": player.attendance, "label": label}
        if player.pk in substitutable(self.tournament, request.user, player=player):
            answer["substitute"] = reverse("organiser:substitute", args=[self.tournament.slug, player.pk])
        return player.school.code, spaced(done), [answer]  # 在 Round 1: a space where a name meets Chinese

    def reseat(self, request: HttpRequest) -> tuple[str, str, list[dict[str, Any]]]:
        """The organiser's one re-seat of a drawn round without every child marked absent since the draw."""
        if not permissions.is_organiser(request.user, self.tournament):
            raise PermissionDenied(_("Only the tournament's organisers re-seat a round."))
        round_ = posted_object(request, "round", self.tournament.rounds.all())
        repair = round_reseat_absent(actor=request.user, round_=round_)
        moves = len(repair.moves)
        done = ngettext(
            "%(round)s seated again: %(count)d move.", "%(round)s seated again: %(count)d moves.", moves
        )
        done = done % {"round": round_.name, "count": moves}
        lines = [done, *moves_text(round_seated_draw(round_).repairs[-1])]
        return "", spaced(" ".join(lines)), []

    def rest_present(self, request: HttpRequest) -> tuple[str, str, list[dict[str, Any]]]:
        school = posted_object(request, "school", self.tournament.schools.all())
        marked = door.school_attendance_rest_present(actor=request.user, school=school)
        label = attendance_label(Attendance.PRESENT)
        done = _("%(count)d more marked here.") % {"count": len(marked)}
        return (
            school.code,
            done,
            [{"player": pk, "attendance": Attendance.PRESENT, "label": label} for pk in marked],
        )


class SubstituteForm(forms.Form):
    substitute = forms.ModelChoiceField(
        label=gettext_lazy("A player of the school not seated"),
        queryset=Player.objects.none(),
        required=False,
    )
    name_zh = forms.CharField(
        label=gettext_lazy("Or a new player: name in Chinese"), max_length=80, required=False
    )
    name_en = forms.CharField(label=gettext_lazy("Name in English"), max_length=120, required=False)

    def __init__(self, *args: Any, absent: Player, late_rounds: list | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rounds = late_rounds if late_rounds else Seat.objects.filter(player=absent).values("round")
        self.fields["substitute"].queryset = (
            Player.objects.filter(school=absent.school_id)
            .exclude(pk=absent.pk)
            .exclude(attendance__in=NOT_DRAWN)
            .exclude(Q(seats__round__in=rounds))
            .order_by("number")
        )
        self.fields["substitute"].label_from_instance = lambda p: f"#{p.number} {p.display_name}"

    def clean(self) -> dict:
        cleaned = super().clean()
        names = (cleaned.get("name_zh") or "").strip() or (cleaned.get("name_en") or "").strip()
        if not cleaned.get("substitute") and not names:
            raise forms.ValidationError(_("Choose a player or give a new player's name."))
        if cleaned.get("substitute") and names:
            raise forms.ValidationError(_("Choose a player or give a new name, not both."))
        return cleaned


class SubstituteView(OrganiserMixin, TemplateView):
    """Before play: who takes an absent player's seat at the tables not yet played. Once a drawn round was
    re-seated without the absent player (their seat is gone), the substitute is seated into it as a late
    arrival instead, with the fewest moves: a substitute and a repair never both act on one absence."""

    template_name = "referee/organiser/substitute.html"
    section = "checkin"

    def load(self, **kwargs: Any) -> None:
        self.absent = get_object_or_404(
            Player.objects.select_related("school"), pk=kwargs["pk"], tournament=self.tournament
        )
        self.seats = door.unplayed_seats(self.absent)
        self.late_rounds = [] if self.seats else open_drawn_rounds(self.absent)

    def make_form(self, data: Any = None) -> SubstituteForm:
        return SubstituteForm(data, absent=self.absent, late_rounds=self.late_rounds)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.setdefault("form", self.make_form())
        context["absent"] = self.absent
        context["seats"] = self.seats
        context["late_rounds"] = self.late_rounds
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not self.seats and not self.late_rounds:
            messages.error(request, _("This player has no seat at a table not yet played."))
            return HttpResponseRedirect(request.path)
        form = self.make_form(request.POST)
        if form.is_valid():
            try:
                with transaction.atomic():  # a new player is kept only if they take the seat
                    substitute = self._substitute(form)
                    if self.seats:
                        door.player_substitute(actor=request.user, absent=self.absent, substitute=substitute)
                    else:
                        player_seat_late(actor=request.user, player=substitute)
            except ServiceError as error:
                show_error_on_form(form, error)
            else:
                done = (
                    _("#%(number)d %(name)s takes the seat.")
                    if self.seats
                    else _("#%(number)d %(name)s is seated: the draw page lists who moved.")
                )
                messages.success(
                    request, done % {"number": substitute.number, "name": substitute.display_name}
                )
                return HttpResponseRedirect(reverse("organiser:checkin", args=[self.tournament.slug]))
        return self.render_to_response(self.get_context_data(form=form))

    def _substitute(self, form: SubstituteForm) -> Player:
        return form.cleaned_data["substitute"] or registration.player_create(
            actor=self.request.user,
            tournament=self.tournament,
            school=self.absent.school,
            name_zh=form.cleaned_data["name_zh"],
            name_en=form.cleaned_data["name_en"],
        )
