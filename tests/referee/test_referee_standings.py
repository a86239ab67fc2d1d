"""Standings per round and for the tournament, ties as ties, one-line reasons, table winners, the school
summary, sortable pages, and the public page that refreshes itself (names as the privacy setting says)."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import translation

from referee.draws.services.seats import seat_assign
from referee.people.services.people import player_create, school_create
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_confirm, table_sign_off
from referee.standings.selectors.schools import school_standings
from referee.standings.selectors.standings import StandingRow, standings
from referee.standings.selectors.winners import table_winners
from referee.standings.views.tables import rank_text
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.wording.reasons import rank_reason
from scoring import PlayerInput
from tests.referee.conftest import release


@pytest.fixture
def second_round(organiser, referee, tournament, players):
    """Round 2: a two-player table where 劉子晴 (player 5) beats 陳俊傑 (player 1) three times."""
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="第二輪",
        date=datetime.date(2026, 12, 6),
        start_time=datetime.time(9),
    )
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    seat_assign(actor=organiser, table=table, player=players[4], letter="A")
    seat_assign(actor=organiser, table=table, player=players[0], letter="B")
    for number in (1, 2, 3):
        game_result_submit(
            actor=referee,
            table=table,
            game_number=number,
            ending="went-out",
            hands=[PlayerInput("A", went_out=True), PlayerInput("B", rack_value=10)],
        )
    table_sign_off(actor=referee, table=table)
    return round_


def test_per_round_and_for_the_tournament(finished_table, referee, tournament, second_round):
    table_sign_off(actor=referee, table=finished_table)
    first_round = finished_table.round
    by_round = {
        row.player.number: (row.rank, row.games_won, row.total)
        for row in standings(tournament, round_=first_round)
    }
    assert by_round == {2: (1, 2, 123), 3: (2, 1, 35), 1: (3, 0, -68), 4: (4, 0, -90)}
    second = [(row.player.number, row.games_won) for row in standings(tournament, round_=second_round)]
    assert second == [(5, 3), (1, 0)]
    whole = {row.player.number: (row.games_played, row.total) for row in standings(tournament)}
    assert whole[1] == (6, -98)
    assert whole[5] == (3, 30)
    assert [row.player.number for row in standings(tournament)][:2] == [5, 2]


def test_ties_are_shown_as_ties(table, play, tournament, referee):
    play(table, "A", {"B": 5, "C": 5, "D": 9})
    rows = standings(tournament, final_only=False)
    assert [(row.rank, row.tied) for row in rows] == [(1, False), (2, True), (2, True), (4, False)]
    assert [rank_text(row.rank, row.tied) for row in rows] == ["1", "=2", "=2", "4"]


def test_one_line_reasons(finished_table, referee, tournament):
    table_sign_off(actor=referee, table=finished_table)
    rows = standings(tournament)
    with translation.override("en"):
        reasons = [rank_reason(rows, index, lambda row: row.player.name_zh) for index in range(len(rows))]
    assert reasons == [
        "2 games won, total +123; ahead of 張家豪 on games won (2 to 1)",
        "1 game won, total +35; ahead of 陳俊傑 on games won (1 to 0)",
        "0 games won, total -68; ahead of 黃嘉儀 on total score (-68 to -90)",
        "0 games won, total -90; behind 陳俊傑 on total score (-90 to -68)",
    ]
    with translation.override("zh-hant"):
        first = rank_reason(rows, 0, lambda row: row.player.name_zh)
    assert first == "勝出 2 局，總得分 +123；勝出局數多於張家豪（2 對 1）"


def test_a_tie_reason_names_the_tied_players(table, play, tournament):
    play(table, "A", {"B": 5, "C": 5, "D": 9})
    rows = standings(tournament, final_only=False)
    with translation.override("en"):
        reason = rank_reason(rows, 1, lambda row: f"P{row.player.number}")
    assert reason == (
        "0 games won, total -5; tied with P3 on games won and total score; "
        "ahead of P4 on total score (-5 to -9)"
    )


def test_a_chinese_tie_reason_lists_the_names_the_chinese_way():
    names = ["王五", "Mary Smith", "李四", "Tom Lee", "陳大文"]
    rows = [
        StandingRow(1, index, index, name, "", "", "LHP", 3, Fraction(1), Fraction(5), True)
        for index, name in enumerate(names, start=1)
    ]
    with translation.override("zh-hant"):
        reason = rank_reason(rows, 4, lambda row: row.name_zh)
        pair = rank_reason(rows[:3], 0, lambda row: row.name_zh)
    assert reason == "勝出 1 局，總得分 +5；與王五、Mary Smith 及另外 2 人勝出局數及總得分均相同"
    assert pair == "勝出 1 局，總得分 +5；與 Mary Smith 及李四勝出局數及總得分均相同"


def test_a_long_tie_names_only_the_two_it_shows():
    """A tie of a hundred asked for all hundred names on every row of it: the results workbook of 5,000
    players named 44,000 players for its 5,000 reasons."""
    rows = [
        StandingRow(1, index, index, f"P{index}", "", "", "LHP", 3, Fraction(1), Fraction(5), True)
        for index in range(1, 101)
    ]
    asked: list[int] = []

    def name_of(row: StandingRow) -> str:
        asked.append(row.number)
        return row.name_zh

    with translation.override("en"):
        reason = rank_reason(rows, 50, name_of)
    assert "tied with P1, P2 and 97 others" in reason
    assert asked == [1, 2]


def test_school_summary(organiser, finished_table, referee, tournament, players):
    """Every child added up (the tournament's choice here; the fairer rules are tested in
    test_referee_school_ranking.py)."""
    tournament.school_ranking = "all"
    tournament.save(update_fields=["school_ranking"])
    other = school_create(actor=organiser, tournament=tournament, name_zh="山頂小學", name_en="", code="PEAK")
    player_create(actor=organiser, tournament=tournament, school=other, name_zh="新人")
    table_sign_off(actor=referee, table=finished_table)
    rows = {row.code: row for row in school_standings(tournament)}
    assert (rows["HSP"].players, rows["HSP"].games_won, rows["HSP"].total, rows["HSP"].games_played) == (
        5,
        3,
        0,
        12,
    )
    assert (rows["PEAK"].players, rows["PEAK"].games_played, rows["PEAK"].rank) == (1, 0, 2)


def test_table_winners_for_a_page_of_tables(finished_table, table, referee, tournament):
    winners = table_winners(tournament, [finished_table])
    found = winners[finished_table.pk]
    assert found.outcome.decided_by == "games-won"
    assert found.winner.name_zh == "李詠琳"


def test_the_organisers_page_sorts_pages_and_switches_views(
    organiser_client, finished_table, referee, tournament, second_round
):
    table_sign_off(actor=referee, table=finished_table)
    address = reverse("organiser:standings", args=[tournament.slug])
    ranked = organiser_client.get(address).context["standings_table"]
    assert [row.record.player.number for row in ranked.page.object_list] == [5, 2, 3, 4, 1]
    by_total = organiser_client.get(address + "?sort=total").context["standings_table"]
    assert [row.record.player.number for row in by_total.page.object_list][:2] == [2, 3]
    lowest_first = organiser_client.get(address + "?sort=-total").context["standings_table"]
    assert [row.record.player.number for row in lowest_first.page.object_list][0] == 1
    schools = organiser_client.get(address + "?view=schools").context["standings_table"]
    assert [row.record.code for row in schools.page.object_list] == ["HSP"]
    tables = organiser_client.get(address + f"?view=tables&round={second_round.pk}")
    assert len(tables.context["standings_table"].outcomes) == 1
    assert "劉子晴" in tables.content.decode()


def test_the_public_page_waits_for_release_then_refreshes_itself(
    client, organiser, finished_table, referee, tournament
):
    table_sign_off(actor=referee, table=finished_table)
    address = reverse("public:standings", args=[tournament.slug])
    hidden = client.get(address)
    assert "standings_table" not in hidden.context
    assert "refresh" in hidden.content.decode()
    release(organiser, tournament)
    shown = client.get(address)
    page = shown.content.decode()
    assert 'http-equiv="refresh"' not in page  # a reload would throw a reader back to the top
    assert "data-standings-fragment=" in page
    assert "js/standings.js" in page
    assert "李○○" in page
    assert "李詠琳" not in page
    assert "張○○" in page  # names in the reasons follow the privacy setting too


def test_the_projector_turns_the_pages(client, organiser, tournament, referee, round_, players, play):
    """Five players in round 1 and more rounds: the projector shows 15 rows, then the next page."""
    from benchmarks.builders import BulkPlan, build_tournament

    big = build_tournament(BulkPlan(slug="big", players=40, referees=2))
    address = reverse("public:standings", args=[big.slug])
    first = client.get(address + "?projector=1")
    assert '<meta http-equiv="refresh" content="20; url=?projector=1&amp;page=2">' in first.content.decode()
    last = client.get(address + "?projector=1&page=3")
    assert "url=?projector=1&amp;page=1" in last.content.decode()
    assert 'class="projector"' in last.content.decode()


@pytest.mark.parametrize(
    "query", ["per_page=-1", "per_page=0", "per_page=²", "page=-1", "page=²", "page=99999"]
)
def test_the_page_size_is_the_sites_and_any_page_number_gives_a_page(client, tournament, query):
    """The site's page size whatever the address asks; a page that does not exist shows the first or last."""
    from benchmarks.builders import BulkPlan, build_tournament
    from referee.standings.views.tables import PER_PAGE

    big = build_tournament(BulkPlan(slug="big", players=PER_PAGE + 10, referees=2))
    response = client.get(reverse("public:standings", args=[big.slug]) + f"?{query}")
    assert response.status_code == 200
    table = response.context["standings_table"]
    assert table.paginator.per_page == PER_PAGE
    assert table.page.number in (1, table.paginator.num_pages)


