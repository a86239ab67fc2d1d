"""The standings pages and the table page run a fixed number of queries, whatever the tournament's size:
the same count for a tournament and one ten times larger."""

from __future__ import annotations

import itertools

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from benchmarks.builders import BulkPlan, build_tournament
from referee.models import Game, Table

SMALL, LARGE = 24, 240


@pytest.fixture
def tournaments(organiser):
    small = build_tournament(
        BulkPlan(slug="small", players=SMALL, open_tables=1, referees=3), organiser=organiser
    )
    large = build_tournament(
        BulkPlan(slug="large", players=LARGE, open_tables=1, referees=3, seed=7), organiser=organiser
    )
    return small, large


ADDRESSES = (f"10.31.0.{n}" for n in itertools.count(1))


def count(client, address: str) -> int:
    """Each call from an address of its own: a public page's throttle counts per address (in the cache, here a
    table), and its first count of a minute takes other queries than the next."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(address, REMOTE_ADDR=next(ADDRESSES))
    assert response.status_code == 200, address
    return len(captured)


PAGES = {
    "organiser standings": lambda t: reverse("organiser:standings", args=[t.slug]),
    "organiser standings, provisional, page 2": lambda t: (
        reverse("organiser:standings", args=[t.slug]) + "?include=unsigned&page=1&sort=-total"
    ),
    "table winners": lambda t: reverse("organiser:standings", args=[t.slug]) + "?view=tables",
    "schools": lambda t: reverse("organiser:standings", args=[t.slug]) + "?view=schools",
    "round standings": lambda t: (
        reverse("organiser:standings", args=[t.slug]) + f"?round={t.rounds.get().pk}"
    ),
    "organiser table page": lambda t: reverse("organiser:table", args=[t.slug, _table(t, 5).pk]),
    "public standings": lambda t: reverse("public:standings", args=[t.slug]),
    "public projector": lambda t: reverse("public:standings", args=[t.slug]) + "?projector=1",
    "public front page": lambda t: reverse("public:tournament", args=[t.slug]),
    "referee service worker": lambda t: reverse("referee:service_worker"),
    "referee app manifest": lambda t: reverse("referee:manifest"),
    "referee offline page": lambda t: reverse("referee:offline"),
    "check-in": lambda t: reverse("organiser:checkin", args=[t.slug]),
    "find my table": lambda t: reverse("public:find_table", args=[t.slug]) + "?number=3",
    "hall screen's state": lambda t: reverse("public:hall_state", args=[t.slug]),
    "hall screen's panel (the draw)": lambda t: reverse("public:hall_panel", args=[t.slug]),
    "organiser's hall page": lambda t: reverse("organiser:hall", args=[t.slug]),
    "organiser's prizes page": lambda t: reverse("organiser:prizes", args=[t.slug]),
    "notices for schools": lambda t: reverse("organiser:notices", args=[t.slug]),
}


def _table(tournament, number: int) -> Table:
    return Table.objects.get(round__tournament=tournament, number=number)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_same_queries_at_ten_times_the_size(organiser_client, tournaments, page):
    small, large = tournaments
    assert (
        Table.objects.filter(round__tournament=large).count()
        == 10 * Table.objects.filter(round__tournament=small).count()
    )
    assert count(organiser_client, PAGES[page](small)) == count(organiser_client, PAGES[page](large))


def last_game(submission: str) -> dict[str, str]:
    """Game 3 of an open table, as its referee's form posts it: A went out, the others melded."""
    return {
        "action": "save-game",
        "game_number": "3",
        "ending": "went-out",
        "went_out": "A",
        "submission": submission,
        "rack_value_B": "5",
        "rack_value_C": "6",
        "rack_value_D": "7",
        "made_initial_meld_B": "on",
        "made_initial_meld_C": "on",
        "made_initial_meld_D": "on",
    }


def test_the_referees_table_page_and_a_save(client, tournaments):
    """An open table (two of three games in) at each size: its page, and saving its last game."""
    counts = []
    for tournament in tournaments:
        table = _table(tournament, 1)
        client.force_login(table.referee)
        address = reverse("referee:table", args=[table.pk])
        page_queries = count(client, address)
        with CaptureQueriesContext(connection) as captured:
            response = client.post(address, last_game(f"bench-{tournament.slug}"))
        assert response.status_code == 302
        counts.append((page_queries, len(captured)))
        assert Game.objects.filter(table=table).count() == 3
    assert counts[0] == counts[1]


def test_the_table_page_asks_once_whether_its_referee_still_is_one(client, tournaments):
    """Letting the referee in, offering the forms and keeping the page offline asked it three times; a save
    asks it once more, inside its transaction, where it counts."""
    table = _table(tournaments[0], 1)
    client.force_login(table.referee)
    address = reverse("referee:table", args=[table.pk])

    def asked(captured) -> int:
        return sum("referee_tournament_referees" in query["sql"] for query in captured.captured_queries)

    with CaptureQueriesContext(connection) as page:
        assert client.get(address).status_code == 200
    with CaptureQueriesContext(connection) as save:
        response = client.post(address, last_game("asked-once"))
    assert response.status_code == 302
    assert (asked(page), asked(save)) == (1, 2)


SHEET_TABLES = ("referee_game", "referee_handresult", "referee_incident")


def _reads(captured, table_name: str) -> int:
    return sum(
        query["sql"].startswith("SELECT") and f'FROM "{table_name}"' in query["sql"]
        for query in captured.captured_queries
    )


def test_a_save_that_lands_reads_the_sheet_only_inside_its_transaction(client, tournaments):
    """The page's form needs only who sits where; the games are read once, locked, by the service, and the
    hands and incidents not at all (a landed save redirects). The sheet was read first, three queries more."""
    table = _table(tournaments[0], 1)
    client.force_login(table.referee)
    address = reverse("referee:table", args=[table.pk])
    with CaptureQueriesContext(connection) as save:
        response = client.post(address, last_game("reads-once"))
    assert response.status_code == 302
    reads = {name: _reads(save, name) for name in SHEET_TABLES}
    assert reads == {"referee_game": 1, "referee_handresult": 0, "referee_incident": 0}


def test_a_refused_save_shows_the_sheet_again(client, tournaments):
    table = _table(tournaments[0], 1)
    client.force_login(table.referee)
    address = reverse("referee:table", args=[table.pk])
    response = client.post(address, {**last_game("refused"), "game_number": "7"})
    assert response.status_code == 200
    assert response.context["sheet"].games_played == 2
    assert response.context["entry_form"].errors


def test_the_live_preview_reads_only_the_seats(client, tournaments):
    table = _table(tournaments[0], 1)
    client.force_login(table.referee)
    with CaptureQueriesContext(connection) as preview:
        response = client.post(
            reverse("referee:preview", args=[table.pk]), {**last_game("x"), "action": "preview-game"}
        )
    assert response.status_code == 200
    assert response.json()["html"].strip()
    reads = {name: _reads(preview, name) for name in SHEET_TABLES}
    assert reads == {"referee_game": 0, "referee_handresult": 0, "referee_incident": 0}
