"""Announcements to the hall: one at a time, on the hall's screen and every referee's console until cleared.

Posting a new one clears the one before; both are kept (with who and when) and in the audit."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from core.permissions import AnyUser
from referee import permissions
from referee.checks import clean_text
from referee.locks import lock_tournament
from referee.models import Announcement, Tournament
from referee.models.announcements import ANNOUNCEMENT_LENGTH


def current_announcement(tournament: Tournament) -> Announcement | None:
    return tournament.announcements.filter(cleared_at__isnull=True).order_by("-posted_at", "-pk").first()


@transaction.atomic
def announcement_post(*, actor: AnyUser, tournament: Tournament, text_zh: str, text_en: str) -> Announcement:
    """In Chinese, English or both (at least one); it replaces the announcement shown before."""
    organiser = permissions.require_organiser(actor, tournament)
    text_zh = clean_text(text_zh, field="text_zh", max_length=ANNOUNCEMENT_LENGTH)
    text_en = clean_text(text_en, field="text_en", max_length=ANNOUNCEMENT_LENGTH)
    if not text_zh and not text_en:
        raise ServiceError(
            _("Type the announcement in Chinese, in English or in both."), field="text_zh", code="required"
        )
    tournament = lock_tournament(tournament)
    tournament.announcements.filter(cleared_at__isnull=True).update(cleared_at=timezone.now())
    announcement = Announcement.objects.create(
        tournament=tournament, text_zh=text_zh, text_en=text_en, posted_by=organiser
    )
    audit_record(
        actor=actor,
        tournament=tournament,
        action="announcement.post",
        after={"text_zh": text_zh, "text_en": text_en},
    )
    return announcement


@transaction.atomic
def announcement_clear(*, actor: AnyUser, tournament: Tournament) -> None:
    permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    shown = current_announcement(tournament)
    if shown is None:
        raise ServiceError(_("No announcement is shown."), code="none-shown")
    shown.cleared_at = timezone.now()
    shown.save(update_fields=["cleared_at"])
    audit_record(
        actor=actor,
        tournament=tournament,
        action="announcement.clear",
        before={"text_zh": shown.text_zh, "text_en": shown.text_en},
    )
