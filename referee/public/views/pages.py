"""What the public sees: a tournament's schedule and progress, and the standings once released.

Pages come whole from Django's cache (`referee/public/cache.py`, `public_base.py`); a small script
(`static/js/standings.js`) asks every 15 seconds whether the standings changed (their ETag: a 304 costs one
query) and swaps the new table in without moving the reader's place; without the script a link reloads the
page. `?projector=1` shows the standings in large type and turns to the next page at each refresh.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import condition
from django.views.generic import TemplateView

from core.inputs import parse_number
from referee import permissions
from referee.models import Player, Round, School, Table, Tournament
from referee.play.selectors.progress import round_counts
from referee.public.cache import Kept, changed_at, etag_of, part_key, public_tournament, served
from referee.public.selectors.find_table import player_seat
from referee.public.throttle import WINDOW_SECONDS, within_limit
from referee.public.views.base import PublicPageMixin, public_headers
from referee.results.ranking import standings_order
from referee.standings.selectors.held_results import held_round_ids
from referee.standings.selectors.standings import standings
from referee.standings.views.page import standings_context
from referee.standings.views.tables import (
    PER_PAGE,
    PlayerStandingsTable,
    SchoolStandingsTable,
    TableWinnersTable,
)
from referee.wording.figures import rank_text
from referee.wording.names import public_label
from scoring.ranking import TABLES_WON

TOP_ON_FRONT_PAGE = 10
REFRESH_SECONDS = 15
PROJECTOR_SECONDS = 20
PROJECTOR_ROWS = 15
FRAGMENT_TEMPLATE = "public/_standings_fragment.html"


def _front_standings(tournament: Tournament) -> dict[str, Any]:
    rows = standings(tournament, held=held_round_ids(tournament))
    return {
        "standings": [
            {
                "row": row,
                "rank": rank_text(row.rank, row.tied),
                "name": public_label(row.player, tournament.privacy),
            }
            for row in rows[:TOP_ON_FRONT_PAGE]
        ],
        "more_standings": len(rows) > TOP_ON_FRONT_PAGE,
        "by_tables": TABLES_WON in standings_order(tournament),
    }


def front_part(tournament: Tournament) -> Kept:
    """The front page's top ten, from the cache (a version behind while it is regenerated)."""
    return served(tournament, "front", QueryDict(), lambda: _front_standings(tournament))


class PublicTournamentView(PublicPageMixin, TemplateView):
    """The schedule, each round's progress and the top ten; every parent gets it whole from the cache."""

    template_name = "public/tournament.html"
    cache_part = "tournament-page"
    front: Kept | None = None

    def embedded_version(self) -> str:
        if permissions.can_view_public_standings(self.tournament):
            self.front = front_part(self.tournament)
            return str(self.front.version)
        return ""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament = self.tournament
        context["tournament"] = tournament
        context["rounds"] = round_counts(tournament)
        context["standings_released"] = permissions.can_view_public_standings(tournament)
        if context["standings_released"]:
            context.update((self.front or front_part(tournament)).value)
        return context


# The address's choices that change what the standings show, in the order their cache key names them.
CHOICES = ("projector", "view", "round", "sort", "page")
# Each view of the standings and the table that shows it, whose columns are what `sort` may name.
VIEW_TABLES = {"players": PlayerStandingsTable, "tables": TableWinnersTable, "schools": SchoolStandingsTable}


def standings_choices(request: HttpRequest, tournament: Tournament) -> QueryDict:
    """The address's choices as the standings use them, and nothing a stranger could vary without end: each
    new value was a new part made and kept (a standings aggregate and a row of the cache's table), so random
    page numbers cost the hall's cores. A view the page has; a sort by one of that
    view's columns; a round of this tournament; a page number, brought back to the last page when past it.
    Anything else is dropped, as the page ignores it anyway. A round or page given costs a small query."""
    given = request.GET
    view = given.get("view", "")
    projector = given.get("projector") == "1"
    round_ = _round_of(tournament, given.get("round", ""))
    values = {
        "projector": "1" if projector else "",
        "view": view if view in VIEW_TABLES else "",
        "round": str(round_.pk) if round_ else "",
        "sort": _sort_for(VIEW_TABLES.get(view, PlayerStandingsTable), given.get("sort", "")),
        "page": _page_within(tournament, view, round_, projector, given.get("page", "")),
    }
    chosen = QueryDict(mutable=True)
    for name in CHOICES:
        if values[name]:
            chosen[name] = values[name]
    chosen._mutable = False
    return chosen


def _round_of(tournament: Tournament, raw: str) -> Round | None:
    if not raw.isascii() or not raw.isdigit() or len(raw) > 9:
        return None
    return Round.objects.filter(tournament=tournament, pk=int(raw)).first()


def _sort_for(table: type, raw: str) -> str:
    return raw if raw.removeprefix("-") in table.base_columns else ""


