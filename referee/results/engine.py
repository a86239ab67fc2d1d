"""The bridge to the rules engine: raw facts in, the engine's results out, its refusals translated."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.translation import gettext as _

import scoring
from core.errors import ServiceError
from referee.models import Game, Table, Tournament
from referee.results.hands import stored_facts
from referee.results.table_rules import match_options, table_ruleset
from referee.wording.refusals import engine_message, over_set_message

# Incidents whose count of tiles left over the engine can find from the tiles on the table (its restore):
# hk-school's unrestorable table, and every kind the engine marks so (twist's strict rule).
RESTORE_INCIDENTS = frozenset({"overtime-unrestorable"})


def counted_by_restore(kind: scoring.IncidentKind) -> bool:
    return kind.code in RESTORE_INCIDENTS or kind.counted_by_restore


def score(
    ruleset_key: str | scoring.Ruleset,
    ending: str,
    players: Sequence[scoring.PlayerInput],
    last_card: str = "",
) -> scoring.GameResult:
    """`last_card` (UNO): the card that ended the hand, when the next player had to draw."""
    try:
        return scoring.score_game(
            scoring.GameInput(
                ruleset=ruleset_key, ending=ending, players=tuple(players), last_card=last_card or None
            )
        )
    except scoring.ScoringError as error:
        cards = not scoring.get_ruleset(ruleset_key).is_rummikub
        raise translate_scoring_error(error, [player.seat for player in players], cards=cards) from None


def rescore_games(tournament: Tournament, games: Iterable[Game]) -> list[scoring.GameResult]:
    """Score stored games again from their raw facts; the games' hands must be prefetched with their seats."""
    results = []
    for game in games:
        hands = sorted(game.hands.all(), key=lambda hand: hand.seat.letter)
        played = table_ruleset(tournament, len(hands))
        facts = [stored_facts(hand) for hand in hands]
        results.append(score(played, game.ending, facts, game.last_card))
    return results


def decide_table(table: Table) -> scoring.MatchResult:
    """The engine's verdict on a table from its stored games (a few queries, then pure Python)."""
    tournament = table.round.tournament
    games = table.games.order_by("number").prefetch_related("hands__seat")
    options = match_options(tournament, table.seats.count(), table.last_game)
    try:
        return scoring.decide_match(tournament.ruleset, rescore_games(tournament, games), options)
    except scoring.ScoringError as error:
        cards = not scoring.get_ruleset(tournament.ruleset).is_rummikub
        raise translate_scoring_error(error, cards=cards) from None


def table_arrangement(ruleset_key: str | scoring.Ruleset, table_tiles: str) -> dict[str, Any]:
    """The engine's restore of the typed table tiles: sets laid (notation), tiles left over, their count."""
    try:
        meld = scoring.restore(ruleset_key, table_tiles)
    except scoring.ScoringError as error:
        refusal = translate_scoring_error(error)
        raise ServiceError(refusal.message, field="table_tiles", code=refusal.code) from None
    return {
        "sets": [scoring.format_tiles(ruleset_key, laid) for laid in meld.sets],
        "unplaced": scoring.format_tiles(ruleset_key, meld.unplaced),
        "unplaced_count": len(meld.unplaced),
    }


_PLAYER_FIELD = re.compile(r"^players\[(\d+)\](?:\.(\w+))?")


def _site_field(engine_field: str | None, seats: Sequence[str]) -> str | None:
    """`players[1].rack` becomes `hands.B.rack`, so a form can show the message next to that seat's input."""
    if not engine_field:
        return None
    found = _PLAYER_FIELD.match(engine_field)
    if found is None:
        return "hands" if engine_field.startswith("players") else engine_field
    index = int(found.group(1))
    letter = seats[index] if index < len(seats) else found.group(1)
    attribute = found.group(2)
    return f"hands.{letter}.{attribute}" if attribute else f"hands.{letter}"


def translate_scoring_error(
    error: scoring.ScoringError, seats: Sequence[str] = (), *, cards: bool = False
) -> ServiceError:
    """The engine's stable code picks a translated message (of cards, not tiles, when `cards`: UNO); an
    unknown code still shows the engine's words."""
    message: str | None
    if isinstance(error, scoring.GameOverSet):
        message = over_set_message(error, cards=cards)
    else:
        message = engine_message(error.code, cards=cards)
    if message is None:
        message = _("The rules refuse this result: %(reason)s") % {"reason": error.message}
    return ServiceError(message, field=_site_field(error.field, seats), code=f"engine:{error.code}")
