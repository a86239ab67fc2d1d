"""How the standings rank players across rounds: the ordered keys (set before play) and the organisers'
recorded decision over a tie the keys leave."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.checks import clean_text
from referee.locks import lock_tournament
from referee.models import Game, Player, Tournament
from scoring.ranking import STANDINGS_KEYS


@transaction.atomic
def tournament_standings_order_set(
    *, actor: permissions.AnyUser, tournament: Tournament, keys: Sequence[str]
) -> Tournament:
    """The keys, best first; an empty list goes back to the ruleset's order. Fixed once a game is saved:
    changing how players rank in the middle of play would move places already announced."""
    permissions.require_organiser(actor, tournament)
    locked = lock_tournament(tournament)
    cleaned: list[str] = []
    for key in keys:
        if key not in STANDINGS_KEYS:
            raise ServiceError(_("Choose one of the offered options."), field="keys", code="invalid-choice")
        if key in cleaned:
            raise ServiceError(_("Each key may be used once."), field="keys", code="duplicate")
        cleaned.append(key)
    value = ",".join(cleaned)
    if value == locked.tie_breaks:
        return locked
    if Game.objects.filter(table__round__tournament=locked).exists():
        raise ServiceError(
            _("The standings order is fixed once play has started."), field="keys", code="frozen"
        )
    before = locked.tie_breaks
    locked.tie_breaks = value
    locked.save(update_fields=["tie_breaks"])
    audit_record(
        actor=actor,
        tournament=locked,
        action="tournament.standings_order",
        before={"tie_breaks": before},
        after={"tie_breaks": value},
    )
    return locked


@transaction.atomic
def standings_decision_record(
    *, actor: permissions.AnyUser, tournament: Tournament, numbers: Sequence[int], reason: str
) -> list[Player]:
    """The organisers' order for players the other keys leave tied (drawn by lot, for instance): the players
    by number, first placed first. Counts only where the standings order names the organisers' decision."""
    permissions.require_organiser(actor, tournament)
    locked = lock_tournament(tournament)
    reason = clean_text(reason, field="reason", max_length=200, required=True)
    if len(numbers) < 2 or len(set(numbers)) != len(numbers):
        raise ServiceError(
            _("Give two or more different player numbers, first placed first."),
            field="numbers",
            code="bad-list",
        )
    players = {
        player.number: player for player in Player.objects.filter(tournament=locked, number__in=numbers)
    }
    missing = [str(number) for number in numbers if number not in players]
    if missing:
        raise ServiceError(
            _("No player of this tournament has the number %(numbers)s.") % {"numbers": ", ".join(missing)},
            field="numbers",
            code="unknown-player",
        )
    ordered = [players[number] for number in numbers]
    before = {player.number: player.standings_position for player in ordered}
    for position, player in enumerate(ordered, start=1):
        player.standings_position = position
    Player.objects.bulk_update(ordered, ["standings_position"])
    audit_record(
        actor=actor,
        tournament=locked,
        action="standings.decision",
        before={"positions": before},
        after={"positions": {player.number: player.standings_position for player in ordered}},
        reason=reason,
    )
    return ordered
