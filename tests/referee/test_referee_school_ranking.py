"""Schools ranked fairly to small teams: the best N children, or the average per child, by the tournament's
choice, with the rule said in words; every child added up stays available."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import translation

from referee.draws.services.seats import seat_assign
from referee.models import Table
from referee.people.services.people import player_create, school_create
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.standings.selectors.schools import school_standings
from referee.tournaments.services.schedule import table_assign_referee, table_create
from referee.tournaments.services.tournaments import SETTINGS_FIELDS, ServiceError, tournament_update
from referee.wording.school_ranking import school_ranking_text
from tests.referee.conftest import went_out


def build(organiser, tournament, referee, round_, internal_rack: int = 40):
    """A big school (BIG, 18 children) and a small one (SML, 2), every table signed off after 3 games.

    Three tables of four BIG children among themselves (their A wins every game, the others holding
    `internal_rack` each); then each SML child at a table with three BIG children, winning every game
    against racks of 50. Every child added up, BIG has more games won (9 to 6) but a total of -900."""
    big = school_create(actor=organiser, tournament=tournament, name_zh="大校", name_en="", code="BIG")
    small = school_create(actor=organiser, tournament=tournament, name_zh="小校", name_en="", code="SML")
    bigs = [
        player_create(actor=organiser, tournament=tournament, school=big, name_zh=f"大{i}") for i in range(18)
    ]
    smalls = [
        player_create(actor=organiser, tournament=tournament, school=small, name_zh=f"小{i}")
        for i in range(2)
    ]
    seatings = [(bigs[0:4], internal_rack), (bigs[4:8], internal_rack), (bigs[8:12], internal_rack)]
    seatings += [([smalls[0], *bigs[12:15]], 50), ([smalls[1], *bigs[15:18]], 50)]
    for seated, rack in seatings:
        table = table_create(actor=organiser, round_=round_)
        table_assign_referee(actor=organiser, table=table, referee=referee)
        for letter, player in zip("ABCD", seated, strict=True):
            seat_assign(actor=organiser, table=table, player=player, letter=letter)
        for number in (1, 2, 3):
            hands = went_out("A", {letter: rack for letter in "BCD"})
            game_result_submit(actor=referee, table=table, game_number=number, ending="went-out", hands=hands)
        table_sign_off(actor=referee, table=Table.objects.get(pk=table.pk))
    return tournament


@pytest.fixture
def two_schools(organiser, tournament, referee, round_):
    return build(organiser, tournament, referee, round_)


def rows(tournament):
    return {row.code: row for row in school_standings(tournament)}


def test_every_child_added_up_favours_the_big_school(two_schools):
    two_schools.school_ranking = "all"
    found = rows(two_schools)
    assert (found["BIG"].rank, found["SML"].rank) == (1, 2)
    assert (found["BIG"].games_won, found["BIG"].total) == (9, -900)


def test_the_best_two_children_rank_the_small_school_first(two_schools):
    two_schools.school_ranking, two_schools.school_best_count = "best", 2
    found = rows(two_schools)
    assert (found["SML"].rank, found["BIG"].rank) == (1, 2)
    assert (found["SML"].games_won, found["SML"].total, found["SML"].counted) == (6, 900, 2)
    assert (found["BIG"].games_won, found["BIG"].total, found["BIG"].counted) == (6, 720, 2)


def test_the_average_per_child_who_played(two_schools):
    two_schools.school_ranking = "average"
    found = rows(two_schools)
    assert found["SML"].games_won == 3
    assert found["BIG"].games_won == Fraction(9, 18)
    assert found["SML"].rank == 1


def test_equal_schools_share_the_place(organiser, tournament, referee, round_):
    equal = build(organiser, tournament, referee, round_, internal_rack=50)
    equal.school_ranking, equal.school_best_count = "best", 1
    found = rows(equal)
    assert found["SML"].games_won == found["BIG"].games_won == 3
    assert found["SML"].total == found["BIG"].total == 450  # each's best child beat racks of 50 three times
    assert (found["SML"].rank, found["SML"].tied, found["BIG"].rank) == (1, True, 1)


def test_the_rule_is_said_on_the_pages(organiser_client, two_schools):
    with translation.override("en"):
        assert school_ranking_text(two_schools) == (
            "Schools rank by their best 3 children who played: games won, then total score, added up; "
            "schools still equal share the place."
        )
    page = organiser_client.get(reverse("organiser:standings", args=[two_schools.slug]) + "?view=schools")
    assert "最佳 3 名" in page.content.decode()
    assert "計算人數" in page.content.decode()  # the column of children counted


def test_the_settings_form_sets_the_rule(organiser, two_schools):
    values = {name: getattr(two_schools, name) for name in SETTINGS_FIELDS}
    tournament_update(actor=organiser, tournament=two_schools, **{**values, "school_ranking": "average"})
    two_schools.refresh_from_db()
    assert two_schools.school_ranking == "average"
    with pytest.raises(ServiceError) as refused:
        tournament_update(actor=organiser, tournament=two_schools, **{**values, "school_best_count": 99})
    assert refused.value.field == "school_best_count"
