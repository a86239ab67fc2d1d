"""A whole game cannot hold more than the set, on the site as in the engine: the typos of issue 33 (500 + 500
in hk-school, 700 + 700 in standard, 5 x 1,000 in six-player, 1,200 + 1,200 in UNO) are refused through the
table page in every ruleset with the engine's code, a message naming both totals, and nothing saved."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from core.errors import ServiceError
from referee.draws.services.seats import seat_assign
from referee.models import Game
from referee.people.services.people import player_create, school_create
from referee.play.services.results import game_result_submit
from referee.tournaments.services.referees import referee_add
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import tournament_create
from scoring import PlayerInput
from tests.referee.conftest import form_errors

# ruleset: the rack values typed for seats B, C, ... (A went out), and the whole set's value.
TYPOS = {
    "hk-school": ([500, 500], 788),
    "standard": ([700, 700], 788),
    "six-player": ([1000, 1000, 1000, 1000, 1000], 1212),
    "twist": ([500, 500], 968),
    "uno": ([1200, 1200], 1240),
}


def seated_table(organiser, referee, ruleset: str, seats: int):
    tournament = tournament_create(
        actor=organiser, name=f"{ruleset} cup", slug=f"bounds-{ruleset}", ruleset=ruleset
    )
    referee_add(actor=organiser, tournament=tournament, username=referee.username)
    school = school_create(actor=organiser, tournament=tournament, name_zh="海濱小學", name_en="", code="HSP")
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="R1",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9),
    )
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for number in range(seats):
        player = player_create(actor=organiser, tournament=tournament, school=school, name_zh=f"選手{number}")
        seat_assign(actor=organiser, table=table, player=player)
    return table


@pytest.mark.parametrize("ruleset", sorted(TYPOS))
def test_the_service_refuses_an_over_full_game_with_the_engine_s_code(organiser, referee, ruleset):
    values, most = TYPOS[ruleset]
    table = seated_table(organiser, referee, ruleset, len(values) + 1)
    hands = [PlayerInput("A", went_out=True)] + [
        PlayerInput(chr(66 + i), rack_value=value) for i, value in enumerate(values)
    ]
    with pytest.raises(ServiceError) as caught:
        game_result_submit(actor=referee, table=table, game_number=1, ending="went-out", hands=hands)
    assert caught.value.code == "engine:game-over-set"
    assert str(sum(values)) in caught.value.message
    assert str(most) in caught.value.message
    assert not Game.objects.exists()


@pytest.mark.parametrize("ruleset", sorted(TYPOS))
def test_the_table_page_says_so_in_both_languages(client, organiser, referee, ruleset):
    values, most = TYPOS[ruleset]
    table = seated_table(organiser, referee, ruleset, len(values) + 1)
    client.force_login(referee)
    data = {
        "action": "save-game",
        "game_number": "1",
        "ending": "went-out",
        "went_out": "A",
        "submission": "typo",
    }
    for i, value in enumerate(values):
        data[f"rack_value_{chr(66 + i)}"] = str(value)
        data[f"made_initial_meld_{chr(66 + i)}"] = "on"
    address = reverse("referee:table", args=[table.pk])
    english = form_errors(client.post(address, data, HTTP_ACCEPT_LANGUAGE="en"), "entry_form")
    chinese = form_errors(client.post(address, data, HTTP_ACCEPT_LANGUAGE="zh-hant"), "entry_form")
    deck = "deck" if ruleset == "uno" else "set"
    assert english["__all__"] == [
        f"The {'hands' if ruleset == 'uno' else 'racks'} of this game are worth {sum(values)} together, but "
        f"the whole {deck} is worth only {most}"
        + ("" if ruleset == "uno" else " (jokers included)")
        + ": check each value for a typo (500 for 50)."
    ]
    assert f"{sum(values)}" in chinese["__all__"][0]
    assert f"{most}" in chinese["__all__"][0]
    assert list(chinese["__all__"]) != list(english["__all__"])
    assert not Game.objects.exists()
