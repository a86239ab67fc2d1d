"""The hall's own screen (`/t/<slug>/hall/`): no login, made for a projector at 1920x1080, both languages.

The page itself is a shell from the cache, the same for everyone. Its script (`static/js/hall-display.js`)
asks every few seconds for the state (`state.json`, `selectors/hall.py`) with its ETag, which costs one
query and a 304 while nothing changed, and for the phase's panel (the draw, the results, the prizes
revealed) only when the state's stamp of it moves. Both are kept under the tournament's public version, so
every screen and every referee's console share one copy, and sent gzipped (Django's `gzip_page`) to a browser
that asks for it: a 5,000-player draw is an eighth of its size on the hall's Wi-Fi. The clock counts down in
the browser from the moments in the state; a lost connection leaves the screen as it was, still counting,
until the next answer.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import condition
from django.views.generic import TemplateView

from referee.hall_screen.selectors.hall import DRAW, PRIZES, RESULTS, display_round, hall_state
from referee.hall_screen.selectors.hall_panels import draw_lines, revealed_prizes, round_results
from referee.models import Tournament
from referee.models.tournament import Privacy
from referee.public.cache import cache_key, cached, etag_of, public_tournament, version_of
from referee.public.views.base import PublicPageMixin, public_headers
from referee.standings.selectors.held_results import held_round_ids
from referee.wording.hall import both_languages, hall_words
from referee.wording.names import public_label, public_name, school_name
from referee.wording.prizes import prize_titles
from referee.wording.school_ranking import school_ranking_text

STATE_SECONDS = 4  # how often a screen asks; the referees' consoles ask less often
NO_CHOICES = QueryDict()


class HallDisplayView(PublicPageMixin, TemplateView):
    template_name = "public/hall.html"
    cache_part = "hall-page"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        slug = self.tournament.slug
        context.update(
            tournament=self.tournament,
            words=hall_words(),
            state_url=reverse("public:hall_state", args=[slug]),
            panel_url=reverse("public:hall_panel", args=[slug]),
            state_seconds=STATE_SECONDS,
        )
        return context


def _found(request: HttpRequest, slug: str) -> Tournament:
    tournament = getattr(request, "public_tournament", None)
    if tournament is None:
        tournament = request.public_tournament = public_tournament(slug)
    return tournament


def _state_etag(request: HttpRequest, slug: str) -> str:
    return etag_of(cache_key(_found(request, slug), "hall-state", NO_CHOICES))


def _panel_etag(request: HttpRequest, slug: str) -> str:
    return etag_of(cache_key(_found(request, slug), "hall-panel", NO_CHOICES))


@gzip_page
@condition(etag_func=_state_etag)
def hall_state_json(request: HttpRequest, slug: str) -> HttpResponse:
    """The state, from the cache; `condition` answers 304 to a screen that has it, making nothing."""
    tournament = _found(request, slug)
    response = JsonResponse(cached_state(tournament), json_dumps_params={"ensure_ascii": False})
    return public_headers(response, _state_etag(request, slug))


def cached_state(tournament: Tournament) -> dict[str, Any]:
    return cached(
        tournament, "hall-state", NO_CHOICES, lambda: hall_state(tournament, version_of(tournament))
    )


@gzip_page
@condition(etag_func=_panel_etag)
def hall_panel(request: HttpRequest, slug: str) -> HttpResponse:
    """The phase's panel as HTML, from the cache (empty while the screen shows the clock alone)."""
    tournament = _found(request, slug)
    html = cached(tournament, "hall-panel", NO_CHOICES, lambda: panel_html(request, tournament))
    return public_headers(HttpResponse(html), _panel_etag(request, slug))


def panel_html(request: HttpRequest, tournament: Tournament) -> str:
    state = cached_state(tournament)
    words = hall_words()
    mode = state["mode"]
    context: dict[str, Any] = {"tournament": tournament, "words": words, "stamp": state["panel"]}
    if mode == PRIZES:
        context["prizes"] = [_prize(prize, tournament) for prize in revealed_prizes(tournament)]
        return render_to_string("public/hall/_prizes.html", context, request=request)
    round_ = display_round(tournament)
    if mode == DRAW and round_ is not None:
        context["lines"] = [(line, _draw_name(line.player, tournament)) for line in draw_lines(round_)]
        context["round"] = round_
        return render_to_string("public/hall/_draw.html", context, request=request)
    if mode == RESULTS and round_ is not None:
        results = round_results(tournament, round_, held_round_ids(tournament))
        context.update(
            round=round_,
            results=results,
            namer=lambda player: public_label(player, tournament.privacy),
            school_rule=both_languages(lambda: school_ranking_text(tournament)),
        )
        context["winners"] = [_winner(verdict, tournament) for verdict in results.winners]
        context["top"] = [(row, public_label(row.player, tournament.privacy)) for row in results.top]
        return render_to_string("public/hall/_results.html", context, request=request)
    return f'<div data-panel-stamp="{state["panel"]}"></div>'


def _draw_name(player: Any, tournament: Tournament) -> str:
    """Beside the number the draw shows: the name the privacy setting allows, nothing when only numbers."""
    return "" if tournament.privacy == Privacy.PLAYER_NUMBERS else public_name(player, tournament.privacy)


def _winner(verdict: Any, tournament: Tournament) -> dict[str, Any]:
    players = [verdict.winner] if verdict.winner is not None else verdict.tied_players
    return {
        "number": verdict.table.number,
        "names": [public_label(player, tournament.privacy) for player in players],
        "tie": verdict.winner is None and bool(players),
    }


def _prize(prize: Any, tournament: Tournament) -> dict[str, Any]:
    return {
        "titles": prize_titles(prize),
        "players": [
            {
                "name": public_label(player, tournament.privacy),
                "school": school_name(player.school.name_zh, player.school.name_en),
            }
            for player in prize.players.all()
        ],
        "schools": [school_name(school.name_zh, school.name_en) for school in prize.schools.all()],
    }
