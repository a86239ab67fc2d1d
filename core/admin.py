"""The Django admin shows audited data read-only: every change to it goes through a service, which leaves an
audit entry, so the admin must not change it behind the log's back. The audit log itself is shown here."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from core.models import AuditEntry


class ReadOnly:
    """For a ModelAdmin or an inline: the rows can be looked at, never added, changed or deleted."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnly, admin.ModelAdmin[AuditEntry]):
    list_display = ["created_at", "tournament", "table", "actor", "action"]
    list_filter = ["tournament", "action"]