@pytest.mark.parametrize("privacy", ["full-names", "initials", "player-numbers"])
def test_public_table_winners_follow_the_privacy_setting(
    client, organiser, finished_table, referee, tournament, privacy
):
    table_sign_off(actor=referee, table=finished_table)
    release(organiser, tournament, privacy=privacy)
    page = client.get(reverse("public:standings", args=[tournament.slug]) + "?view=tables").content.decode()
    expected = {"full-names": "李詠琳", "initials": "李○○", "player-numbers": "2"}[privacy]
    assert expected in page
    if privacy != "full-names":
        assert "李詠琳" not in page


def test_shared_wins_split_show_fractions(organiser, table, play, tournament, referee):
    tournament.shared_win_credit = "split"
    tournament.save()
    game_result_submit(
        actor=referee,
        table=table,
        game_number=1,
        ending="pool-exhausted",
        hands=[PlayerInput(s, rack_value=v) for s, v in zip("ABCD", [1, 1, 10, 7], strict=True)],
    )
    rows = standings(tournament, final_only=False)
    assert rows[0].games_won == Fraction(1, 2)
    assert rows[0].tied


def test_final_table_winners_wait_for_sign_off(
    client, organiser_client, organiser, finished_table, tournament
):
    """A finished table still awaiting sign-off names no winner on the public page or the final standings;
    the organiser's provisional view shows it."""
    release(organiser, tournament, privacy="full-names")
    public = client.get(reverse("public:standings", args=[tournament.slug]) + "?view=tables")
    assert "李詠琳" not in public.content.decode()
    assert public.context["standings_table"].outcomes[finished_table.pk].outcome.decided_by == "unsigned"
    address = reverse("organiser:standings", args=[tournament.slug]) + "?view=tables"
    assert "李詠琳" not in organiser_client.get(address).content.decode()
    assert "李詠琳" in organiser_client.get(address + "&include=unsigned").content.decode()


def test_final_table_winners_wait_for_confirmation_when_asked(organiser, referee, finished_table, tournament):
    table_sign_off(actor=referee, table=finished_table)
    finished_table.refresh_from_db()
    tournament.requires_confirmation = True
    tournament.save()
    waiting = table_winners(tournament, [finished_table], final_only=True)[finished_table.pk]
    assert waiting.winner is None
    assert waiting.outcome.decided_by == "unconfirmed"
    table_confirm(actor=organiser, table=finished_table)
    finished_table.refresh_from_db()
    confirmed = table_winners(tournament, [finished_table], final_only=True)[finished_table.pk]
    assert confirmed.winner.name_zh == "李詠琳"
