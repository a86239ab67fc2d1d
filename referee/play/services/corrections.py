"""Who may change a table's results, and when a reason is needed.

Before sign-off the table's referee (or an organiser) edits freely; after it only an organiser, and only with
a reason, because the players have seen the signed sheet. The rule lives here once, for every write.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from core.errors import ServiceError
from referee import permissions
from referee.checks import clean_text
from referee.models import Table
from referee.permissions import AnyUser

REASON_MAX_LENGTH = 500


def require_result_write(actor: AnyUser, table: Table, *, reason: str) -> tuple[User, str]:
    """Who writes (the actor, allowed) and the cleaned reason, or a refusal: `forbidden`, `signed-off`, or
    `reason-required` (on the reason)."""
    writer = permissions.require_result_entry(actor, table)
    cleaned = clean_text(reason, field="reason", max_length=REASON_MAX_LENGTH, multiline=True)
    if table.signed_off_at is None:
        return writer, cleaned
    if not permissions.can_correct_signed_off(actor, table):
        raise ServiceError(
            _("This table has been signed off; only an organiser can correct it now."), code="signed-off"
        )
    if not cleaned:
        raise ServiceError(
            _("Give the reason for correcting a signed-off table."), field="reason", code="reason-required"
        )
    return writer, cleaned
