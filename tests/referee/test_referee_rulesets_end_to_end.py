"""Every ruleset in the engine's registry, refereed end to end through the table page: games entered until the
match is over (UNO: hands until someone reaches the target), signed off, and ranked in the standings."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

import scoring
from referee.draws.services.seats import seat_assign
from referee.models import Game
from referee.people.services.people import player_create, school_create
from referee.tournaments.services.referees import referee_add
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import tournament_create

# ruleset: (players at the table, what each seat holds when it loses, games or hands expected); the
# round-based rulesets play two rounds, each as many games as the table has players.
PLAYS = {
    "hk-school": (4, {"A": "R3 K4 J", "B": "B10", "C": "Y1 Y2", "D": "K13 R13"}, 3),
    "standard": (4, {"A": "B12 Y1", "B": "J", "C": "K7", "D": "R5 R6"}, 8),
    "six-player": (3, {"A": "G5 P7", "B": "P13 J", "C": "G1"}, 6),
    "twist": (2, {"A": "D R3", "B": "M C K2"}, 4),
    "uno": (3, {"A": "R5", "B": "W4 RS", "C": "GD B9"}, 2),
}


def test_the_registry_is_covered():
    assert sorted(PLAYS) == sorted(ruleset.key for ruleset in scoring.all_rulesets())


@pytest.mark.parametrize("ruleset", sorted(PLAYS))
def test_a_table_is_refereed_to_sign_off(client, organiser, referee, ruleset):
    seats, held, expected_games = PLAYS[ruleset]
    tournament = tournament_create(
        actor=organiser,
        name=f"{ruleset} cup",
        slug=f"e2e-{ruleset}",
        ruleset=ruleset,
        target_score=150 if ruleset == "uno" else None,
        rounds_per_table=2,
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
    client.force_login(referee)
    address = reverse("referee:table", args=[table.pk])
    letters = "ABCDEF"[:seats]
    played = 0
    while "entry_form" in (page := client.get(address)).context:
        form = page.context["entry_form"]
        winner = letters[played % seats] if ruleset != "uno" else "A"
        data = {
            "action": "save-game",
            "game_number": form["game_number"].value(),
            "ending": "went-out",
            "went_out": winner,
            "submission": form["submission"].value(),
        }
        for letter in letters:
            if letter != winner:
                data[f"rack_{letter}"] = held[letter]
                data[f"made_initial_meld_{letter}"] = "on"
        response = client.post(address, data)
        assert response.status_code == 302, response.context["entry_form"].errors
        played += 1
        assert played <= 12
    assert played == expected_games == Game.objects.filter(table=table).count()
    assert page.context["progress"].status == "finished"
    assert page.context["outcome"].finished
    assert client.post(address, {"action": "sign-off"}).status_code == 302
    client.force_login(organiser)
    standings = client.get(reverse("organiser:standings", args=[tournament.slug])).context["standings_table"]
    assert len(standings.rows) == seats
