"""What the export page says about a file being made in the background."""

from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from referee.models import ExportJob, ExportJobStatus

WORKER_LATE_AFTER = datetime.timedelta(seconds=60)


def export_job_message(job: ExportJob) -> str:
    if job.stalled:
        return _("The export stopped before its file was ready (did the server restart?). Ask for it again.")
    if job.status == ExportJobStatus.QUEUED:
        if timezone.now() - job.created_at > WORKER_LATE_AFTER:
            return _(
                "Still waiting. Is the export worker running? The hall starts it; on a server, see the "
                "deployment guide."
            )
        return _("Waiting for the export worker to start on it.")
    if job.status == ExportJobStatus.RUNNING:
        if not job.total:
            return _("Being made.")
        return _("Being made: %(done)d of %(total)d.") % {"done": job.done, "total": job.total}
    if job.status == ExportJobStatus.DONE:
        return _("Ready: %(filename)s") % {"filename": job.filename}
    if job.error == "fault":
        return _(
            "Something went wrong while making this file. It has been logged; ask for it again, or tell "
            "whoever runs the server."
        )
    return job.error
