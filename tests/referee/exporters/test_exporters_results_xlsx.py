"""The results workbook: six sheets, numbers as numbers, frozen filtered headers, matching the standings."""

from __future__ import annotations

import io
from collections import defaultdict
from datetime import timedelta
from fractions import Fraction
from zoneinfo import ZoneInfo

import pytest
from django.utils import translation
from openpyxl import load_workbook

from referee.draws.services.seats import seat_assign
from referee.exports.exporters import ExportRequest, get_exporter
from referee.models import HandResult, Incident
from referee.people.services.people import player_create, school_create
from referee.play.services.incidents import incident_record
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_tie_break_record
from referee.standings.selectors.standings import standings
from referee.tournaments.services.schedule import round_create, table_create
from referee.tournaments.services.tournaments import tournament_create
from referee.wording.codes import decided_by_label
from scoring import PlayerInput

SHEETS = ["Standings", "Tables", "Games", "Players", "Schools", "Incidents"]


@pytest.fixture
def workbook(export_request):
    filename, mimetype, data = get_exporter("results-xlsx")(export_request()).render()
    assert filename == "cup-results-xlsx.xlsx"
    assert mimetype == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    return load_workbook(io.BytesIO(data))


def records(sheet) -> list[dict]:
    rows = list(sheet.iter_rows(values_only=True))
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def test_the_six_sheets_in_order(workbook):
    assert workbook.sheetnames == SHEETS


def test_every_sheet_has_a_frozen_filtered_header_and_set_widths(workbook):
    for sheet in workbook.worksheets:
        assert sheet.freeze_panes == "A2"
        assert sheet.auto_filter.ref == f"A1:{sheet.cell(1, sheet.max_column).column_letter}{sheet.max_row}"
        assert sheet["A1"].font.bold
        assert sheet.column_dimensions["A"].width > 0


def test_standings_are_numbers_that_match_the_selector(workbook, event):
    rows = records(workbook["Standings"])
    expected = standings(event)
    assert len(rows) == len(expected) == 8
    for row, standing in zip(rows, expected, strict=True):
        assert row["No."] == standing.player.number
        assert isinstance(row["Rank"], int)
        assert row["Rank"] == standing.rank
        assert isinstance(row["Games won"], int | float)
        assert Fraction(row["Games won"]) == standing.games_won
        assert isinstance(row["Total score"], int | float)
        assert Fraction(row["Total score"]).limit_denominator(60) == standing.total


def test_ties_are_flagged_in_the_standings(workbook):
    tied = [row["Name in Chinese"] for row in records(workbook["Standings"]) if row["Tied"] == "yes"]
    assert sorted(tied) == sorted(["何浩然", "林曉彤"])


def test_a_shared_win_keeps_its_half_and_shows_two_decimals(workbook):
    sheet = workbook["Games"]
    header = [cell.value for cell in sheet[1]]
    score_column = header.index("Score") + 1
    shares = [
        row[score_column - 1] for row in sheet.iter_rows(min_row=2) if row[score_column - 1].value == 15.5
    ]
    assert len(shares) == 2
    assert all(cell.number_format == "0.00" for cell in shares)


def test_games_hold_every_hand_with_facts_and_derived_numbers(workbook, event):
    rows = records(workbook["Games"])
    assert len(rows) == HandResult.objects.filter(game__table__round__tournament=event).count() == 24
    by_game = defaultdict(Fraction)
    for row in rows:
        by_game[(row["Table"], row["Game"])] += Fraction(row["Score"])
        assert isinstance(row["Penalty"], int)
    assert set(by_game.values()) == {0}
    first = rows[0]
    assert (first["Seat"], first["Player"], first["Rack value given"], first["Penalty"], first["Score"]) == (
        "A",
        "陳俊傑",
        7,
        7,
        -7,
    )
    assert first["Basis"] == "tiles on the rack"
    assert first["Ending"] == "Someone went out"


