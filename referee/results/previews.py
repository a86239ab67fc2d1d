"""What the engine makes of a game before it is saved, and of an unrestorable table before it is recorded.

Nothing here writes: the referee sees the scores (and, for a player who never melded, the sets the engine
found in the rack) and saves only when they agree with what happened at the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _

import scoring
from core.errors import ServiceError
from referee.results.engine import score, table_arrangement
from referee.results.hands import normalised
from referee.wording.corrections import change_line, fact_reasons


@dataclass(frozen=True)
class PreviewRow:
    letter: str
    player_name: str
    rack_value: int
    penalty: int
    basis: str
    score: Fraction
    won: bool
    meld_sets: tuple[str, ...] = ()
    meld_value: int | None = None


@dataclass(frozen=True)
class ScoreChange:
    """A correction's effect on one seat: its stored score, its new one, and why (`line`, in words)."""

    letter: str
    player_name: str
    before: Fraction
    after: Fraction
    line: str
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class StoredGame:
    """A game as stored, for a correction's preview: how it ended, each seat's facts and score."""

    ending: str
    facts: Mapping[str, scoring.PlayerInput]
    rack_values: Mapping[str, int]
    scores: Mapping[str, Fraction]


@dataclass(frozen=True)
class GamePreview:
    rows: list[PreviewRow]
    sums_to_zero: bool
    meld_threshold: int | None
    changes: list[ScoreChange] = field(default_factory=list)
    correcting: bool = False


def _meld_hint(
    ruleset: scoring.Ruleset, hand: scoring.PlayerInput, basis: str
) -> tuple[tuple[str, ...], int | None]:
    """The best sets in a never-melded rack, so the referee sees why it counts -100 or -200."""
    if not hand.rack or not basis.startswith("no-meld"):
        return (), None
    meld = scoring.max_meld(ruleset, hand.rack)
    return tuple(scoring.format_tiles(ruleset, laid) for laid in meld.sets), meld.value


def game_preview(
    ruleset_key: str | scoring.Ruleset,
    names: Mapping[str, str],
    ending: str,
    hands: Sequence[scoring.PlayerInput],
    last_card: str = "",
    stored: StoredGame | None = None,
) -> GamePreview:
    """The engine's scores for these facts (`names`: each seat's player); a ServiceError (with the seat's
    field) when it refuses them. For a correction (`stored`: the game as saved) it names each score that
    changes and why, so that nothing moves unseen."""
    ruleset = scoring.get_ruleset(ruleset_key)
    hands = [normalised(hand) for hand in hands]
    result = score(ruleset_key, ending, hands, last_card)
    facts = {hand.seat: hand for hand in hands}
    rows = []
    for player in result.players:
        sets, value = _meld_hint(ruleset, facts[player.seat], player.basis)
        rows.append(
            PreviewRow(
                letter=player.seat,
                player_name=names.get(player.seat, ""),
                rack_value=player.rack_value,
                penalty=player.penalty,
                basis=player.basis,
                score=player.score,
                won=player.won,
                meld_sets=sets,
                meld_value=value,
            )
        )
    total = sum((row.score for row in rows), Fraction(0))
    changes = _changes(ruleset, names, ending, facts, result, stored) if stored is not None else []
    return GamePreview(rows, total == 0, ruleset.meld_threshold, changes, stored is not None)


def _changes(
    ruleset: scoring.Ruleset,
    names: Mapping[str, str],
    ending: str,
    facts: Mapping[str, scoring.PlayerInput],
    result: scoring.GameResult,
    stored: StoredGame,
) -> list[ScoreChange]:
    changes = []
    for player in result.players:
        letter = player.seat
        before = stored.scores.get(letter)
        if before is None or before == player.score:
            continue
        values = (stored.rack_values.get(letter, 0), player.rack_value)
        reasons = fact_reasons(ruleset, stored.facts[letter], facts[letter], values)
        line = change_line(ruleset, letter, reasons, ending_changed=stored.ending != ending)
        changes.append(ScoreChange(letter, names.get(letter, ""), before, player.score, line, tuple(reasons)))
    return changes


@dataclass(frozen=True)
class RestorePreview:
    sets: list[str]
    unplaced: str
    unplaced_count: int
    tiles_drawn: int
    tile_count: int


def restore_preview(ruleset_key: str | scoring.Ruleset, kind: str, table_tiles: str) -> RestorePreview:
    """The arrangement set by set, the tiles that cannot be placed, and what the player draws (3 + N)."""
    if not table_tiles.strip():
        raise ServiceError(_("Type the tiles on the table first."), field="table_tiles", code="required")
    arrangement = table_arrangement(ruleset_key, table_tiles)
    try:
        drawn = scoring.incident_draw(ruleset_key, kind, arrangement["unplaced_count"])
    except scoring.ScoringError:
        drawn = arrangement["unplaced_count"]
    return RestorePreview(
        sets=arrangement["sets"],
        unplaced=arrangement["unplaced"],
        unplaced_count=arrangement["unplaced_count"],
        tiles_drawn=drawn,
        tile_count=len(scoring.plain_text(table_tiles).split()),
    )
