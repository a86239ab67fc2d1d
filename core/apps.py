"""App configuration for the shared core: it holds the audit log's model."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
    verbose_name = _("audit log")

    def ready(self) -> None:
        from core import accounts  # noqa: F401  (connects the login signal)
