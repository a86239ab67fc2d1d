"""Schools and players: registration, edits, deletion, and their checks."""

from __future__ import annotations

import pytest

from core.errors import ServiceError
from referee.models import Player, School
from referee.people.services.people import (
    player_create,
    player_delete,
    player_update,
    school_create,
    school_delete,
    school_update,
)
from referee.tournaments.services.tournaments import tournament_create


def test_school_codes_are_upper_case_and_unique(organiser, tournament, school):
    assert school.code == "HSP"
    with pytest.raises(ServiceError) as refused:
        school_create(actor=organiser, tournament=tournament, name_zh="別校", name_en="", code="hsp")
    assert refused.value.field == "code"
    assert refused.value.code == "duplicate"


def test_the_same_code_may_be_used_in_another_tournament(organiser, school):
    other = tournament_create(actor=organiser, name="Other", slug="other", ruleset="hk-school")
    again = school_create(actor=organiser, tournament=other, name_zh="海濱小學", name_en="", code="HSP")
    assert again.pk != school.pk


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"name_zh": "", "name_en": " ", "code": "A"}, "name_zh"),
        ({"name_zh": "學校", "name_en": "", "code": ""}, "code"),
        ({"name_zh": "學校", "name_en": "", "code": "X" * 13}, "code"),
    ],
)
def test_bad_schools_are_refused(organiser, tournament, values, field):
    with pytest.raises(ServiceError) as refused:
        school_create(actor=organiser, tournament=tournament, **values)
    assert refused.value.field == field
    assert not School.objects.exists()


def test_school_update_and_delete(organiser, tournament, school):
    school_update(actor=organiser, school=school, name_zh="海濱", name_en="", code="HB")
    school.refresh_from_db()
    assert (school.name_zh, school.code) == ("海濱", "HB")
    school_delete(actor=organiser, school=school)
    assert not School.objects.exists()


def test_a_school_with_players_cannot_be_deleted(organiser, school, players):
    with pytest.raises(ServiceError) as refused:
        school_delete(actor=organiser, school=school)
    assert refused.value.code == "in-use"


def test_players_keep_their_names_as_typed_and_get_numbers(organiser, tournament, school):
    first = player_create(actor=organiser, tournament=tournament, school=school, name_zh="歐陽天佑")
    second = player_create(
        actor=organiser, tournament=tournament, school=school, name_en="Szeto Lok Yi", class_name="5D"
    )
    assert (first.number, second.number) == (1, 2)
    assert first.name_zh == "歐陽天佑"
    assert second.display_name == "Szeto Lok Yi"
    with pytest.raises(ServiceError) as refused:
        player_create(actor=organiser, tournament=tournament, school=school, name_zh="某", number=2)
    assert refused.value.field == "number"


def test_a_player_needs_a_name_and_a_school_of_the_tournament(organiser, tournament, school):
    other = tournament_create(actor=organiser, name="Other", slug="other", ruleset="hk-school")
    foreign = school_create(actor=organiser, tournament=other, name_zh="外校", name_en="", code="F")
    with pytest.raises(ServiceError) as nameless:
        player_create(actor=organiser, tournament=tournament, school=school)
    assert nameless.value.field == "name_zh"
    with pytest.raises(ServiceError) as wrong_school:
        player_create(actor=organiser, tournament=tournament, school=foreign, name_zh="甲")
    assert wrong_school.value.field == "school"
    assert not Player.objects.exists()


def test_player_update_and_delete(organiser, tournament, school, players):
    player = players[0]
    player_update(
        actor=organiser,
        player=player,
        school=school,
        name_zh="陳俊杰",
        name_en="",
        class_name="6A",
        number=40,
    )
    player.refresh_from_db()
    assert (player.name_zh, player.number, player.class_name) == ("陳俊杰", 40, "6A")
    player_delete(actor=organiser, player=player)
    assert not Player.objects.filter(pk=player.pk).exists()


def test_a_seated_player_cannot_be_deleted(organiser, table):
    seated = table.seats.first().player
    with pytest.raises(ServiceError) as refused:
        player_delete(actor=organiser, player=seated)
    assert refused.value.code == "in-use"
