"""The pictures a certificate may carry: the host school's logo and a signature, stored in the database.

Kept as rows rather than files, so a backup holds them, every process sees them and the hall serves no upload
folder. The service (`referee/hall_screen/services/certificate_images.py`) checks each upload's content and
size."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from referee.models.tournament import Tournament


class CertificateImageKind(models.TextChoices):
    LOGO = "logo", _("School logo")
    SIGNATURE = "signature", _("Signature")


class CertificateImage(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="certificate_images", verbose_name=_("tournament")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=CertificateImageKind.choices)
    content = models.BinaryField(_("content"))
    content_type = models.CharField(_("type"), max_length=20)
    width = models.PositiveIntegerField(_("width"))
    height = models.PositiveIntegerField(_("height"))
    uploaded_at = models.DateTimeField(_("uploaded at"), auto_now=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("uploaded by"),
    )

    class Meta:
        verbose_name = _("certificate picture")
        verbose_name_plural = _("certificate pictures")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "kind"], name="certificate_image_one_per_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.kind}"
