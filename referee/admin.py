"""The Django admin, for the site's administrator; an organiser's daily work never needs it.

Everything here is audited data (settings, registrations, rounds, tables, seats, games), changed only through
the services, so the admin shows it read-only (`core.admin.ReadOnly`). The one change it allows is who
organises a tournament, which no service records.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from core.admin import ReadOnly
from referee.models import (
    Game,
    HandResult,
    Incident,
    Player,
    Round,
    RoundDraw,
    School,
    Seat,
    Table,
    Tournament,
)


class SchoolInline(ReadOnly, admin.TabularInline):
    model = School
    extra = 0


class RoundInline(ReadOnly, admin.TabularInline):
    model = Round
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Created and set up on the site (audited); here only its organisers change."""

    list_display = [
        "name",
        "slug",
        "ruleset",
        "games_per_table",
        "rounds_per_table",
        "standings_released",
        "created_at",
    ]
    list_filter = ["ruleset", "standings_released"]
    search_fields = ["name", "slug"]
    filter_horizontal = ["organisers"]
    inlines = [SchoolInline, RoundInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [
            field.name
            for field in Tournament._meta.get_fields()
            if field.concrete and field.name != "organisers"
        ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(School)
class SchoolAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["code", "name_zh", "name_en", "tournament"]
    list_filter = ["tournament"]
    search_fields = ["code", "name_zh", "name_en"]


@admin.register(Player)
class PlayerAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["number", "name_zh", "name_en", "school", "class_name", "tournament"]
    list_filter = ["tournament", "school"]
    search_fields = ["name_zh", "name_en", "number"]


class SeatInline(ReadOnly, admin.TabularInline):
    model = Seat
    extra = 0
    exclude = ["round"]


@admin.register(Round)
class RoundAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["name", "tournament", "date", "start_time", "order"]
    list_filter = ["tournament"]


@admin.register(RoundDraw)
class RoundDrawAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["round", "status", "seed", "created_at", "committed_at"]
    list_filter = ["round__tournament", "status"]


@admin.register(Table)
class TableAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["__str__", "referee", "signed_off_at", "confirmed_at"]
    list_filter = ["round__tournament"]
    inlines = [SeatInline]


class HandResultInline(ReadOnly, admin.TabularInline):
    model = HandResult
    extra = 0


class IncidentInline(ReadOnly, admin.TabularInline):
    model = Incident
    extra = 0


@admin.register(Game)
class GameAdmin(ReadOnly, admin.ModelAdmin):
    """Results are entered through the site, so the engine derives every number and the log records it."""

    list_display = ["__str__", "ending", "version", "entered_by", "updated_at"]
    list_filter = ["table__round__tournament"]
    inlines = [HandResultInline, IncidentInline]
