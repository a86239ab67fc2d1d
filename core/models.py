"""The action log: who changed what, when and why. Written through `core.audit`, read on a table's page.

Its rows belong to a tournament, and may name a table and a game of it. Those models live in `referee`; the
log names them by label, as a foreign key may, so this package imports nothing from the apps that use it. The
table keeps its first name (`referee_auditentry`): the model moved here, its rows did not.
"""

from __future__ import annotations

from django.apps import apps
from django.conf import settings
from django.db import models
from django.db.models import Model
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.text import validate_multiline

TOURNAMENT_MODEL = "referee.Tournament"


def tournament_model() -> type[Model]:
    """The tournament model, found by its label as `get_user_model()` finds the user model."""
    return apps.get_model(TOURNAMENT_MODEL)


class AuditEntry(models.Model):
    tournament = models.ForeignKey(
        TOURNAMENT_MODEL, on_delete=models.CASCADE, related_name="audit_entries", verbose_name=_("tournament")
    )
    table = models.ForeignKey(
        "referee.Table",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=pgettext_lazy("game table", "table"),
    )
    game = models.ForeignKey(
        "referee.Game",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("game"),
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    action = models.CharField(_("action"), max_length=40)
    changes = models.JSONField(_("changes"), default=dict, blank=True)
    reason = models.TextField(_("reason"), blank=True, validators=[validate_multiline])
    created_at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)

    class Meta:
        db_table = "referee_auditentry"
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.action} @ {self.created_at:%Y-%m-%d %H:%M}"


class PublicVersion(models.Model):
    """The version of what a tournament's public pages show, for the shared cache of those pages.

    Every audited change bumps it in its own transaction (`core.versions.public_version_bump`), so a page
    cached under one number can never be served once a change that it does not show has committed. A row
    per tournament, apart from the tournament's own row, so that no edit of the tournament can write an old
    number back."""

    tournament = models.OneToOneField(
        TOURNAMENT_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="public_version",
        verbose_name=_("tournament"),
    )
    number = models.PositiveBigIntegerField(_("version"), default=0)
    changed_at = models.DateTimeField(_("changed at"), null=True)

    class Meta:
        verbose_name = _("public pages' version")
        verbose_name_plural = _("public pages' versions")

    def __str__(self) -> str:
        return str(self.number)


class Account(models.Model):
    """What the site keeps about a login beyond Django's user: whether its password was set by somebody else
    (an organiser's reset, a printed login card) and must be replaced by the person's own at the next login.
    A user without a row has chosen their own password (or was given one in person at creation)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account", verbose_name=_("user")
    )
    must_change_password = models.BooleanField(_("must choose a new password"), default=False)
    password_reset_at = models.DateTimeField(_("password reset at"), null=True, blank=True)

    class Meta:
        verbose_name = _("account")
        verbose_name_plural = _("accounts")

    def __str__(self) -> str:
        return str(self.user_id)
