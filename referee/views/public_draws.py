"""The public "how this round was drawn" page: the seed, the draw's input (player numbers and school codes,
no names) as the JSON `python3 -m seating draw` reads, the engine's tables, any change made since (swaps by
hand; repairs after a withdrawal, an absence or a late arrival, each with its own input; substitutes, who
take a seat and move nobody), and the report. Anyone can rerun the draw."""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from referee.models import Round, RoundDraw, Tournament
from referee.selectors.draws import round_seated_draw
from referee.views.public_cache import public_tournament
from referee.wording.draws import ADVANCEMENT_LABELS, MODE_LABELS, moves_text, repair_heading, report_lines


def _seated_draw(slug: str, pk: int) -> tuple[Tournament, Round, RoundDraw]:
    tournament = public_tournament(slug)
    round_ = get_object_or_404(Round, pk=pk, tournament=tournament)
    draw = round_seated_draw(round_)
    if draw is None:
        raise Http404
    return tournament, round_, draw


def as_json(document: Any) -> str:
    return json.dumps(document, ensure_ascii=False, indent=1)


class PublicRoundDrawView(TemplateView):
    template_name = "public/round_draw.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament, round_, draw = _seated_draw(kwargs["slug"], kwargs["pk"])
        context.update(
            tournament=tournament,
            round=round_,
            draw=draw,
            request_json=as_json(draw.request),
            drawn_tables=list(enumerate(draw.drawn, start=1)),
            report_lines=report_lines(draw.report),
            rule_label=ADVANCEMENT_LABELS.get(draw.advancement.get("rule", ""), ""),
            mode_label=MODE_LABELS.get(draw.request["mode"], ""),
            repairs=[
                {
                    "heading": repair_heading(repair),
                    "lines": moves_text(repair),
                    "request_json": as_json(repair["request"]) if "request" in repair else "",
                }
                for repair in draw.repairs
            ],
            file_name=f"{tournament.slug}-round-{round_.order}-draw.json",
        )
        return context


def round_draw_json(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The draw's input, byte for byte what `python3 -m seating draw` reads, as a download."""
    tournament, round_, draw = _seated_draw(slug, pk)
    response = HttpResponse(
        json.dumps(draw.request, ensure_ascii=False, indent=1) + "\n", content_type="application/json"
    )
    response["Content-Disposition"] = (
        f'attachment; filename="{tournament.slug}-round-{round_.order}-draw.json"'
    )
    return response
