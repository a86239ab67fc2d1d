"""Asking for a file to be made in the background (the task `referee.exports.tasks.export_make` makes it)."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.audit import audit_record
from core.permissions import AnyUser
from referee import permissions
from referee.exports.exporters import ExportRequest
from referee.models import ExportJob, ExportJobStatus


@transaction.atomic
def export_job_request(
    *,
    actor: AnyUser,
    request: ExportRequest,
    identifier: str,
    ui_language: str,
    entry_base: str = "",
) -> ExportJob:
    """Queue one export of the organiser's tournament. `request` has been checked by its exporter;
    `entry_base` is the address the organiser uses (for the QR codes), `ui_language` the one for messages.

    The same file asked for again while it waits or is being made is that job: thirty taps on one button
    queued thirty jobs, the worker made the same file thirty times, and every other file waited behind
    them. A stalled job (`ExportJob.stalled`) is not. The task is queued once the job is committed; files
    asked for more than `EXPORT_KEEP_HOURS` ago are deleted."""
    tournament = request.tournament
    organiser = permissions.require_organiser(actor, tournament)
    options = {
        "round": request.round_.pk if request.round_ else None,
        "school": request.school.code if request.school else None,
        "language": request.language,
        "include_unsigned": request.include_unsigned,
        "for_posting": request.for_posting,
        "entry_base": entry_base,
        "ui_language": ui_language,
    }
    pending = ExportJob.objects.filter(
        tournament=tournament,
        identifier=identifier,
        status__in=(ExportJobStatus.QUEUED, ExportJobStatus.RUNNING),
    ).order_by("pk")
    same = next((job for job in pending.defer("content") if job.options == options and not job.stalled), None)
    if same is not None:
        return same
    kept_since = timezone.now() - datetime.timedelta(hours=settings.EXPORT_KEEP_HOURS)
    ExportJob.objects.filter(created_at__lt=kept_since).exclude(status=ExportJobStatus.RUNNING).delete()
    job = ExportJob.objects.create(
        tournament=tournament, requested_by=organiser, identifier=identifier, options=options
    )
    transaction.on_commit(lambda: _enqueue(job))
    audit_record(
        actor=actor,
        tournament=tournament,
        action="export.request",
        after={"export": identifier, "job": job.pk, **options},
        public=False,
    )
    return job


def _enqueue(job: ExportJob) -> None:
    """Queue the task (after the job's commit, so that the worker finds it); the task's id is kept with the
    job. Where tasks run at once (tests, `make run`), the file is made here."""
    from referee.exports.tasks import export_make

    result = export_make.enqueue(job.pk)
    ExportJob.objects.filter(pk=job.pk).update(task_id=str(result.id)[:64])
