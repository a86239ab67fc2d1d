"""What each school's notice says: the rounds' times, each child's tables, results once public.

Results are the public ones only (released standings, rounds held from the public left out), so a notice
never tells a parent more than the public pages do. A fixed number of queries for every school at once.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from referee.models import Player, Round, School, Seat, Tournament
from referee.standings.selectors.held_results import held_round_ids
from referee.standings.selectors.schools import SchoolRow, school_standings
from referee.standings.selectors.standings import StandingRow, standings


@dataclass(frozen=True)
class ChildLine:
    player: Player
    tables: list[tuple[Round, int]]  # (round, table number) for each round they are seated in
    standing: StandingRow | None


@dataclass(frozen=True)
class SchoolNotice:
    school: School
    rounds: list[Round]
    children: list[ChildLine] = field(default_factory=list)
    school_row: SchoolRow | None = None
    school_count: int = 0


def school_notices(tournament: Tournament) -> list[SchoolNotice]:
    rounds = list(tournament.rounds.order_by("order"))
    by_round = {round_.pk: round_ for round_ in rounds}
    seats: dict[int, list[tuple[Round, int]]] = defaultdict(list)
    for player_id, round_id, number in (
        Seat.objects.filter(round__tournament=tournament)
        .order_by("round__order")
        .values_list("player_id", "round_id", "table__number")
    ):
        seats[player_id].append((by_round[round_id], number))
    public = tournament.standings_released
    held = held_round_ids(tournament) if public else frozenset()
    ranks = {row.player_id: row for row in standings(tournament, held=held)} if public else {}
    schools_ranked = {row.code: row for row in school_standings(tournament, held=held)} if public else {}
    children: dict[int, list[ChildLine]] = defaultdict(list)
    for player in Player.objects.filter(tournament=tournament).order_by("number"):
        children[player.school_id].append(ChildLine(player, seats[player.pk], ranks.get(player.pk)))
    return [
        SchoolNotice(
            school, rounds, children[school.pk], schools_ranked.get(school.code), len(schools_ranked)
        )
        for school in School.objects.filter(tournament=tournament).order_by("code")
    ]
