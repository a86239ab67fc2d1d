"""App configuration for the tournament site."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RefereeConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "referee"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_migrate, post_save, pre_migrate

        from core.versions import forget_recent_reads
        from referee.models import Tournament
        from referee.models.triggers import create_seat_trigger, drop_seat_trigger

        pre_migrate.connect(drop_seat_trigger, sender=self, dispatch_uid="referee-drop-seat-trigger")
        post_migrate.connect(create_seat_trigger, sender=self, dispatch_uid="referee-create-seat-trigger")
        for changed in (post_save, post_delete):
            uid = f"referee-forget-versions-{changed}"
            changed.connect(forget_recent_reads, sender=Tournament, dispatch_uid=uid)
