"""Reads. Each selector returns dataclass rows and runs a fixed number of queries, whatever the size."""

from referee.selectors.attendance import AttendanceCount, attendance_counts, players_for_draw
from referee.selectors.history import AuditRow, table_history
from referee.selectors.progress import (
    RoundCount,
    RoundProgress,
    TableProgress,
    referee_tables,
    round_counts,
    round_progress,
    table_progress,
    tables_to_confirm,
    tournament_progress,
)
from referee.selectors.schools import SchoolRow, school_standings
from referee.selectors.sheets import TableSheet, sheet_seats, table_sheet
from referee.selectors.standings import StandingRow, standings
from referee.selectors.tournaments import TournamentRow, organiser_tournaments, public_tournaments
from referee.selectors.winners import TableWinner, table_winners

__all__ = [
    "AttendanceCount",
    "attendance_counts",
    "players_for_draw",
    "AuditRow",
    "RoundCount",
    "RoundProgress",
    "SchoolRow",
    "StandingRow",
    "TableProgress",
    "TableSheet",
    "TableWinner",
    "TournamentRow",
    "organiser_tournaments",
    "public_tournaments",
    "referee_tables",
    "round_counts",
    "round_progress",
    "school_standings",
    "sheet_seats",
    "standings",
    "table_history",
    "table_progress",
    "tables_to_confirm",
    "table_sheet",
    "table_winners",
    "tournament_progress",
]
