"""Rounds at each table (standard, six-player, twist): a round has as many games as the table has players, so
tables of 3 and 4 in one tournament play different numbers of games; a whole tournament played through the
services and its standings checked against numbers worked by hand."""

from __future__ import annotations

import datetime
from fractions import Fraction
from importlib import import_module
from pathlib import Path

import pytest
from django.apps import apps
from django.urls import reverse

from core.errors import ServiceError
from referee.draws.services.seats import seat_assign
from referee.models import Table, Tournament
from referee.people.services.people import player_create, school_create
from referee.play.selectors.progress import tournament_progress
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.results.table_rules import games_required, settings_that_apply
from referee.standings.selectors.standings import standings
from referee.tournaments.services.schedule import round_create, table_create
from referee.tournaments.services.tournaments import tournament_create
from tests.referee.conftest import went_out


def make(organiser, ruleset: str, **settings) -> Tournament:
    return tournament_create(
        actor=organiser, name=f"{ruleset} cup", slug=f"r-{ruleset}", ruleset=ruleset, **settings
    )


@pytest.mark.parametrize("ruleset", ["standard", "six-player", "twist"])
def test_a_round_is_as_many_games_as_the_table_has_players(organiser, ruleset):
    tournament = make(organiser, ruleset, rounds_per_table=2)
    assert [games_required(tournament, seats) for seats in (2, 3, 4)] == [4, 6, 8]


def test_blank_rounds_is_one_round(organiser):
    tournament = make(organiser, "standard")
    assert tournament.rounds_per_table is None
    assert (games_required(tournament, 3), games_required(tournament, 4)) == (3, 4)


def test_the_school_rules_keep_their_games_per_table_and_uno_plays_to_its_target(organiser):
    school = make(organiser, "hk-school", games_per_table=5, rounds_per_table=3)
    uno = make(organiser, "uno", games_per_table=5, rounds_per_table=3)
    assert (school.games_per_table, school.rounds_per_table) == (5, None)
    assert [games_required(school, seats) for seats in (3, 4)] == [5, 5]
    assert (uno.games_per_table, uno.rounds_per_table, games_required(uno, 4)) == (None, None, None)


def test_settings_a_ruleset_never_reads_are_not_kept(organiser):
    standard = make(organiser, "standard", games_per_table=8, target_score=300, rounds_per_table=2)
    assert (standard.games_per_table, standard.target_score, standard.rounds_per_table) == (None, None, 2)
    assert "games_per_table" not in settings_that_apply("standard")
    assert {"shared_win_credit", "games_per_table", "rounds_per_table", "turn_seconds"}.isdisjoint(
        settings_that_apply("uno")
    )


@pytest.mark.parametrize("rounds", [0, -1, 21])
def test_rounds_out_of_range_are_refused(organiser, rounds):
    with pytest.raises(ServiceError) as refused:
        make(organiser, "standard", rounds_per_table=rounds)
    assert refused.value.field == "rounds_per_table"
    assert not Tournament.objects.exists()


# Table 1 seats three, table 2 four; two rounds: 6 and 8 games. Each game: who went out, the others' racks.
TABLE_OF_THREE = [
    ("A", {"B": 10, "C": 5}),
    ("B", {"A": 4, "C": 6}),
    ("C", {"A": 3, "B": 7}),
    ("A", {"B": 2, "C": 8}),
    ("A", {"B": 1, "C": 1}),
    ("B", {"A": 20, "C": 30}),
]
TABLE_OF_FOUR = [
    ("A", {"B": 1, "C": 2, "D": 3}),
    ("A", {"B": 1, "C": 1, "D": 1}),
    ("B", {"A": 10, "C": 10, "D": 10}),
    ("C", {"A": 5, "B": 5, "D": 5}),
    ("D", {"A": 1, "B": 1, "C": 1}),
    ("A", {"B": 2, "C": 2, "D": 2}),
    ("B", {"A": 4, "C": 4, "D": 4}),
    ("C", {"A": 3, "B": 3, "D": 3}),
]
# Worked by hand: games won and total per player (table 1: A 15-4-3+10+2-20 = 0, B -10+10-7-2-1+50 = 40, ...).
EXPECTED = [
    # rank, player, games played, games won, total
    (1, "一A", 6, 3, 0),
    (2, "二A", 8, 3, -8),
    (3, "一B", 6, 2, 40),
    (4, "二B", 8, 2, 29),
    (5, "二C", 8, 2, 4),
    (6, "二D", 8, 1, -25),
    (7, "一C", 6, 1, -40),
]


@pytest.fixture
def mixed_tournament(organiser):
    tournament = make(organiser, "standard", rounds_per_table=2)
    school = school_create(actor=organiser, tournament=tournament, name_zh="海濱小學", name_en="", code="HSP")
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="R1",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9),
    )
    tables = []
    for prefix, letters in (("一", "ABC"), ("二", "ABCD")):
        table = table_create(actor=organiser, round_=round_)
        for letter in letters:
            player = player_create(
                actor=organiser, tournament=tournament, school=school, name_zh=prefix + letter
            )
            seat_assign(actor=organiser, table=table, player=player, letter=letter)
        tables.append(Table.objects.get(pk=table.pk))
    return tournament, tables


def play_all(organiser, table: Table, games, start: int = 1) -> None:
    for number, (winner, racks) in enumerate(games, start=start):
        game_result_submit(
            actor=organiser,
            table=table,
            game_number=number,
            ending="went-out",
            hands=went_out(winner, racks),
        )


