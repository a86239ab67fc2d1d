"""One way to write the action log, shared by every service of both apps."""

from __future__ import annotations

import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Model

from core.models import AuditEntry
from core.permissions import AnyUser
from core.versions import public_version_bump


def audit_record(
    *,
    actor: AnyUser,
    tournament: Model,
    action: str,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    table: Model | None = None,
    game: Model | None = None,
    reason: str = "",
    public: bool = True,
) -> AuditEntry:
    """Store `before` and `after` as JSON-safe values (dates and decimals become strings).

    `tournament`, `table` and `game` are the tournament's models (`core.models.AuditEntry` names them).
    Every audited change bumps the tournament's public version (the key of its cached public pages) in the
    same transaction, unless the service knows the public pages cannot show it (`public=False`: a game at a
    table not yet signed off). A change nobody thought about therefore refreshes the pages rather than
    leaving them stale."""
    if public:
        public_version_bump(tournament)
    changes = _json_safe({"before": before or {}, "after": after or {}})
    # The plugin types these keys as referee's models, which core names by label only and never imports.
    return AuditEntry.objects.create(  # type: ignore[misc]
        tournament=tournament,
        table=table,
        game=game,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        changes=changes,
        reason=reason,
    )


def _json_safe(value: Any) -> Any:
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def model_fields(instance: Any, names: list[str]) -> dict[str, Any]:
    """A snapshot of some fields, for an audit entry's before/after."""
    return {name: getattr(instance, name) for name in names}


def audited_update(
    *,
    actor: AnyUser,
    tournament: Model,
    instance: Any,
    values: dict[str, Any],
    action: str,
    fields: list[str],
) -> Any:
    """Apply cleaned values to a locked row and log the fields before and after, as every edit form does."""
    before = model_fields(instance, fields)
    for field, value in values.items():
        setattr(instance, field, value)
    instance.save()
    audit_record(
        actor=actor, tournament=tournament, action=action, before=before, after=model_fields(instance, fields)
    )
    return instance
