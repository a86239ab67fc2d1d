"""The frozen inputs and outputs of the seating engine: what the site passes in and gets back.

Players are named by the site's own ids (strings); a table is a tuple of ids in seat order (seat A first),
a round is a tuple of tables in table-number order.
"""

from __future__ import annotations

from dataclasses import dataclass

Table = tuple[str, ...]
Round = tuple[Table, ...]

MODES = ("random", "by-standings")


@dataclass(frozen=True)
class Player:
    """A player; `school` None is no school (never a same-school pair); `points` count by standings only."""

    id: str
    school: str | None = None
    points: float = 0.0


@dataclass(frozen=True)
class TableSize:
    """The largest and smallest table allowed (Rummikub: 4 and 3)."""

    max: int
    min: int


@dataclass(frozen=True)
class DrawRequest:
    """Draw `rounds` future rounds after `history` (the rounds played, oldest first)."""

    players: tuple[Player, ...]
    table_size: TableSize
    history: tuple[Round, ...] = ()
    mode: str = "random"
    rounds: int = 1
    seed: int | None = None


@dataclass(frozen=True)
class RepairRequest:
    """Re-seat `current` (the round under way) after `withdrawn` players leave and `added` ones arrive.

    `players` names everyone seated in `current` and everyone added; `history` is the rounds before `current`.
    """

    players: tuple[Player, ...]
    current: Round
    table_size: TableSize
    history: tuple[Round, ...] = ()
    withdrawn: tuple[str, ...] = ()
    added: tuple[str, ...] = ()
    seed: int | None = None


@dataclass(frozen=True)
class ReportRequest:
    """Judge given `rounds` (e.g. a draw after a swap by hand) against the rules and `history`."""

    players: tuple[Player, ...]
    rounds: tuple[Round, ...]
    table_size: TableSize
    history: tuple[Round, ...] = ()


@dataclass(frozen=True)
class RoundReport:
    """The figures of one reported round."""

    tables_by_size: tuple[tuple[int, int], ...]
    same_school_pairs: int
    same_school_pairs_min: int
    new_repeat_pairs: int
    consecutive_repeats: int
    unseated: tuple[str, ...]
    sizes_ok: bool


@dataclass(frozen=True)
class Report:
    """How good a schedule is; totals run over the reported rounds, meetings over history and them."""

    players: int
    by_round: tuple[RoundReport, ...]
    repeat_pairs: int
    max_meetings: int
    consecutive_repeats: int
    repeat_cost: int
    first_seats_min: int
    first_seats_max: int

    @property
    def same_school_pairs(self) -> int:
        return sum(r.same_school_pairs for r in self.by_round)

    @property
    def same_school_pairs_min(self) -> int:
        return sum(r.same_school_pairs_min for r in self.by_round)

    @property
    def sizes_ok(self) -> bool:
        return all(r.sizes_ok for r in self.by_round)

    @property
    def first_seats_spread(self) -> int:
        return self.first_seats_max - self.first_seats_min


@dataclass(frozen=True)
class Draw:
    """The drawn rounds, the seed that reproduces them, and their report."""

    rounds: tuple[Round, ...]
    seed: int
    report: Report


@dataclass(frozen=True)
class Move:
    """A player who changes table: `origin`/`target` are (table index, seat index), None for an arrival."""

    player: str
    origin: tuple[int, int] | None
    target: tuple[int, int]


@dataclass(frozen=True)
class Repair:
    """The repaired round: `tables` keep their indices (an empty table is out of use, new ones come last)."""

    tables: Round
    moves: tuple[Move, ...]
    moves_minimal: bool
    seed: int
    report: Report
