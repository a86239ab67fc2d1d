"""App configuration for the tournament site."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RefereeConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "referee"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from django.db.models.signals import post_migrate, pre_migrate

        from referee.models.triggers import create_seat_trigger, drop_seat_trigger

        pre_migrate.connect(drop_seat_trigger, sender=self, dispatch_uid="referee-drop-seat-trigger")
        post_migrate.connect(create_seat_trigger, sender=self, dispatch_uid="referee-create-seat-trigger")
