"""Making a queued export's file: the work the background task does (`referee/exports/tasks.py`).

The job row (`ExportJob`) is what the organiser's page polls: its progress while the file is made, then the
file itself, stored in the row so that every web process and machine serves the download. A refusal or a
fault marks the job failed with a message, never the worker. A job whose progress stops for
`EXPORT_STALLED_SECONDS` (its worker was killed, or its database call never returned) is shown as interrupted
and no longer stands in for a new request of the same file (`ExportJob.stalled`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from referee.exports.exporters import ExportError, ExportRequest, get_exporter
from referee.exports.exporters.links import absolute_entry_url
from referee.models import ExportJob, ExportJobStatus, Round, School

logger = logging.getLogger(__name__)

PROGRESS_EVERY_SECONDS = 0.5


def export_request(job: ExportJob) -> ExportRequest:
    """The job's choices as the exporter takes them; a round or school deleted meanwhile is refused."""
    options = job.options
    tournament = job.tournament
    round_ = school = None
    if options.get("round"):
        round_ = Round.objects.filter(tournament=tournament, pk=options["round"]).first()
        if round_ is None:
            raise ExportError(_("This round is not part of the tournament."), field="round", code="bad-round")
    if options.get("school"):
        school = School.objects.filter(tournament=tournament, code=options["school"]).first()
        if school is None:
            raise ExportError(
                _("This school is not part of the tournament."), field="school", code="bad-school"
            )
    base = options.get("entry_base") or ""
    return ExportRequest(
        tournament=tournament,
        round_=round_,
        school=school,
        language=options.get("language"),
        include_unsigned=bool(options.get("include_unsigned")),
        for_posting=bool(options.get("for_posting")),
        entry_url=(lambda table: absolute_entry_url(base, table)) if base else None,
    )


def _progress_writer(job: ExportJob) -> Callable[[int, int], None]:
    last = [0.0]
    running = ExportJob.objects.filter(pk=job.pk, status=ExportJobStatus.RUNNING)

    def write(done: int, total: int) -> None:
        now = time.monotonic()
        if done in (0, total) or now - last[0] >= PROGRESS_EVERY_SECONDS:
            last[0] = now
            running.update(done=done, total=total, progress_at=timezone.now())

    return write


def make_export_file(job_pk: int) -> str:
    """Make the file of a queued job and store it in the job; returns the job's status afterwards. A job that
    is gone, or not waiting (made already by an earlier attempt), is left as it is."""
    now = timezone.now()
    started = ExportJob.objects.filter(pk=job_pk, status=ExportJobStatus.QUEUED).update(
        status=ExportJobStatus.RUNNING, started_at=now, progress_at=now, error=""
    )
    job = ExportJob.objects.select_related("tournament").defer("content").filter(pk=job_pk).first()
    if job is None or not started:
        return job.status if job is not None else "gone"
    mine = ExportJob.objects.filter(pk=job.pk, status=ExportJobStatus.RUNNING)
    try:
        with translation.override(job.options.get("ui_language") or settings.LANGUAGE_CODE):
            exporter = get_exporter(job.identifier)(export_request(job))
        exporter.on_progress = _progress_writer(job)
        _filename, mimetype, content = exporter.render()
        filename = exporter.download_name()
    except ExportError as error:
        mine.update(status=ExportJobStatus.FAILED, error=str(error), finished_at=timezone.now())
        return ExportJobStatus.FAILED
    except Exception:
        logger.exception("Export job %s (%s) failed", job.pk, job.identifier)
        mine.update(status=ExportJobStatus.FAILED, error="fault", finished_at=timezone.now())
        return ExportJobStatus.FAILED
    mine.update(
        status=ExportJobStatus.DONE,
        filename=filename,
        mimetype=mimetype,
        content=content,
        done=F("total"),
        finished_at=timezone.now(),
    )
    return ExportJobStatus.DONE
