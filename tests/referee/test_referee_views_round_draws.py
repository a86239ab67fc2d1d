"""The draw's pages: the organiser's (preview, redraw, swap, seat, withdraw) and the public "how this round
was drawn", whose downloaded input, run through `python3 -m seating draw`, gives the tables seated."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from referee.draws.selectors.draws import round_preview, round_seated_draw
from referee.draws.services.draws import round_draw_commit, round_draw_preview, round_draw_redraw
from referee.models import Table, Tournament
from referee.play.services.results import game_result_submit
from referee.play.services.withdrawals import player_withdraw
from referee.standings.selectors.standings import standings
from referee.tournaments.services.tournaments import tournament_create
from seating.commands import run_command
from tests.referee.draw_helpers import (
    draw_and_seat,
    make_field,
    make_round,
    play_round,
    seated,
    services_hand,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def field(organiser, tournament):
    return make_field(organiser, tournament)


@pytest.fixture
def first(organiser, tournament, field):
    return make_round(organiser, tournament, "第一輪")


def draw_url(round_) -> str:
    return reverse("organiser:round_draw", args=[round_.tournament.slug, round_.pk])


def public_url(round_, name="public:round_draw") -> str:
    return reverse(name, args=[round_.tournament.slug, round_.pk])


DRAW = {"action": "preview", "rule": "everyone", "mode": "random", "table_max": "4", "table_min": "3"}


def test_the_draw_page_is_for_organisers(client, first, referee, stranger, organiser):
    url = draw_url(first)
    assert client.get(url)["Location"].startswith(reverse("login"))
    for outsider in (referee, stranger):
        client.force_login(outsider)
        assert client.get(url).status_code == 403
        assert client.post(url, DRAW).status_code == 403
    client.force_login(organiser)
    assert client.get(url).status_code == 200
    assert (
        client.get(reverse("organiser:round_draw", args=[first.tournament.slug, 999999])).status_code == 404
    )


def test_preview_swap_redraw_and_seat_in_a_few_taps(organiser_client, first, field):
    url = draw_url(first)
    response = organiser_client.post(url, {**DRAW, "seed": "7"})
    assert response.status_code == 302
    page = organiser_client.get(url).content.decode()
    assert "draw-report" in page
    draw = round_preview(first)
    one, two = draw.tables[0][0], draw.tables[1][0]
    swap = {"action": "swap", "draw": draw.pk, "first": one, "second": two}
    assert organiser_client.post(url, swap).status_code == 302
    assert round_preview(first).tables[0][0] == two
    assert organiser_client.post(url, {"action": "redraw", "draw": draw.pk, "seed": "7"}).status_code == 302
    again = round_preview(first)
    assert again.tables == draw.tables  # the same seed draws the same tables again
    assert organiser_client.post(url, {"action": "commit", "draw": again.pk}).status_code == 302
    assert seated(first) == draw.tables


def test_a_preview_replaced_since_the_page_was_opened_is_not_seated(
    organiser_client, organiser, first, field
):
    """Another organiser redrew in between: the seating and the swap name the preview they were shown."""
    url = draw_url(first)
    organiser_client.post(url, {**DRAW, "seed": "7"})
    seen = round_preview(first)
    round_draw_redraw(actor=organiser, draw=seen, seed=8)  # someone else, on another device
    response = organiser_client.post(url, {"action": "commit", "draw": seen.pk}, follow=True)
    assert "no longer the preview" in response.content.decode() or "已不是預覽" in response.content.decode()
    assert not Table.objects.filter(round=first).exists()
    swap = {"action": "swap", "draw": seen.pk, "first": "1", "second": "2"}
    response = organiser_client.post(url, swap)
    assert response.status_code == 200
    assert response.context["swap_form"].non_field_errors()
    assert round_preview(first).swaps == []


def test_bad_input_is_shown_on_the_form(organiser_client, first, field):
    response = organiser_client.post(draw_url(first), {**DRAW, "table_min": "4", "table_max": "4"})
    assert response.status_code == 200
    assert response.context["draw_form"].errors
    response = organiser_client.post(draw_url(first), {"action": "swap", "first": "1", "second": "2"})
    assert response.status_code == 200  # no preview yet: the swap form says so, nothing saved


def test_withdraw_on_the_page_shows_what_moved(organiser_client, organiser, first, field):
    draw_and_seat(organiser, first, seed=7)
    gone = next(table for table in seated(first) if len(table) == 3)[0]
    response = organiser_client.post(
        draw_url(first), {"action": "withdraw", "player": gone, "attendance": "withdrawn"}
    )
    assert response.status_code == 302
    page = organiser_client.get(draw_url(first)).content.decode()
    assert 'id="repair-moves"' in page
    public = organiser_client.get(public_url(first)).content.decode()
    assert "python3 -m seating repair" in public
    assert f"&quot;withdrawn&quot;: [\n  &quot;{gone}&quot;" in public


def test_the_public_page_needs_a_seated_draw(client, organiser, first, field):
    assert client.get(public_url(first)).status_code == 404
    assert client.get(public_url(first, "public:round_draw_json")).status_code == 404
    draw_and_seat(organiser, first, seed=7)
    page = client.get(public_url(first))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="draw-seed">7<' in text
    assert field[0].name_zh not in text  # no names, numbers and school codes only
    assert client.get(reverse("public:round_draw", args=["nope", first.pk])).status_code == 404


def rerun(downloaded: bytes, tmp_path: Path) -> dict:
    """`python3 -m seating draw` on a downloaded input, in a process of its own, as anyone would run it."""
    saved = tmp_path / "draw.json"
    saved.write_bytes(downloaded)
    with saved.open("rb") as stdin:
        run = subprocess.run(
            [sys.executable, "-m", "seating", "draw"], stdin=stdin, capture_output=True, cwd=ROOT, check=False
        )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_anyone_can_rerun_the_downloaded_draw_and_get_the_seated_tables(
    client, organiser, tournament, first, field, tmp_path
):
    """Round 2 (with round 1 as history) is published, downloaded and run through the command line."""
    draw_and_seat(organiser, first, seed=7)
    second = make_round(organiser, tournament, "第二輪")
    draw_and_seat(organiser, second, mode="by-standings", seed=12345)
    response = client.get(public_url(second, "public:round_draw_json"))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    document = json.loads(response.content)
    assert document["history"]  # round 1 is in it
    assert {"id", "school", "points"} >= set(document["players"][0])
    answer = rerun(response.content, tmp_path)
    assert answer["rounds"][0] == seated(second)
    assert answer["seed"] == 12345
    assert answer["report"] == round_seated_draw(second).report


def rank_order(tournament: Tournament) -> list[str]:
    """The organiser's standings, best first, as the draw names players."""
    return [str(row.number) for row in standings(tournament)]


