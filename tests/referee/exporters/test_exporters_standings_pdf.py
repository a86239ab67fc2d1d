"""The standings on A4 landscape: ranks, games won, totals, ties, repeated headers, footers."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import translation

from referee.exports.exporters import ExportRequest, get_exporter, standings_pdf
from referee.models.tournament import Privacy
from referee.play.services.results import game_result_submit
from referee.standings.selectors.standings import standings
from referee.tournaments.services.schedule import round_create
from referee.wording.names import public_name
from scoring import PlayerInput


def render(request) -> bytes:
    return get_exporter("standings-pdf")(request).render()[2]


def test_landscape_with_every_ranked_player(pdf, export_request, event):
    data = render(export_request())
    assert pdf.info(data)["Page size"].startswith("841.89 x 595.276")
    text = " ".join(pdf.text(data).split())
    for row in standings(event):
        assert public_name(row.player, event.privacy) in text


@pytest.mark.parametrize("privacy", list(Privacy))
def test_players_are_named_as_on_the_public_pages(pdf, export_request, event, privacy):
    """The file is for posting: a child's full name and class appear only where the public pages show them."""
    event.privacy = privacy
    event.save()
    text = " ".join(pdf.text(render(export_request())).split())
    assert "For posting" in text
    for row in standings(event):
        with translation.override("en"):
            shown = public_name(row.player, privacy)
        assert shown in text
        assert (row.player.name_zh in text) is (privacy == Privacy.FULL_NAMES)
    assert "Class" not in text


def test_rows_match_the_standings_selector(pdf, export_request, event):
    lines = pdf.pages(render(export_request()))[0].splitlines()
    printed = {}
    for line in lines:
        found = re.match(r"\s*(=?\d+)\s+(\d+)\s+.*?(\d+)\s+(\d+)\s+([+-]?[\d.]+)\s*$", line)
        if found:
            printed[int(found.group(2))] = found.groups()
    expected = standings(event)
    assert len(printed) == len(expected) == 8
    for row in expected:
        rank, _number, played, won, total = printed[row.player.number]
        assert rank.lstrip("=") == str(row.rank)
        assert (int(played), Fraction(won), Fraction(total)) == (row.games_played, row.games_won, row.total)


def test_ties_are_marked(pdf, export_request):
    """As on the site's standings page: "=2" for a shared second place."""
    text = pdf.text(render(export_request()), layout=True)
    tied = [line for line in text.splitlines() if re.match(r"\s*=2\s", line)]
    assert len(tied) == 2
    assert "何○○" in tied[0] + tied[1]
    assert "林○○" in tied[0] + tied[1]
    assert "= : tied on every key of the standings order." in text
    assert "Ranked by games won, then total score" in text


def test_unsigned_tables_count_only_when_asked(pdf, export_request, empty_table, other_referee):
    game_result_submit(
        actor=other_referee,
        table=empty_table,
        game_number=1,
        ending="went-out",
        hands=[
            PlayerInput("A", went_out=True),
            PlayerInput("B", rack_value=9),
            PlayerInput("C", rack_value=4),
        ],
    )
    final = pdf.text(render(export_request()))
    provisional = pdf.text(render(export_request(include_unsigned=True)))
    assert "Final results: signed-off tables only." in final
    assert "劉○○" not in final
    assert "Provisional: includes tables not yet signed off." in provisional
    assert "劉○○" in provisional


def test_header_rows_repeat_and_pages_are_numbered(pdf, export_request, monkeypatch, event):
    row = standings(event)[0]
    many = [replace(row, rank=index, total=Fraction(-index)) for index in range(1, 251)]
    monkeypatch.setattr(standings_pdf, "standings", lambda tournament, **scope: many)
    pages = pdf.pages(render(export_request()))
    assert len(pages) >= 8
    for number, page in enumerate(pages, start=1):
        assert len(re.findall(r"Rank\s+No\.\s+Player\s+School", page)) == 1  # on top, never mid-page
        assert f"Page {number} of {len(pages)}" in " ".join(page.split())
        assert re.search(r"Generated \d{4}-\d\d-\d\d \d\d:\d\d HKT", page)
    ranks = [int(found) for page in pages for found in re.findall(r"^\s*(\d+)\s+2\s", page, re.MULTILINE)]
    assert ranks == list(range(1, 251))  # every row once, in order
    full_pages = [len(re.findall(r"^\s*\d+\s+2\s", page, re.MULTILINE)) for page in pages[1:-1]]
    assert max(full_pages) - min(full_pages) <= 1  # pages are filled, not left part empty


def test_no_results_yet_is_said_plainly(pdf, tournament):
    data = get_exporter("standings-pdf")(ExportRequest(tournament=tournament, language="en")).render()[2]
    assert "No results yet." in pdf.text(data)


def test_one_rounds_standings(pdf, export_request, event, round_, organiser):
    second = round_create(
        actor=organiser, tournament=event, name="第二輪", date=round_.date, start_time=round_.start_time
    )
    data = render(export_request(round_=second))
    text = " ".join(pdf.text(data).split())
    assert "Standings · 第二輪" in text
    assert "No results yet." in text
    first = " ".join(pdf.text(render(export_request(round_=round_))).split())
    assert "Standings · 第一輪" in first
    assert "李○○" in first


def test_schools_are_named_in_the_language_of_the_export(pdf, export_request):
    english = " ".join(pdf.text(render(export_request())).split())
    chinese = " ".join(pdf.text(render(export_request(language="zh-hant"))).split())
    assert "HSP Harbourside Primary" in english
    assert "LHP Lion Hill Primary" in english
    assert "海濱小學" not in english
    assert "獅山小學" not in english
    assert "HSP 海濱小學" in chinese
    assert "Harbourside" not in chinese


def test_pages_and_printouts_mark_a_tie_the_same_way(pdf, export_request, event, organiser_client):
    """The standings page and its PDF write the same ranks, a shared second place as "=2" on both."""
    printed = []
    for line in pdf.pages(render(export_request()))[0].splitlines():
        found = re.match(r"\s*(=?\d+)\s+\d+\s", line)
        if found:
            printed.append(found.group(1))
    page = organiser_client.get(reverse("organiser:standings", args=[event.slug])).content.decode()
    shown = re.findall(r'<td class="rank">\s*(=?\d+)\s*</td>', page)
    assert shown.count("=2") == 2
    assert sorted(shown) == sorted(printed)
