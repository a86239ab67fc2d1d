"""The background exports of a tournament, for its export page (never their files' bytes)."""

from __future__ import annotations

from django.db.models import QuerySet

from referee.exports.exporters import ExportError, get_exporter
from referee.models import ExportJob, Tournament

RECENT_JOBS = 10


def _jobs(tournament: Tournament) -> QuerySet[ExportJob]:
    return ExportJob.objects.filter(tournament=tournament).defer("content")


def recent_export_jobs(tournament: Tournament) -> list[ExportJob]:
    """One query: the latest files asked for, newest first."""
    return list(_jobs(tournament).order_by("-created_at", "-pk")[:RECENT_JOBS])


def export_job(tournament: Tournament, pk: int) -> ExportJob | None:
    """A job of this tournament (another tournament's job is not found, whoever asks)."""
    return _jobs(tournament).filter(pk=pk).first()


def exporter_name(identifier: str) -> str:
    try:
        return str(get_exporter(identifier).verbose_name)
    except ExportError:
        return identifier
