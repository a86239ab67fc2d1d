"""What a ruleset is: a plain, immutable description that the engine's functions read.

A ruleset carries its tile or card set, its valuation (through the set), its incidents and its match
rule. Scoring differs only by family (Rummikub or UNO) and by the `hk-school` no-meld penalties, which
are data here. The tournament options a ruleset offers (`rulesets.options`) are data too: the smaller set
it may be played with, the incidents of its strict rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from scoring.rulesets.options import SMALL_SET, STRICT, RulesetOptions

FIXED_GAMES = "fixed-games"
ROUNDS = "rounds"
TARGET = "target"


class Deck(Protocol):
    """The physical tiles or cards of a ruleset: `scoring.tiles.RummikubTiles` or `scoring.cards.UnoCards`."""

    @property
    def kind(self) -> str: ...
    @property
    def colours(self) -> str: ...

    def parse_token(self, raw: str) -> str: ...
    def describe(self) -> str: ...
    def copies(self, token: str) -> int: ...
    def points(self, token: str) -> int: ...
    def sort_key(self, token: str) -> tuple[int, int]: ...
    def all_tokens(self) -> tuple[str, ...]: ...
    def size(self) -> int: ...
    def has_special_jokers(self, tokens: tuple[str, ...] | list[str]) -> bool: ...


@dataclass(frozen=True)
class IncidentKind:
    """An in-game penalty: the player draws `base_draw`, plus the tiles left over when that is asked.

    `counted_by_restore`: the tiles left over are those the restore cannot place (the referee may type the
    table's tiles instead of counting)."""

    code: str
    name: str
    needs_tiles_left_over: bool = False
    base_draw: int = 0
    counted_by_restore: bool = False


@dataclass(frozen=True)
class SmallSet:
    """A smaller tile set a tournament may switch on for tables of at most `max_players` (six-player)."""

    deck: Deck
    max_players: int


@dataclass(frozen=True)
class NoMeldPenalty:
    """`hk-school`: the flat rack value of a player who never melded, by whether the rack could have."""

    could_not: int
    could: int


@dataclass(frozen=True)
class Ruleset:
    key: str
    name: str
    min_players: int
    max_players: int
    is_rummikub: bool
    match_format: str
    default_games_per_table: int | None
    default_target: int | None
    incidents: tuple[IncidentKind, ...]
    deck: Deck
    meld_threshold: int | None = None
    no_meld_penalty: NoMeldPenalty | None = None
    runs_either_way: bool = True
    small_deck: SmallSet | None = None
    strict_incidents: tuple[IncidentKind, ...] | None = None
    options: RulesetOptions = field(default_factory=RulesetOptions)

    @property
    def colours(self) -> str:
        return self.deck.colours

    def offered_options(self) -> tuple[str, ...]:
        """The tournament options this ruleset offers (`small_set`, `strict`)."""
        offered = ((SMALL_SET, self.small_deck), (STRICT, self.strict_incidents))
        return tuple(name for name, data in offered if data is not None)

    def incident(self, code: str) -> IncidentKind | None:
        for kind in self.incidents:
            if kind.code == code:
                return kind
        return None

    @property
    def turn_seconds(self) -> int | None:
        """Seconds a player has for a turn: one minute in every Rummikub rule book (seed 002, 2.3; seed 004);
        UNO times no turn. A tournament may set its own length (the referee's turn timer reads it)."""
        return 60 if self.is_rummikub else None