def test_tables_say_who_won_and_how(workbook):
    rows = {row["Table"]: row for row in records(workbook["Tables"])}
    with translation.override("en"):
        labels = {code: decided_by_label(code) for code in ("games-won", "unresolved")}
    assert rows[1]["Winner"] == "李詠琳"
    assert rows[1]["Decided by"] == labels["games-won"]
    assert rows[1]["Status"] == "Signed off"
    assert rows[1]["Signed off at"] is not None
    assert rows[2]["Winner"] is None
    assert rows[2]["Decided by"] == labels["unresolved"]
    assert rows[3]["Games played"] == 0
    assert rows[3]["Players seated"] == 3
    assert rows[3]["Decided by"] is None
    assert rows[3]["Status"] == "Not started"


def test_a_tie_broken_by_the_organisers_names_the_winner_and_how(export_request, tie_table, organiser):
    table_tie_break_record(actor=organiser, table=tie_table, seat="B", how="抽籤 (drawing lots)")
    data = get_exporter("results-xlsx")(export_request()).render()[2]
    row = {row["Table"]: row for row in records(load_workbook(io.BytesIO(data))["Tables"])}[2]
    assert (row["Winner's seat"], row["Winner"]) == ("B", "林曉彤")
    assert row["Decided by"].endswith(": 抽籤 (drawing lots)")


def test_each_rank_says_why(workbook):
    rows = records(workbook["Standings"])
    assert rows[0]["Why this rank"].startswith("2 games won, total +123")
    tied = [row["Why this rank"] for row in rows if row["Tied"] == "yes"]
    assert len(tied) == 2
    assert all("tied with" in reason for reason in tied)


def test_players_schools_and_incidents(workbook, event):
    players = records(workbook["Players"])
    assert len(players) == 11
    mary = next(row for row in players if row["Name in English"] == "Mary Lee")
    assert mary["School code"] == "LHP"
    assert not mary["Name in Chinese"]
    assert isinstance(mary["No."], int)
    schools = {row["School code"]: row for row in records(workbook["Schools"])}
    assert schools["HSP"]["Players"] == 5
    assert schools["LHP"]["Players"] == 6
    # Ranked by the best 3 children (the default): the figures are theirs, as the pages show them.
    assert (schools["HSP"]["Counted"], schools["HSP"]["Games played"]) == (3, 9)
    assert isinstance(schools["HSP"]["Rank"], int)
    best_three = [row for row in standings(event) if row.school_code == "LHP"][:3]
    assert Fraction(schools["LHP"]["Total score"]) == sum((row.total for row in best_three), Fraction(0))
    assert "best 3 children" in workbook["Schools"].oddFooter.center.text
    incidents = records(workbook["Incidents"])
    assert len(incidents) == Incident.objects.count() == 1
    assert incidents[0]["Tiles drawn"] == 3
    assert incidents[0]["Note"] == "第 5 回合超時"
    assert incidents[0]["Recorded at"] is not None


def test_split_shared_wins_get_their_own_credit_column(organiser, referee, round_, workbook):
    assert "Games-won credit" not in [cell.value for cell in workbook["Games"][1]]
    tournament = tournament_create(
        actor=organiser, name="Split", slug="split", ruleset="hk-school", shared_win_credit="split"
    )
    school = school_create(actor=organiser, tournament=tournament, name_zh="海濱小學", name_en="", code="HSP")
    split_round = round_create(
        actor=organiser, tournament=tournament, name="R1", date=round_.date, start_time=round_.start_time
    )
    table = table_create(actor=organiser, round_=split_round)
    for letter in "AB":
        player = player_create(actor=organiser, tournament=tournament, school=school, name_zh=letter * 3)
        seat_assign(actor=organiser, table=table, player=player, letter=letter)
    hands = [PlayerInput("A", rack_value=4), PlayerInput("B", rack_value=4)]
    game_result_submit(actor=organiser, table=table, game_number=1, ending="pool-exhausted", hands=hands)
    request = ExportRequest(tournament=tournament, language="en", include_unsigned=True)
    games = load_workbook(io.BytesIO(get_exporter("results-xlsx")(request).render()[2]))["Games"]
    credits = [row["Games-won credit"] for row in records(games)]
    assert credits == [0.5, 0.5]


def test_times_are_the_tournaments_local_time(workbook, signed_table):
    signed_table.refresh_from_db()
    local = signed_table.signed_off_at.astimezone(ZoneInfo("Asia/Hong_Kong")).replace(tzinfo=None)
    row = {row["Table"]: row for row in records(workbook["Tables"])}[1]
    assert abs(row["Signed off at"] - local) < timedelta(seconds=1)


