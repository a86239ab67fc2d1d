"""Reads. Each selector returns dataclass rows and runs a fixed number of queries, whatever the size."""

from referee.selectors.history import AuditRow, table_history
from referee.selectors.progress import (
    RoundProgress,
    TableProgress,
    referee_tables,
    round_progress,
    table_progress,
    tournament_progress,
)
from referee.selectors.sheets import TableSheet, table_sheet
from referee.selectors.standings import StandingRow, standings
from referee.selectors.tournaments import TournamentRow, organiser_tournaments, public_tournaments

__all__ = [
    "AuditRow",
    "RoundProgress",
    "StandingRow",
    "TableProgress",
    "TableSheet",
    "TournamentRow",
    "organiser_tournaments",
    "public_tournaments",
    "referee_tables",
    "round_progress",
    "standings",
    "table_history",
    "table_progress",
    "table_sheet",
    "tournament_progress",
]
