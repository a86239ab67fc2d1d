"""The public "how this round was drawn" page: the seed, the draw's input (player numbers and school codes,
no names) as the JSON `python3 -m seating draw` reads, the engine's tables, any change made since (swaps by
hand; repairs after a withdrawal, an absence or a late arrival, each with its own input; substitutes, who
take a seat and move nobody), the tables as they stand now with every move by hand marked, and the report
worked out again for those tables. Anyone can rerun the draw.

An input that would tell the standings (points of a draw by standings; players best first, as draws seated
before the fix listed them) is kept back until the standings are released, then published as stored, so it
still reruns byte for byte."""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from referee import permissions
from referee.draws.selectors.draws import round_seated_draw, tells_standings
from referee.draws.selectors.seated_tables import moved_by_hand, seated_tables
from referee.models import Round, RoundDraw, Tournament
from referee.play.services.withdrawals import round_report
from referee.public.cache import public_tournament
from referee.wording.draws import ADVANCEMENT_LABELS, MODE_LABELS, moves_text, repair_heading, report_lines


def _seated_draw(slug: str, pk: int) -> tuple[Tournament, Round, RoundDraw]:
    tournament = public_tournament(slug)
    round_ = get_object_or_404(Round, pk=pk, tournament=tournament)
    draw = round_seated_draw(round_)
    if draw is None:
        raise Http404
    return tournament, round_, draw


def publishable(tournament: Tournament, document: dict[str, Any], *, order_chosen: bool = True) -> bool:
    """An input is public once the standings are, and before that only if it tells nothing of them."""
    return permissions.can_view_public_standings(tournament) or not tells_standings(
        document, order_chosen=order_chosen
    )


def as_json(document: Any) -> str:
    return json.dumps(document, ensure_ascii=False, indent=1)


def repair_input(tournament: Tournament, repair: dict[str, Any]) -> str:
    """A repair's input as JSON, or "" (a substitute has none; points wait for the standings). Its players
    follow the tables as seated, which are public, so their order tells nothing."""
    if "request" not in repair or not publishable(tournament, repair["request"], order_chosen=False):
        return ""
    return as_json(repair["request"])


class PublicRoundDrawView(TemplateView):
    template_name = "public/round_draw.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament, round_, draw = _seated_draw(kwargs["slug"], kwargs["pk"])
        input_public = publishable(tournament, draw.request)
        tables = seated_tables(round_, draw)
        context.update(
            seated_tables=tables,
            moved=moved_by_hand(tables),
            tournament=tournament,
            round=round_,
            draw=draw,
            input_public=input_public,
            request_json=as_json(draw.request) if input_public else "",
            drawn_tables=list(enumerate(draw.drawn, start=1)),
            report_lines=report_lines(round_report(round_, draw)),
            rule_label=ADVANCEMENT_LABELS.get(draw.advancement.get("rule", ""), ""),
            mode_label=MODE_LABELS.get(draw.request["mode"], ""),
            repairs=[
                {
                    "heading": repair_heading(repair),
                    "lines": moves_text(repair),
                    "request_json": repair_input(tournament, repair),
                }
                for repair in draw.repairs
            ],
            file_name=f"{tournament.slug}-round-{round_.order}-draw.json",
        )
        return context


def round_draw_json(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The draw's input, byte for byte what `python3 -m seating draw` reads, as a download."""
    tournament, round_, draw = _seated_draw(slug, pk)
    if not publishable(tournament, draw.request):
        raise Http404
    response = HttpResponse(
        json.dumps(draw.request, ensure_ascii=False, indent=1) + "\n", content_type="application/json"
    )
    response["Content-Disposition"] = (
        f'attachment; filename="{tournament.slug}-round-{round_.order}-draw.json"'
    )
    return response
