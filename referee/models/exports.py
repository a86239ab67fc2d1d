"""A file made in the background: a round's scoresheets or a big workbook, asked for on the export page.

The job and its file live in the database, so every web worker and machine sees its progress and serves its
download. A background task makes the file (`referee/exports/tasks.py`, `referee/exports/making.py`).
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ExportJobStatus(models.TextChoices):
    QUEUED = "queued", _("Waiting")
    RUNNING = "running", _("Being made")
    DONE = "done", _("Ready")
    FAILED = "failed", _("Failed")


class ExportJob(models.Model):
    tournament = models.ForeignKey(
        "referee.Tournament",
        on_delete=models.CASCADE,
        related_name="export_jobs",
        verbose_name=_("tournament"),
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+", verbose_name=_("by")
    )
    identifier = models.CharField(_("export"), max_length=64)
    options = models.JSONField(_("choices"), default=dict)
    status = models.CharField(
        _("status"), max_length=8, choices=ExportJobStatus.choices, default=ExportJobStatus.QUEUED
    )
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    task_id = models.CharField(max_length=64, blank=True)
    filename = models.CharField(max_length=200, blank=True)
    mimetype = models.CharField(max_length=100, blank=True)
    content = models.BinaryField(null=True, editable=False)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(_("asked at"), auto_now_add=True, db_index=True)
    started_at = models.DateTimeField(null=True)
    progress_at = models.DateTimeField(null=True)
    finished_at = models.DateTimeField(null=True)

    class Meta:
        verbose_name = _("export job")
        verbose_name_plural = _("export jobs")
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["status", "created_at"], name="exportjob_status_created")]

    def __str__(self) -> str:
        return f"{self.identifier} ({self.status})"

    @property
    def stalled(self) -> bool:
        """Being made, but with no progress for `EXPORT_STALLED_SECONDS`: its worker was killed or stuck."""
        if self.status != ExportJobStatus.RUNNING:
            return False
        last = self.progress_at or self.started_at or self.created_at
        return timezone.now() - last > datetime.timedelta(seconds=settings.EXPORT_STALLED_SECONDS)

    @property
    def shown_status(self) -> str:
        """The status as the organiser's page shows it: a stalled job has failed."""
        return ExportJobStatus.FAILED if self.stalled else self.status

    @property
    def percent(self) -> int:
        if self.status == ExportJobStatus.DONE:
            return 100
        return min(99, 100 * self.done // self.total) if self.total else 0
