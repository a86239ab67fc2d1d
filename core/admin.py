"""The audit log in the Django admin: read-only, as it is the record of every change."""

from django.contrib import admin

from core.models import AuditEntry


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["created_at", "tournament", "table", "actor", "action"]
    list_filter = ["tournament", "action"]
    readonly_fields = [field.name for field in AuditEntry._meta.fields]

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_add_permission(self, request) -> bool:
        return False
