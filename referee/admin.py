"""The Django admin, for the site's administrator; an organiser's daily work never needs it."""

from django.contrib import admin

from referee.models import (
    Game,
    HandResult,
    Incident,
    Player,
    Round,
    School,
    Seat,
    Table,
    Tournament,
)


class SchoolInline(admin.TabularInline):
    model = School
    extra = 0


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "ruleset", "games_per_table", "standings_released", "created_at"]
    list_filter = ["ruleset", "standings_released"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["table_size"]

    def get_readonly_fields(self, request, obj=None) -> list[str]:
        """The ruleset is chosen once: the table size, the seats and every stored score follow from it."""
        return ["ruleset", "table_size"] if obj is not None else ["table_size"]

    filter_horizontal = ["organisers", "referees"]
    inlines = [SchoolInline, RoundInline]


@admin.register(School)
class SchoolAdmin(admin.ModelAdmin):
    list_display = ["code", "name_zh", "name_en", "tournament"]
    list_filter = ["tournament"]
    search_fields = ["code", "name_zh", "name_en"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["number", "name_zh", "name_en", "school", "class_name", "tournament"]
    list_filter = ["tournament", "school"]
    search_fields = ["name_zh", "name_en", "number"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]
    exclude = ["round"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "date", "start_time", "order"]
    list_filter = ["tournament"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "referee", "signed_off_at", "confirmed_at"]
    list_filter = ["round__tournament"]
    inlines = [SeatInline]


class HandResultInline(admin.TabularInline):
    model = HandResult
    extra = 0
    can_delete = False
    readonly_fields = ["penalty", "score_sixtieths", "basis", "won", "win_credit_sixtieths"]


class IncidentInline(admin.TabularInline):
    model = Incident
    extra = 0
    readonly_fields = ["tiles_drawn"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Read-mostly: results are entered through the site so the engine derives every number."""

    list_display = ["__str__", "ending", "version", "entered_by", "updated_at"]
    list_filter = ["table__round__tournament"]
    inlines = [HandResultInline, IncidentInline]

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_add_permission(self, request) -> bool:
        return False
