"""What the background worker does, for the tests: make every export file still waiting."""

from __future__ import annotations

from referee.exports.making import make_export_file
from referee.models import ExportJob, ExportJobStatus


def make_waiting_exports() -> int:
    """Make the files of the waiting jobs, oldest first; how many were made."""
    waiting = ExportJob.objects.filter(status=ExportJobStatus.QUEUED).order_by("created_at", "pk")
    pks = list(waiting.values_list("pk", flat=True))
    for pk in pks:
        make_export_file(pk)
    return len(pks)
