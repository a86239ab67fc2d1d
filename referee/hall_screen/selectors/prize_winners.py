"""Who wins each prize, from the final standings (signed-off tables; confirmed ones when asked).

An overall place goes to whoever the standings rank there (several when tied; nobody when a tie above
takes the place); the best of a school or of a class level to its best-ranked children; a school trophy to
the schools the school ranking places there. The standings' queries, and one for the prizes' schools."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.models import Prize, PrizeKind, Tournament
from referee.results.class_levels import class_level
from referee.standings.selectors.schools import school_standings
from referee.standings.selectors.standings import StandingRow, standings


@dataclass(frozen=True)
class Winners:
    players: list[int]  # players' keys
    schools: list[str]  # schools' codes


def _best(rows: Sequence[StandingRow]) -> list[int]:
    if not rows:
        return []
    best = min(row.rank for row in rows)
    return [row.player_id for row in rows if row.rank == best]


def prize_winners(tournament: Tournament, prizes: Sequence[Prize]) -> dict[int, Winners]:
    """Each prize's winners, by the prize's key (`prizes` with their schools loaded)."""
    rows = standings(tournament, final_only=True)
    needs_schools = any(prize.kind == PrizeKind.SCHOOL_TROPHY for prize in prizes)
    schools = school_standings(tournament, final_only=True) if needs_schools else []
    found: dict[int, Winners] = {}
    for prize in prizes:
        if prize.kind == PrizeKind.PLACE:
            found[prize.pk] = Winners([row.player_id for row in rows if row.rank == prize.place], [])
        elif prize.kind == PrizeKind.SCHOOL_BEST:
            code = prize.school.code if prize.school else ""
            found[prize.pk] = Winners(_best([row for row in rows if row.school_code == code]), [])
        elif prize.kind == PrizeKind.LEVEL_BEST:
            level_rows = [row for row in rows if class_level(row.class_name) == prize.level]
            found[prize.pk] = Winners(_best(level_rows), [])
        else:
            played = [row for row in schools if row.games_played]
            found[prize.pk] = Winners([], [row.code for row in played if row.rank == prize.place])
    return found
