"""A field of players in three schools, a round to draw, and round 1 played: shared by the draw tests."""

from __future__ import annotations

import datetime

from referee.draws.services.draws import round_draw_commit, round_draw_preview
from referee.models import Player, Round, Table, Tournament
from referee.people.services.people import player_create, school_create
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.tournaments.services.schedule import round_create
from scoring import PlayerInput

SCHOOLS = (("海濱小學", "HSP", 6), ("山頂小學", "PKS", 4), ("河畔小學", "RVS", 3))


def make_field(organiser, tournament: Tournament, scale: int = 1) -> list[Player]:
    """13 players: 6, 4 and 3 of three schools, numbered 1..13 (`scale` times as many)."""
    players = []
    for name, code, count in SCHOOLS:
        school = school_create(actor=organiser, tournament=tournament, name_zh=name, name_en="", code=code)
        for index in range(count * scale):
            players.append(
                player_create(
                    actor=organiser, tournament=tournament, school=school, name_zh=f"{name}{index + 1}號"
                )
            )
    return players


def make_round(organiser, tournament: Tournament, name: str, order: int | None = None) -> Round:
    return round_create(
        actor=organiser,
        tournament=tournament,
        name=name,
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9, 30),
        order=order,
    )


def seated(round_: Round) -> list[list[str]]:
    """The round's tables as the engine names them: player numbers as text, in seat order."""
    return [
        [str(seat.player.number) for seat in table.seats.order_by("letter").select_related("player")]
        for table in Table.objects.filter(round=round_).order_by("number")
    ]


def draw_and_seat(organiser, round_: Round, **options) -> None:
    options.setdefault("table_max", 4)
    options.setdefault("table_min", 3)
    draw = round_draw_preview(actor=organiser, round_=round_, **options)
    round_draw_commit(actor=organiser, draw=draw)


def play_round(actor, round_: Round, winners: dict[int, str] | None = None) -> None:
    """Three went-out games at each table (seat A, or the given seat, wins them all), then sign-off."""
    winners = winners or {}
    for table in Table.objects.filter(round=round_).order_by("number"):
        letters = list(table.seats.order_by("letter").values_list("letter", flat=True))
        winner = winners.get(table.number, "A")
        for number in (1, 2, 3):
            hands = [services_hand(letter, winner, index) for index, letter in enumerate(letters)]
            game_result_submit(actor=actor, table=table, game_number=number, ending="went-out", hands=hands)
        table_sign_off(actor=actor, table=table)


def services_hand(letter: str, winner: str, index: int) -> PlayerInput:
    if letter == winner:
        return PlayerInput(seat=letter, went_out=True)
    return PlayerInput(seat=letter, rack_value=5 * (index + 1))
