"""A school's agreement, recorded before its children are imported or registered: a tick, the date and a
note of who agreed and how. Pages that take in or check in children show a school without it as such."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from core.permissions import AnyUser
from referee import permissions
from referee.checks import clean_text
from referee.locks import lock_tournament
from referee.models import School, SchoolConsent, Tournament

NOTE_LENGTH = 1000


def has_consent(school: School) -> bool:
    """Whether the school's agreement is recorded (no query when `consent` was selected with it)."""
    try:
        return school.consent.given
    except SchoolConsent.DoesNotExist:
        return False


def schools_without_consent(tournament: Tournament) -> list[School]:
    """The tournament's schools whose agreement is not recorded, by code (one query)."""
    return list(School.objects.filter(tournament=tournament).exclude(consent__given=True).order_by("code"))


@transaction.atomic
def school_consent_record(
    *,
    actor: AnyUser,
    school: School,
    given: bool,
    given_on: datetime.date | None,
    note: str,
) -> SchoolConsent:
    """Record (or withdraw: `given` False) a school's agreement; a given agreement needs its date."""
    organiser = permissions.require_organiser(actor, school.tournament)
    tournament = lock_tournament(school.tournament)
    note = clean_text(note, field="note", max_length=NOTE_LENGTH, multiline=True)
    if given and given_on is None:
        raise ServiceError(_("Give the date the school agreed."), field="given_on", code="required")
    consent = SchoolConsent.objects.select_for_update().filter(school=school).first()
    before = {"given": consent.given, "given_on": consent.given_on, "note": consent.note} if consent else {}
    consent = consent or SchoolConsent(school=school)
    consent.given, consent.given_on, consent.note = bool(given), given_on if given else None, note
    consent.recorded_by = organiser
    consent.save()
    audit_record(
        actor=actor,
        tournament=tournament,
        action="school.consent",
        before=before,
        after={"school": school.code, "given": consent.given, "given_on": consent.given_on, "note": note},
    )
    return consent
