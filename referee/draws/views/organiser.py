"""Drawing a round: who goes on, the draw, its preview and report, redraw, swap, seat; after it and before
play, a player who leaves (re-seated around) and a late arrival (seated in), each with the fewest moves.

Every step is one service call; the preview lives in the database (`RoundDraw`), so any worker serves it."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.views import ActionPageView, OrganiserMixin
from referee.draws.forms.draws import DrawForm, LateForm, RedrawForm, SwapForm, WithdrawForm, default_sizes
from referee.draws.selectors.draws import (
    EVERYONE,
    players_by_id,
    previous_round,
    round_preview,
    round_seated_draw,
    seated_in,
    unfinished_tables,
)
from referee.draws.services.draws import (
    round_draw_commit,
    round_draw_preview,
    round_draw_redraw,
    round_draw_swap,
)
from referee.models import NOT_DRAWN, Attendance, Game, Player, Round, RoundDraw
from referee.models.schedule import SEAT_LETTERS
from referee.play.selectors.progress import round_progress
from referee.play.services.withdrawals import player_seat_late, player_withdraw, round_report
from referee.wording.draws import moves_text, repair_heading, report_lines


def draw_tables(draw: RoundDraw, players: dict[str, Player]) -> list[dict[str, Any]]:
    """The draw's tables for the page: number, and each seat's letter and player."""
    return [
        {
            "number": number,
            "seats": [
                (letter, players.get(seat_id), seat_id)
                for letter, seat_id in zip(SEAT_LETTERS, ids, strict=False)
            ],
        }
        for number, ids in enumerate(draw.tables, start=1)
        if ids
    ]


def player_choices(players: dict[str, Player], draw: RoundDraw) -> list[tuple[str, str]]:
    table_of = {seat_id: number for number, ids in enumerate(draw.tables, start=1) for seat_id in ids}
    return choices_at(players, table_of)


def choices_at(players: dict[str, Player], table_of: dict[str, int]) -> list[tuple[str, str]]:
    """ "#7 陳大文 · HSP · table 2", by player number."""
    return [
        (
            seat_id,
            _("#%(number)s %(name)s · %(school)s · table %(table)s")
            % {
                "number": seat_id,
                "name": player.display_name,
                "school": player.school.code,
                "table": table_of[seat_id],
            },
        )
        for seat_id, player in sorted(players.items(), key=lambda item: int(item[0]))
        if seat_id in table_of
    ]


class RoundDrawView(OrganiserMixin, ActionPageView):
    template_name = "referee/organiser/round_draw.html"
    section = "rounds"
    actions = {
        "preview": "make_preview",
        "redraw": "redraw",
        "swap": "swap",
        "commit": "commit",
        "withdraw": "withdraw",
        "late": "seat_late",
    }

    def load(self, **kwargs: Any) -> None:
        self.round = get_object_or_404(Round, pk=kwargs["pk"], tournament=self.tournament)
        self.preview = round_preview(self.round)
        self.seated_draw = round_seated_draw(self.round)
        self.preview_players = players_by_id(self.preview) if self.preview else {}
        seated = seated_in(self.round) if self.seated_draw else {}
        self.seated_players = {seat_id: player for seat_id, (player, _) in seated.items()}
        self.seated_choices = choices_at(self.seated_players, {key: n for key, (_, n) in seated.items()})
        draws_everyone = self.seated_draw is not None and self.seated_draw.advancement.get("rule") == EVERYONE
        self.late_players = self.not_seated(seated) if draws_everyone else {}

    def not_seated(self, seated: dict[str, tuple[Player, int]]) -> dict[str, Player]:
        """Players who could still be seated into a round that draws everyone here: registered, not
        withdrawn, not seated. (A round of winners or the top N has no late arrivals to offer.)"""
        players = (
            Player.objects.filter(tournament=self.tournament)
            .exclude(attendance=Attendance.WITHDRAWN)
            .select_related("school")
            .order_by("number")
        )
        return {str(player.number): player for player in players if str(player.number) not in seated}

    def late_choices(self) -> list[tuple[str, str]]:
        """ "#14 陳小明 · HSP · arrived late", those marked here first."""
        rows = sorted(
            self.late_players.items(), key=lambda item: (item[1].attendance in NOT_DRAWN, int(item[0]))
        )
        return [
            (
                seat_id,
                _("#%(number)s %(name)s · %(school)s · %(state)s")
                % {
                    "number": seat_id,
                    "name": player.display_name,
                    "school": player.school.code,
                    "state": player.get_attendance_display(),
                },
            )
            for seat_id, player in rows
        ]

    def draw_form(self) -> DrawForm:
        most, least = default_sizes(self.tournament)
        initial = {"rule": EVERYONE, "mode": "random", "table_max": most, "table_min": least}
        if self.preview is not None:
            initial.update(
                {key: value for key, value in self.preview.advancement.items() if value is not None}
            )
            initial.update(
                mode=self.preview.request["mode"],
                table_max=self.preview.request["table_size"]["max"],
                table_min=self.preview.request["table_size"]["min"],
            )
        return DrawForm(initial=initial)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["round"] = self.round
        context["in_play"] = Game.objects.filter(table__round=self.round).exists()
        context["previous_round"] = before = previous_round(self.round)
        if before is not None and not context["in_play"]:
            context["previous_unfinished"] = unfinished_tables(before)
        context["tables"] = round_progress(self.round).tables
        context.setdefault("draw_form", self.draw_form())
        context.setdefault("redraw_form", RedrawForm(auto_id="id_redraw_%s"))
        if self.preview is not None:
            context["preview"] = self.preview
            context["preview_tables"] = draw_tables(self.preview, self.preview_players)
            context["report_lines"] = report_lines(self.preview.report)
            context.setdefault(
                "swap_form", SwapForm(choices=player_choices(self.preview_players, self.preview))
            )
        if self.seated_draw is not None:
            context["seated_draw"] = self.seated_draw
            context["seated_report_lines"] = report_lines(round_report(self.round, self.seated_draw))
            context["changes"] = [
                {"heading": repair_heading(repair), "lines": moves_text(repair)}
                for repair in reversed(self.seated_draw.repairs)
            ]
            if not context["in_play"]:
                context.setdefault(
                    "withdraw_form",
                    WithdrawForm(choices=self.seated_choices),
                )
                if self.late_players:
                    context.setdefault("late_form", LateForm(choices=self.late_choices()))
        return context

    def make_preview(self) -> HttpResponse:
        def perform(values: dict) -> None:
            round_draw_preview(actor=self.request.user, round_=self.round, **values)

        return self.run_form(
            "draw_form", DrawForm(self.request.POST), perform, _("Draw made: check it, then seat it.")
        )

    def posted_preview(self) -> RoundDraw:
        """The preview the organiser was looking at: another organiser's redraw since then is refused, so a
        swap or a seating never lands on tables nobody has seen."""
        if self.preview is None or self.request.POST.get("draw") != str(self.preview.pk):
            raise ServiceError(_("This draw is no longer the preview: draw again."), code="stale")
        return self.preview

    def redraw(self) -> HttpResponse:
        def perform(values: dict) -> None:
            round_draw_redraw(actor=self.request.user, draw=self.posted_preview(), seed=values["seed"])

        return self.run_form(
            "redraw_form", RedrawForm(self.request.POST, auto_id="id_redraw_%s"), perform, _("Drawn again.")
        )

    def swap(self) -> HttpResponse:
        choices = player_choices(self.preview_players, self.preview) if self.preview else []

        def perform(values: dict) -> None:
            round_draw_swap(
                actor=self.request.user,
                draw=self.posted_preview(),
                first=values["first"],
                second=values["second"],
            )

        return self.run_form(
            "swap_form", SwapForm(self.request.POST, choices=choices), perform, _("Players swapped.")
        )

    def commit(self) -> HttpResponse:
        def perform() -> None:
            round_draw_commit(actor=self.request.user, draw=self.posted_preview())

        return self.run_action(perform, _("Tables made and players seated."))

    def withdraw(self) -> HttpResponse:
        choices = self.seated_choices

        def perform(values: dict) -> None:
            player = self.seated_players[values["player"]]
            player_withdraw(actor=self.request.user, player=player, attendance=values["attendance"])

        return self.run_form(
            "withdraw_form",
            WithdrawForm(self.request.POST, choices=choices),
            perform,
            _("Marked, and the round re-seated around the player: see what moved below."),
        )

    def seat_late(self) -> HttpResponse:
        def perform(values: dict) -> None:
            player = self.late_players[values["player"]]
            player_seat_late(actor=self.request.user, player=player, round_=self.round)

        return self.run_form(
            "late_form",
            LateForm(self.request.POST, choices=self.late_choices()),
            perform,
            _("Seated, with the fewest moves: see what moved below."),
        )

    def success_url(self) -> str:
        return reverse("organiser:round_draw", args=[self.tournament.slug, self.round.pk])
