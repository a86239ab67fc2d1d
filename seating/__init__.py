"""TableRef's seating draw: plain Python (standard library only, no Django).

`draw` seats future rounds, `repair` re-seats a round after withdrawals or arrivals with the fewest moves,
`report` judges any schedule (a draw after a swap by hand) exactly as the draw judges its own.
`python -m seating` is the same engine behind a JSON command line. The contract: docs/seating.md.
"""

from seating.drawing import draw
from seating.errors import InputError, PlayerError, SeatingError, SizeError
from seating.model import (
    MODES,
    Draw,
    DrawRequest,
    Move,
    Player,
    Repair,
    RepairRequest,
    Report,
    ReportRequest,
    Round,
    RoundReport,
    Table,
    TableSize,
)
from seating.repairing import repair
from seating.reporting import report
from seating.sizes import table_sizes

__all__ = [
    "MODES",
    "Draw",
    "DrawRequest",
    "InputError",
    "Move",
    "Player",
    "PlayerError",
    "Repair",
    "RepairRequest",
    "Report",
    "ReportRequest",
    "Round",
    "RoundReport",
    "SeatingError",
    "SizeError",
    "Table",
    "TableSize",
    "draw",
    "repair",
    "report",
    "table_sizes",
]
