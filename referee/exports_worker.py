"""The background export worker: claims a queued job, makes its file, stores it in the job's row.

Any number of workers on any number of machines may run (`manage.py export_worker`; `make hall` starts one):
a job is claimed by one conditional UPDATE, so two workers never make the same file. A running job's worker
writes a heartbeat every few seconds; a job whose heartbeat stops (its worker was killed, its machine went
down) or whose worker process is gone from this machine is queued again, once, then marked failed with a
message the organiser can act on. Finished jobs are deleted after `EXPORT_KEEP_HOURS`.
"""

from __future__ import annotations

import datetime
import logging
import os
import socket
import threading
import time

import psutil
from django.conf import settings
from django.db import connection
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from referee.exporters import ExportError, ExportRequest, get_exporter
from referee.exporters.links import absolute_entry_url
from referee.models import ExportJob, ExportJobStatus, Round, School

logger = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 5
STALE_AFTER_SECONDS = 60
MAX_ATTEMPTS = 2
PROGRESS_EVERY_SECONDS = 0.5


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _is_gone(worker: str) -> bool:
    """A worker of this machine whose process no longer runs (a restart need not wait for the heartbeat)."""
    host, _sep, pid = worker.rpartition(":")
    return host == socket.gethostname() and pid.isdigit() and not psutil.pid_exists(int(pid))


def sweep(now: datetime.datetime | None = None) -> int:
    """Queue again (or fail) the running jobs whose worker died. Returns how many were touched."""
    now = now or timezone.now()
    stale = now - datetime.timedelta(seconds=STALE_AFTER_SECONDS)
    touched = 0
    running = ExportJob.objects.filter(status=ExportJobStatus.RUNNING).only(
        "pk", "worker", "heartbeat_at", "attempts"
    )
    for job in running:
        if not (job.heartbeat_at is None or job.heartbeat_at < stale or _is_gone(job.worker)):
            continue
        still_his = ExportJob.objects.filter(pk=job.pk, status=ExportJobStatus.RUNNING, worker=job.worker)
        if job.attempts < MAX_ATTEMPTS:
            touched += still_his.update(status=ExportJobStatus.QUEUED, worker="", done=0)
        else:
            touched += still_his.update(status=ExportJobStatus.FAILED, error="interrupted", finished_at=now)
    return touched


def clean(now: datetime.datetime | None = None) -> int:
    """Delete jobs (and their files) asked for more than `EXPORT_KEEP_HOURS` ago."""
    now = now or timezone.now()
    limit = now - datetime.timedelta(hours=settings.EXPORT_KEEP_HOURS)
    deleted, _by_model = (
        ExportJob.objects.filter(created_at__lt=limit).exclude(status=ExportJobStatus.RUNNING).delete()
    )
    return deleted


def claim(worker: str) -> ExportJob | None:
    """The oldest queued job, now this worker's; None when there is none (or another worker was quicker)."""
    for pk in (
        ExportJob.objects.filter(status=ExportJobStatus.QUEUED)
        .order_by("created_at", "pk")
        .values_list("pk", flat=True)[:5]
    ):
        now = timezone.now()
        claimed = ExportJob.objects.filter(pk=pk, status=ExportJobStatus.QUEUED).update(
            status=ExportJobStatus.RUNNING,
            worker=worker,
            started_at=now,
            heartbeat_at=now,
            attempts=F("attempts") + 1,
            error="",
        )
        if claimed:
            return ExportJob.objects.select_related("tournament").get(pk=pk)
    return None


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


class _Heartbeat(threading.Thread):
    """Writes the job's heartbeat while the file is being made, from its own database connection."""

    def __init__(self, job: ExportJob) -> None:
        super().__init__(daemon=True, name=f"export-heartbeat-{job.pk}")
        self.job = job
        self.stopped = threading.Event()

    def run(self) -> None:
        try:
            while not self.stopped.wait(HEARTBEAT_SECONDS):
                self._mine().update(heartbeat_at=timezone.now())
        finally:
            connection.close()

    def _mine(self):
        return ExportJob.objects.filter(
            pk=self.job.pk, status=ExportJobStatus.RUNNING, worker=self.job.worker
        )


def _progress_writer(job: ExportJob):
    last = [0.0]

    def write(done: int, total: int) -> None:
        now = time.monotonic()
        if done in (0, total) or now - last[0] >= PROGRESS_EVERY_SECONDS:
            last[0] = now
            ExportJob.objects.filter(pk=job.pk, status=ExportJobStatus.RUNNING, worker=job.worker).update(
                done=done, total=total, heartbeat_at=timezone.now()
            )

    return write


def run(job: ExportJob) -> None:
    """Make the job's file and store it; a refusal or a fault marks the job failed, never the worker."""
    mine = ExportJob.objects.filter(pk=job.pk, status=ExportJobStatus.RUNNING, worker=job.worker)
    heartbeat = _Heartbeat(job)
    heartbeat.start()
    try:
        with translation.override(job.options.get("ui_language") or settings.LANGUAGE_CODE):
            exporter = get_exporter(job.identifier)(export_request(job))
        exporter.on_progress = _progress_writer(job)
        _filename, mimetype, content = exporter.render()
        filename = exporter.download_name()
    except ExportError as error:
        mine.update(status=ExportJobStatus.FAILED, error=str(error), finished_at=timezone.now())
    except Exception:
        logger.exception("Export job %s (%s) failed", job.pk, job.identifier)
        mine.update(status=ExportJobStatus.FAILED, error="fault", finished_at=timezone.now())
    else:
        mine.update(
            status=ExportJobStatus.DONE,
            filename=filename,
            mimetype=mimetype,
            content=content,
            done=F("total"),
            finished_at=timezone.now(),
        )
    finally:
        heartbeat.stopped.set()
        heartbeat.join()


def work_once(worker: str | None = None) -> bool:
    """Sweep, clean, and make one file if one is waiting. True when a job was run. The command's loop tidies
    the database connection around each call, as Django does around a request."""
    sweep()
    clean()
    job = claim(worker or worker_name())
    if job is None:
        return False
    run(job)
    return True
