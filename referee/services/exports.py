"""Asking for a file to be made in the background (`referee/exports_worker.py` makes it)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from core.audit import audit_record
from referee import permissions
from referee.exporters import ExportRequest
from referee.models import ExportJob, ExportJobStatus


@transaction.atomic
def export_job_request(
    *,
    actor: AbstractBaseUser,
    request: ExportRequest,
    identifier: str,
    ui_language: str,
    entry_base: str = "",
) -> ExportJob:
    """Queue one export of the organiser's tournament. `request` has been checked by its exporter;
    `entry_base` is the address the organiser uses (for the QR codes), `ui_language` the one for messages.

    The same file asked for again while it waits or is being made is that job: thirty taps on one button
    queued thirty jobs, the worker made the same file thirty times, and every other file waited behind
    them."""
    tournament = request.tournament
    permissions.require_organiser(actor, tournament)
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
    same = next((job for job in pending if job.options == options), None)
    if same is not None:
        return same
    job = ExportJob.objects.create(
        tournament=tournament, requested_by=actor, identifier=identifier, options=options
    )
    audit_record(
        actor=actor,
        tournament=tournament,
        action="export.request",
        after={"export": identifier, "job": job.pk, **options},
        public=False,
    )
    return job
