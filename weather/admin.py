"""Admin views for the site's administrator, all read-only: readings are evidence, and the bureau's records
and the overrides are changed through the services, which audit them."""

from __future__ import annotations

from django.contrib import admin

from core.admin import ReadOnly
from weather.models import BureauAnnouncement, MatchDayOverride, WarningSnapshot


@admin.register(WarningSnapshot)
class WarningSnapshotAdmin(ReadOnly, admin.ModelAdmin[WarningSnapshot]):
    list_display = ["read_at", "feed", "source", "stored_at"]
    list_filter = ["feed", "source"]
    date_hierarchy = "read_at"


@admin.register(BureauAnnouncement)
class BureauAnnouncementAdmin(ReadOnly, admin.ModelAdmin[BureauAnnouncement]):
    list_display = ["date", "tournament", "scope", "suspended", "announced_at", "recorded_by"]
    list_filter = ["scope", "suspended"]


@admin.register(MatchDayOverride)
class MatchDayOverrideAdmin(ReadOnly, admin.ModelAdmin[MatchDayOverride]):
    list_display = ["date", "tournament", "status", "set_by", "set_at", "cleared_at"]
    list_filter = ["status"]