def _page_within(tournament: Tournament, view: str, round_: Round | None, projector: bool, raw: str) -> str:
    """The page asked for, or the last page when past it (the page shows the last one then); "" for none."""
    if not raw.isascii() or not raw.isdigit() or int(raw) < 1:
        return ""
    rows = _rows_at_most(tournament, view, round_)
    last = max(1, -(-rows // (PROJECTOR_ROWS if projector else PER_PAGE)))
    return str(min(int(raw), last))


def _rows_at_most(tournament: Tournament, view: str, round_: Round | None) -> int:
    """How many rows the view can have: one query."""
    if view == "tables":
        tables = Table.objects.filter(round__tournament=tournament)
        return (tables.filter(round=round_) if round_ else tables).count()
    if view == "schools":
        return School.objects.filter(tournament=tournament).count()
    return Player.objects.filter(tournament=tournament).count()


def standings_part(request: HttpRequest, tournament: Tournament) -> Kept:
    """The released standings' table (and, on the projector, the next page's address), from the cache; it
    may be a version behind while a background task makes it again (`public_cache.served`)."""
    request.GET = standings_choices(request, tournament)
    return served(tournament, "standings", request.GET, lambda: _make_standings_part(request, tournament))


def part_etag(tournament: Tournament, part: str, choices: QueryDict, kept: Kept) -> str:
    """The ETag of a part as served: its key and the version it shows."""
    return etag_of(f"{part_key(tournament, part, choices)}:{kept.version}")


def _make_standings_part(request: HttpRequest, tournament: Tournament) -> dict[str, str]:
    projector = request.GET.get("projector") == "1"
    context = standings_context(
        request,
        tournament,
        final_only=True,
        namer=lambda player: public_label(player, tournament.privacy),
        per_page=PROJECTOR_ROWS if projector else PER_PAGE,
        held=held_round_ids(tournament),
    )
    context["changed_at"] = changed_at(tournament)
    html = render_to_string(FRAGMENT_TEMPLATE, context, request=request)
    return {"html": html, "next_page": _next_page_query(request, context["standings_table"])}


def _next_page_query(request: HttpRequest, table: Any) -> str:
    """On the projector each refresh shows the next page, then starts again from the first."""
    query = request.GET.copy()
    page = table.page
    query["page"] = str(page.next_page_number() if page and page.has_next() else 1)
    return f"?{query.urlencode()}"


class PublicStandingsView(PublicPageMixin, TemplateView):
    """Every parent (a reader who is not logged in) gets the whole page from the cache."""

    template_name = "public/standings.html"
    cache_part = "standings-page"
    part: Kept | None = None

    def cache_choices(self) -> QueryDict:
        return standings_choices(self.request, self.tournament)

    def embedded_version(self) -> str:
        if self.tournament.standings_released:
            self.part = standings_part(self.request, self.tournament)
            return str(self.part.version)
        return ""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament = self.tournament
        projector = self.request.GET.get("projector") == "1"
        context.update(tournament=tournament, projector=projector, released=tournament.standings_released)
        context["refresh_seconds"] = PROJECTOR_SECONDS if projector else REFRESH_SECONDS
        if tournament.standings_released:
            part = self.part or standings_part(self.request, tournament)
            context["standings_html"] = mark_safe(part.value["html"])  # our own template's output
            context["etag"] = part_etag(tournament, "standings", self.request.GET, part)
            context["refresh_url"] = part.value["next_page"] if projector else ""
            context["fragment_url"] = (
                reverse("public:standings_fragment", args=[tournament.slug])
                + "?"
                + self.request.GET.urlencode()
            )
        return context


def _fragment_etag(request: HttpRequest, slug: str) -> str | None:
    """The ETag of the standings' table as the address chooses it, kept on the request for the view with the
    part it names; None before they are released."""
    tournament = public_tournament(slug)
    if not tournament.standings_released:
        return None
    part = standings_part(request, tournament)
    request.standings_part = part  # our own attribute: the view answers with the part the ETag names
    return part_etag(tournament, "standings", request.GET, part)


@condition(etag_func=_fragment_etag)
def standings_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings' table alone, for the page's script: `condition` answers 304 while it has not changed
    since its ETag, without making anything."""
    part = getattr(request, "standings_part", None)
    if part is None:
        return HttpResponse(status=404)
    return public_headers(HttpResponse(part.value["html"]), "")


class FindTableView(TemplateView):
    """A player types (or their card's QR code carries) their number: their table and seat in the current
    round, with their name as the privacy setting allows, and nothing else (`selectors/find_table.py`). An
    address that asks more than `FIND_TABLE_PER_MINUTE` numbers in a minute is refused with a 429 page."""

    template_name = "public/find_table.html"

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        tournament = public_tournament(kwargs["slug"])
        asked = "number" in request.GET
        if asked and not within_limit(request, scope="find-table", limit=settings.FIND_TABLE_PER_MINUTE):
            context = {"tournament": tournament, "seconds": WINDOW_SECONDS}
            return render(request, "public/find_table_throttled.html", context, status=429)
        raw = request.GET.get("number", "")
        number = parse_number(unicodedata.normalize("NFKC", raw).strip(), maximum=99999) if raw else None
        found = player_seat(tournament, number) if number else None
        context = self.get_context_data(tournament=tournament, asked=asked and bool(raw), number=number)
        context["found"] = found
        if found is not None:
            context["name"] = public_label(found.player, tournament.privacy)
        return self.render_to_response(context)
