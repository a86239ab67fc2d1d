"""The standings page's parts, shared by the organiser's page and the public one: the scope (tournament or a
round), the view (players, table winners, schools) and a sortable, paginated table for it."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from django.http import HttpRequest
from django_tables2 import RequestConfig

from referee.models import Player, Round, Table, Tournament
from referee.models.tournament import SchoolRanking
from referee.results.ranking import ranked_order, standings_order
from referee.standings.selectors.schools import school_standings
from referee.standings.selectors.standings import standings
from referee.standings.selectors.winners import table_winners
from referee.standings.views.tables import (
    PER_PAGE,
    PlayerStandingsTable,
    SchoolStandingsTable,
    TableWinnersTable,
    player_lines,
)
from referee.wording.school_ranking import school_ranking_text
from referee.wording.standings_order import order_text
from scoring.ranking import TABLES_WON

VIEWS = ("players", "tables", "schools")


def chosen_round(request: HttpRequest, rounds: list[Round]) -> Round | None:
    raw = request.GET.get("round", "")
    return next((round_ for round_ in rounds if str(round_.pk) == raw), None)


def _configure(table: Any, request: HttpRequest, per_page: int) -> None:
    """Sorting from the address; the page size is the site's (an address's ?per_page=-1 leaves no page), and
    any ?page= gives a page, the first or the last when it names none."""
    RequestConfig(request, paginate=False).configure(table)
    table.paginate(per_page=per_page)
    table.page = table.paginator.get_page(request.GET.get(table.prefixed_page_field))


def standings_context(
    request: HttpRequest,
    tournament: Tournament,
    *,
    final_only: bool,
    namer: Callable[[Player], str],
    per_page: int = PER_PAGE,
    held: Collection[int] = (),
) -> dict[str, Any]:
    """A fixed number of queries: the rounds, then one or two for the view shown. `held`: rounds whose
    results are held from the public (`selectors/held_results.py`), left out of every view."""
    rounds = list(tournament.rounds.order_by("order"))
    round_ = chosen_round(request, rounds)
    order = standings_order(tournament)
    view = request.GET.get("view", "players")
    view = view if view in VIEWS else "players"
    if view == "schools":
        hidden = () if TABLES_WON in order else ("tables_won",)
        if tournament.school_ranking == SchoolRanking.ALL:
            hidden += ("counted",)
        table = SchoolStandingsTable(
            school_standings(tournament, final_only=final_only, round_=round_, held=held),
            exclude=hidden,
        )
        _configure(table, request, per_page)
    elif view == "tables":
        scope = Table.objects.filter(round__tournament=tournament).select_related("round")
        if round_ is not None:
            scope = scope.filter(round=round_)
        table = TableWinnersTable(scope.order_by("round__order", "number"), namer=namer)
        _configure(table, request, per_page)
        shown = [row.record for row in table.page.object_list] if table.page else []
        table.outcomes = table_winners(tournament, shown, final_only=final_only, held=held)
    else:
        rows = standings(tournament, final_only=final_only, round_=round_, held=held)
        table = PlayerStandingsTable(
            player_lines(rows, lambda row: namer(row.player), ranked_order(tournament)),
            exclude=() if TABLES_WON in order else ("tables_won",),
        )
        _configure(table, request, per_page)
    return {
        "rounds": rounds,
        "round": round_,
        "view": view,
        "standings_table": table,
        "standings_order": order_text(order),
        "school_rule": school_ranking_text(tournament) if view == "schools" else "",
        "held_rounds": [round_ for round_ in rounds if round_.pk in held],
    }