def test_the_school_column_follows_the_language_of_the_workbook(workbook, export_request):
    english = {row["School code"]: row["School"] for row in records(workbook["Standings"])}
    assert english == {"HSP": "Harbourside Primary", "LHP": "Lion Hill Primary"}
    data = get_exporter("results-xlsx")(export_request(language="zh-hant")).render()[2]
    chinese = load_workbook(io.BytesIO(data))["參加者"]
    assert {row[3]: row[4] for row in chinese.iter_rows(min_row=2, values_only=True)} == {
        "HSP": "海濱小學",
        "LHP": "獅山小學",
    }


def test_games_and_incidents_count_exactly_what_the_standings_count(
    export_request, empty_table, other_referee
):
    """A table still in play stays out of every sheet of a final workbook, so each player's games add up to
    their total in the standings, as a teacher checking with a pivot table would expect."""
    hands = [PlayerInput("A", went_out=True), PlayerInput("B", rack_value=9), PlayerInput("C", rack_value=4)]
    game = game_result_submit(
        actor=other_referee, table=empty_table, game_number=1, ending="went-out", hands=hands
    )
    incident_record(actor=other_referee, game=game, seat=empty_table.seats.get(letter="B"), kind="overtime")
    for provisional in (False, True):
        data = get_exporter("results-xlsx")(export_request(include_unsigned=provisional)).render()[2]
        workbook = load_workbook(io.BytesIO(data))
        added = defaultdict(Fraction)
        for row in records(workbook["Games"]):
            added[row["No."]] += Fraction(row["Score"]).limit_denominator(60)
        totals = {
            row["No."]: Fraction(row["Total score"]).limit_denominator(60)
            for row in records(workbook["Standings"])
        }
        assert added == totals
        assert len(totals) == (11 if provisional else 8)
        assert len(records(workbook["Incidents"])) == (2 if provisional else 1)


def test_a_school_has_a_name_and_a_player_a_person_s_name_in_chinese(export_request):
    data = get_exporter("results-xlsx")(export_request(language="zh-hant")).render()[2]
    book = load_workbook(io.BytesIO(data))
    headers = {sheet.title: [cell.value for cell in sheet[1]] for sheet in book.worksheets}
    assert headers["學校"][3:5] == ["中文名稱", "英文名稱"]
    assert headers["參加者"][1:3] == ["中文姓名", "英文姓名"]
    assert "中文姓名" in headers["排名"]


def test_a_provisional_workbook_says_so_on_its_name_title_and_first_sheet(export_request):
    """The sheets keep their names (a teacher's formulas may refer to them) but take an amber tab."""
    filename, _mimetype, data = get_exporter("results-xlsx")(export_request(include_unsigned=True)).render()
    assert filename == "cup-results-xlsx-provisional.xlsx"
    workbook = load_workbook(io.BytesIO(data))
    assert "provisional" in workbook.properties.title.lower()
    assert workbook.sheetnames == ["Provisional", *SHEETS]
    note = [row[0] for row in workbook["Provisional"].iter_rows(values_only=True)]
    assert note[0] == "Provisional: includes tables not yet signed off."
    for sheet in workbook.worksheets[1:]:  # the data sheets keep their frozen, filtered header row
        assert sheet.freeze_panes == "A2"
        assert sheet.auto_filter.ref == f"A1:{sheet.cell(1, sheet.max_column).column_letter}{sheet.max_row}"
    assert {sheet.sheet_properties.tabColor.rgb for sheet in workbook.worksheets} == {"00FFB000"}


def test_a_provisional_workbook_in_chinese(export_request):
    request = export_request(include_unsigned=True, language="zh-hant")
    workbook = load_workbook(io.BytesIO(get_exporter("results-xlsx")(request).render()[2]))
    assert workbook.sheetnames[:2] == ["暫定", "排名"]
    assert "暫定" in workbook.properties.title
    assert workbook["暫定"]["A1"].value == "暫定排名：包括尚未簽署的比賽桌。"


def test_a_final_workbook_is_titled_without_the_mark(workbook):
    assert workbook.properties.title == "小學邀請賽 · Results workbook (Excel)"
    assert all(sheet.sheet_properties.tabColor is None for sheet in workbook.worksheets)