def test_tables_of_three_and_four_play_two_rounds_each(organiser, mixed_tournament):
    tournament, (three, four) = mixed_tournament
    play_all(organiser, three, TABLE_OF_THREE)
    play_all(organiser, four, TABLE_OF_FOUR[:6])
    progress = {row.number: row for row in tournament_progress(tournament)[0].tables}
    assert (progress[three.number].games_required, progress[three.number].status) == (6, "finished")
    assert (progress[four.number].games_required, progress[four.number].status) == (8, "in-play")
    with pytest.raises(ServiceError) as refused:  # a seventh game at the table of three: two rounds are over
        play_all(organiser, three, [("A", {"B": 1, "C": 1})], start=7)
    assert refused.value.field == "game_number"
    with pytest.raises(ServiceError):  # not finished: two rounds at a table of four are eight games
        table_sign_off(actor=organiser, table=four)
    play_all(organiser, four, TABLE_OF_FOUR[6:], start=7)
    for table in (three, four):
        table_sign_off(actor=organiser, table=Table.objects.get(pk=table.pk))
    rows = standings(tournament)
    assert [(r.rank, r.name_zh, r.games_played, r.games_won, r.total) for r in rows] == [
        (rank, name, played, Fraction(won), Fraction(total)) for rank, name, played, won, total in EXPECTED
    ]
    assert sum(row.total for row in rows) == 0


@pytest.mark.parametrize(
    ("ruleset", "shown", "hidden"),
    [
        (
            "hk-school",
            {"games_per_table", "shared_win_credit", "turn_seconds"},
            {"rounds_per_table", "target_score"},
        ),
        ("standard", {"rounds_per_table", "shared_win_credit"}, {"games_per_table", "target_score"}),
        (
            "uno",
            {"target_score"},
            {"games_per_table", "rounds_per_table", "shared_win_credit", "turn_seconds"},
        ),
    ],
)
def test_the_settings_page_shows_what_the_ruleset_reads(organiser, organiser_client, ruleset, shown, hidden):
    tournament = make(organiser, ruleset)
    form = organiser_client.get(reverse("organiser:settings", args=[tournament.slug])).context["form"]
    assert shown <= set(form.fields)
    assert hidden.isdisjoint(form.fields)


def test_rounds_are_saved_from_the_settings_page(organiser, organiser_client):
    tournament = make(organiser, "twist")
    data = {"name": "Twist", "privacy": "initials", "language": "en", "shared_win_credit": "full"}
    response = organiser_client.post(
        reverse("organiser:settings", args=[tournament.slug]), {**data, "rounds_per_table": "3"}
    )
    assert response.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).rounds_per_table == 3


def test_the_migration_turns_games_into_whole_rounds(organiser):

    found = next(
        (Path(__file__).parents[2] / "referee" / "migrations").glob("*_tournament_rounds_per_table.py")
    )
    migration = import_module(f"referee.migrations.{found.stem}")  # found by name: merges renumber them
    standard = make(organiser, "standard")
    six = make(organiser, "six-player")
    Tournament.objects.filter(pk=standard.pk).update(games_per_table=8)
    Tournament.objects.filter(pk=six.pk).update(games_per_table=5)
    migration.games_become_rounds(apps, None)
    standard.refresh_from_db()
    six.refresh_from_db()
    assert (standard.rounds_per_table, standard.games_per_table) == (2, None)
    assert (six.rounds_per_table, six.games_per_table) == (1, None)


@pytest.mark.parametrize(
    ("ruleset", "shown", "hidden"),
    [
        (
            "uno",
            {"target_score"},
            {"games_per_table", "rounds_per_table", "shared_win_credit", "strict_rule"},
        ),
        ("twist", {"rounds_per_table", "strict_rule"}, {"games_per_table", "target_score", "small_set"}),
        ("hk-school", {"games_per_table", "shared_win_credit"}, {"rounds_per_table", "target_score"}),
    ],
)
def test_the_new_tournament_form_follows_the_chosen_ruleset(organiser_client, ruleset, shown, hidden):
    page = organiser_client.get(reverse("organiser:tournament_create"), {"ruleset": ruleset})
    form = page.context["form"]
    assert shown <= set(form.fields)
    assert hidden.isdisjoint(form.fields)
    assert form["ruleset"].value() == ruleset


def test_an_unknown_ruleset_in_the_address_falls_back_to_the_school_rules(organiser_client):
    page = organiser_client.get(reverse("organiser:tournament_create"), {"ruleset": "mahjong"})
    assert page.context["form"]["ruleset"].value() == "hk-school"


def test_a_uno_tournament_is_created_from_its_own_form(organiser_client):
    data = {"name": "UNO", "slug": "uno-form", "ruleset": "uno", "privacy": "initials", "language": "en"}
    response = organiser_client.post(reverse("organiser:tournament_create"), {**data, "target_score": "300"})
    assert response.status_code == 302
    assert Tournament.objects.get(slug="uno-form").target_score == 300


def test_the_table_page_counts_games_and_rounds(organiser, organiser_client, mixed_tournament):
    tournament, (three, _four) = mixed_tournament
    page = organiser_client.get(
        reverse("organiser:table", args=[tournament.slug, three.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "0 of 6 games played. (2 rounds of 3 games each)" in page.content.decode()
