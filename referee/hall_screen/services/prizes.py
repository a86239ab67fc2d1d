"""The prizes: defined by an organiser, filled from the final standings, revealed one at a time in the hall.

Prizes are revealed in their order (`Prize.position`); a prize is public only once revealed, so the hall's
screen never holds one ahead of the organiser's tap. Once the first is revealed the prizes are fixed until
the organiser hides them all again."""

from __future__ import annotations

from typing import TypedDict

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from core.permissions import AnyUser
from referee import permissions
from referee.checks import require_choice
from referee.hall_screen.selectors.prize_winners import prize_winners
from referee.locks import lock_tournament
from referee.models import Player, Prize, PrizeKind, School, Tournament
from referee.results.class_levels import class_level

PLACES_MAX = 30


class _Wanted(TypedDict, total=False):
    """What tells one prize of a kind from the others: its place, its school or its class level."""

    place: int
    school: School
    level: int


def _locked(actor: AnyUser, tournament: Tournament) -> Tournament:
    permissions.require_organiser(actor, tournament)
    return lock_tournament(tournament)


def _refuse_once_begun(tournament: Tournament) -> None:
    if tournament.prizes.filter(revealed_at__isnull=False).exists():
        raise ServiceError(
            _("The prize-giving has begun: hide the prizes again before changing them."), code="begun"
        )


def _wanted(tournament: Tournament, kind: str, places: int | None) -> list[_Wanted]:
    """The prizes of one kind to add, in the order of the prize-giving (lower places first, the 1st last)."""
    if kind in (PrizeKind.PLACE, PrizeKind.SCHOOL_TROPHY):
        if isinstance(places, bool) or not isinstance(places, int) or not 1 <= places <= PLACES_MAX:
            raise ServiceError(
                _("Give the number of places, from 1 to %(most)d.") % {"most": PLACES_MAX},
                field="places",
                code="bad-places",
            )
        return [{"place": place} for place in range(places, 0, -1)]
    if kind == PrizeKind.SCHOOL_BEST:
        return [
            {"school": school} for school in School.objects.filter(tournament=tournament).order_by("code")
        ]
    classes = Player.objects.filter(tournament=tournament).values_list("class_name", flat=True).distinct()
    levels = sorted({level for level in map(class_level, classes) if level is not None})
    return [{"level": level} for level in levels]


@transaction.atomic
def prizes_add(
    *, actor: AnyUser, tournament: Tournament, kind: str, places: int | None = None
) -> list[Prize]:
    """Add a kind of prize: places 1 to N (overall or schools), the best of each school, or the best of each
    class level found in the players' classes. Prizes already there are not added twice."""
    tournament = _locked(actor, tournament)
    kind = require_choice(kind, PrizeKind.values, field="kind")
    _refuse_once_begun(tournament)
    existing = set(tournament.prizes.filter(kind=kind).values_list("place", "school_id", "level"))
    position = tournament.prizes.aggregate(last=Max("position"))["last"] or 0
    added = []
    for values in _wanted(tournament, kind, places):
        school = values.get("school")
        key = (values.get("place"), school.pk if school else None, values.get("level"))
        if key in existing:
            continue
        position += 1
        added.append(Prize.objects.create(tournament=tournament, kind=kind, position=position, **values))
    if not added:
        raise ServiceError(_("These prizes are already there."), field="kind", code="nothing-new")
    audit_record(
        actor=actor, tournament=tournament, action="prizes.add", after={"kind": kind, "count": len(added)}
    )
    return added


@transaction.atomic
def prize_delete(*, actor: AnyUser, prize: Prize) -> None:
    tournament = _locked(actor, prize.tournament)
    _refuse_once_begun(tournament)
    before = {"kind": prize.kind, "place": prize.place, "level": prize.level, "school": prize.school_id}
    prize.delete()
    audit_record(actor=actor, tournament=tournament, action="prize.delete", before=before)