def release_standings(tournament: Tournament) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(standings_released=True)


def published_input(page: str) -> dict | None:
    """The draw's input as the public page shows it, or None when the page shows none."""
    found = re.search(r'<pre class="json">(.*?)</pre>', page, re.S)
    return json.loads(html.unescape(found.group(1))) if found else None


@pytest.fixture
def second(organiser, tournament, first, field):
    """Round 1 drawn and played to sign-off (its standings kept from the public); round 2 to draw."""
    draw_and_seat(organiser, first, seed=7)
    play_round(organiser, first)
    ranks = rank_order(tournament)
    assert ranks != sorted(ranks, key=int)  # else an order by number could not be told from the standings
    assert not Tournament.objects.get(pk=tournament.pk).standings_released
    return make_round(organiser, tournament, "第二輪")


def test_an_unreleased_draw_by_lot_publishes_its_players_by_number_not_by_standings(
    client, organiser, tournament, second, tmp_path
):
    """The security review's case: everyone, by lot, seed 12345, standings not released. The input (download
    and page alike) lists players by number, carries no points, and still reruns to the tables seated."""
    draw_and_seat(organiser, second, rule="everyone", mode="random", seed=12345)
    response = client.get(public_url(second, "public:round_draw_json"))
    assert response.status_code == 200
    document = json.loads(response.content)
    ids = [player["id"] for player in document["players"]]
    assert ids == sorted(ids, key=int)
    assert ids[:4] != rank_order(tournament)[:4]
    assert all(set(player) == {"id", "school"} for player in document["players"])
    assert published_input(client.get(public_url(second)).content.decode()) == document
    answer = rerun(response.content, tmp_path)
    assert answer["rounds"][0] == seated(second) == round_seated_draw(second).drawn
    assert answer["seed"] == 12345


def test_a_draw_by_standings_publishes_its_input_once_the_standings_are_released(
    client, organiser, tournament, second, tmp_path
):
    """Seeding by standings needs their order in the input: kept from the public until the standings are
    released, then published as stored, and it reruns to the tables seated."""
    draw_and_seat(organiser, second, mode="by-standings", seed=12345)
    client.cookies["django_language"] = "en"
    assert client.get(public_url(second, "public:round_draw_json")).status_code == 404
    page = client.get(public_url(second)).content.decode()
    assert published_input(page) is None
    assert "&quot;points&quot;" not in page
    assert "so it is published once the organisers release them." in page
    assert 'id="draw-seed">12345<' in page  # the seed and the tables stay public
    release_standings(tournament)
    response = client.get(public_url(second, "public:round_draw_json"))
    assert response.status_code == 200
    document = json.loads(response.content)
    assert document == round_seated_draw(second).request
    points = {player["id"]: player["points"] for player in document["players"]}
    assert sorted(points, key=points.__getitem__, reverse=True)[:4] == rank_order(tournament)[:4]
    assert published_input(client.get(public_url(second)).content.decode()) == document
    assert rerun(response.content, tmp_path)["rounds"][0] == seated(second)


