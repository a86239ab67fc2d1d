"""App configuration for weather notices."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WeatherConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "weather"
    verbose_name = _("Weather notices")

    def ready(self) -> None:
        from core.match_day_notes import register
        from weather.notes import weather_lines

        register(weather_lines)