@transaction.atomic
def prize_move(*, actor: AnyUser, prize: Prize, earlier: bool) -> Prize:
    """Swap a prize with the one before (or after) it in the prize-giving."""
    tournament = _locked(actor, prize.tournament)
    _refuse_once_begun(tournament)
    prize = Prize.objects.get(pk=prize.pk)
    neighbours = (
        tournament.prizes.filter(position__lt=prize.position).order_by("-position")
        if earlier
        else tournament.prizes.filter(position__gt=prize.position).order_by("position")
    )
    other = neighbours.first()
    if other is None:
        raise ServiceError(_("This prize cannot move further."), code="at-the-end")
    mine, theirs = prize.position, other.position
    Prize.objects.filter(pk=prize.pk).update(position=0)
    Prize.objects.filter(pk=other.pk).update(position=mine)
    Prize.objects.filter(pk=prize.pk).update(position=theirs)
    audit_record(
        actor=actor,
        tournament=tournament,
        action="prize.move",
        before={"position": mine},
        after={"position": theirs},
    )
    prize.position = theirs
    return prize


@transaction.atomic
def prizes_fill(*, actor: AnyUser, tournament: Tournament) -> int:
    """Store each prize's winners from the final standings; returns how many prizes have a winner."""
    tournament = _locked(actor, tournament)
    _refuse_once_begun(tournament)
    prizes = list(tournament.prizes.select_related("school"))
    if not prizes:
        raise ServiceError(_("Add the prizes first."), code="no-prizes")
    winners = prize_winners(tournament, prizes)
    school_keys = dict(School.objects.filter(tournament=tournament).values_list("code", "pk"))
    now = timezone.now()
    filled = 0
    for prize in prizes:
        found = winners[prize.pk]
        prize.players.set(found.players)
        prize.schools.set([school_keys[code] for code in found.schools])
        prize.filled_at = now
        filled += bool(found.players or found.schools)
    Prize.objects.filter(pk__in=[prize.pk for prize in prizes]).update(filled_at=now)
    audit_record(
        actor=actor,
        tournament=tournament,
        action="prizes.fill",
        after={str(prize.pk): [winners[prize.pk].players, winners[prize.pk].schools] for prize in prizes},
    )
    return filled


@transaction.atomic
def prize_giving_show(*, actor: AnyUser, tournament: Tournament, shown: bool) -> Tournament:
    """The hall's screen turns to the prize-giving (or back to the rounds)."""
    tournament = _locked(actor, tournament)
    if tournament.prize_giving_on == shown:
        return tournament
    tournament.prize_giving_on = shown
    tournament.save(update_fields=["prize_giving_on"])
    audit_record(actor=actor, tournament=tournament, action="prizes.show", after={"shown": shown})
    return tournament


@transaction.atomic
def prize_reveal_next(*, actor: AnyUser, tournament: Tournament) -> Prize:
    """The next prize in order goes up on the hall's screen."""
    organiser = permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    prize = tournament.prizes.filter(revealed_at__isnull=True).order_by("position").first()
    if prize is None:
        raise ServiceError(_("Every prize has been revealed."), code="all-revealed")
    if prize.filled_at is None:
        raise ServiceError(_("Fill the prizes from the final standings first."), code="not-filled")
    prize.revealed_at = timezone.now()
    prize.revealed_by = organiser
    prize.save(update_fields=["revealed_at", "revealed_by"])
    audit_record(
        actor=actor,
        tournament=tournament,
        action="prize.reveal",
        after={"prize": prize.pk, "position": prize.position},
    )
    return prize


@transaction.atomic
def prizes_hide(*, actor: AnyUser, tournament: Tournament) -> int:
    """Every prize hidden again (a rehearsal, or a prize-giving to start over)."""
    tournament = _locked(actor, tournament)
    count = tournament.prizes.filter(revealed_at__isnull=False).update(revealed_at=None, revealed_by=None)
    if not count:
        raise ServiceError(_("No prize has been revealed."), code="none-revealed")
    audit_record(actor=actor, tournament=tournament, action="prizes.hide", after={"count": count})
    return count