def test_a_repairs_input_with_standings_points_waits_for_the_release_too(
    client, organiser, tournament, second
):
    draw_and_seat(organiser, second, mode="by-standings", seed=12345)
    gone = next(table for table in seated(second) if len(table) == 3)[0]
    player = next(p for p in second.tournament.players.all() if str(p.number) == gone)
    player_withdraw(actor=organiser, player=player)
    page = client.get(public_url(second)).content.decode()
    assert "python3 -m seating repair" not in page
    assert "&quot;points&quot;" not in page
    release_standings(tournament)
    page = client.get(public_url(second)).content.decode()
    assert "python3 -m seating repair" in page
    assert "&quot;points&quot;" in page


def store_as_before_the_fix(organiser, round_) -> None:
    """A draw seated by the earlier code, whose input listed the players best first: its stored input and
    tables are what it published, and must still rerun to the tables seated."""
    draw = round_draw_preview(actor=organiser, round_=round_, table_max=4, table_min=3, seed=12345)
    ranks = {seat_id: place for place, seat_id in enumerate(rank_order(round_.tournament))}
    players = sorted(draw.request["players"], key=lambda player: ranks.get(player["id"], len(ranks)))
    draw.request = {**draw.request, "players": players}
    answer = run_command("draw", draw.request)
    draw.drawn = draw.tables = answer["rounds"][0]
    draw.report = answer["report"]
    draw.save()
    round_draw_commit(actor=organiser, draw=draw)


def test_a_draw_stored_in_standings_order_is_published_as_stored_only_once_released(
    client, organiser, tournament, second, tmp_path
):
    store_as_before_the_fix(organiser, second)
    stored = round_seated_draw(second).request
    assert [player["id"] for player in stored["players"]][:4] == rank_order(tournament)[:4]
    assert client.get(public_url(second, "public:round_draw_json")).status_code == 404
    assert published_input(client.get(public_url(second)).content.decode()) is None
    release_standings(tournament)
    response = client.get(public_url(second, "public:round_draw_json"))
    assert response.status_code == 200
    assert json.loads(response.content) == stored
    answer = rerun(response.content, tmp_path)
    assert answer["rounds"][0] == seated(second)
    assert answer["report"] == round_seated_draw(second).report


def test_seated_draw_listed_on_the_public_schedule(client, organiser, tournament, first, field):
    draw_and_seat(organiser, first, seed=7)
    page = client.get(reverse("public:tournament", args=[tournament.slug])).content.decode()
    assert public_url(first) in page


def test_once_a_game_is_saved_the_page_offers_no_draw(organiser_client, organiser, first, field):
    draw_and_seat(organiser, first, seed=7)
    table = Table.objects.filter(round=first).first()
    letters = list(table.seats.values_list("letter", flat=True))
    game_result_submit(
        actor=organiser,
        table=table,
        game_number=1,
        ending="went-out",
        hands=[services_hand(letter, "A", i) for i, letter in enumerate(letters)],
    )
    page = organiser_client.get(draw_url(first))
    assert page.context["in_play"]
    assert "draw-form" not in page.content.decode()
    response = organiser_client.post(draw_url(first), {**DRAW, "seed": "3"})
    assert response.status_code == 200
    assert response.context["draw_form"].non_field_errors()


def test_the_draw_pages_run_the_same_queries_at_four_times_the_size(organiser_client, organiser):
    counts = []
    for scale, slug in ((1, "small"), (4, "large")):
        tournament = tournament_create(actor=organiser, name=slug, slug=slug, ruleset="hk-school")
        make_field(organiser, tournament, scale)
        first = make_round(organiser, tournament, "第一輪")
        draw_and_seat(organiser, first, seed=1)
        second = make_round(organiser, tournament, "第二輪")
        draw_and_seat(organiser, second, seed=2)
        round_draw_preview(actor=organiser, round_=second, table_max=4, table_min=3, seed=3)
        measured = []
        for address in (draw_url(second), public_url(second), public_url(second, "public:round_draw_json")):
            with CaptureQueriesContext(connection) as captured:
                assert organiser_client.get(address).status_code == 200
            measured.append(len(captured))
        counts.append(measured)
    assert counts[0] == counts[1]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "第一輪 has 2 tables without final results"),
        ("zh-hant", "第一輪有 2 張比賽桌尚未有最終賽果"),
    ],
)
def test_the_next_rounds_draw_warns_of_the_previous_rounds_unfinished_tables(
    organiser_client, organiser, tournament, first, field, language, words
):
    """Drawing by the table winners or the standings while round 1 is still being played leaves its players
    out without a word; the page says so before the draw."""
    draw_and_seat(organiser, first, seed=1)
    tables = Table.objects.filter(round=first).order_by("number")
    play_round(organiser, first)  # every table signed off
    Table.objects.filter(pk__in=[table.pk for table in tables[:2]]).update(signed_off_at=None)
    second = make_round(organiser, tournament, "第二輪")
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(draw_url(second)).content.decode()
    assert words in page


def test_no_warning_when_the_previous_round_is_final(organiser_client, organiser, tournament, first, field):
    draw_and_seat(organiser, first, seed=1)
    play_round(organiser, first)
    second = make_round(organiser, tournament, "第二輪")
    page = organiser_client.get(draw_url(second), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "without final results" not in page
