"""Admin views for the site's administrator: readings are read-only, as they are evidence."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from weather.models import BureauAnnouncement, MatchDayOverride, WarningSnapshot


@admin.register(WarningSnapshot)
class WarningSnapshotAdmin(admin.ModelAdmin):
    list_display = ["read_at", "feed", "source", "stored_at"]
    list_filter = ["feed", "source"]
    date_hierarchy = "read_at"
    readonly_fields = ["feed", "read_at", "payload", "source", "stored_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(BureauAnnouncement)
class BureauAnnouncementAdmin(admin.ModelAdmin):
    list_display = ["date", "tournament", "scope", "suspended", "announced_at", "recorded_by"]
    list_filter = ["scope", "suspended"]


@admin.register(MatchDayOverride)
class MatchDayOverrideAdmin(admin.ModelAdmin):
    list_display = ["date", "tournament", "status", "set_by", "set_at", "cleared_at"]
    list_filter = ["status"]
