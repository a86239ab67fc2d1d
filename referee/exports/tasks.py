"""Background tasks, run by the task library's worker (django-tasks with its database backend:
`manage.py db_worker`, which the hall starts), or at once where `TASKS` says so (tests, `make run`)."""

from __future__ import annotations

from django_tasks import task

from referee.exports.making import make_export_file


@task()
def export_make(job_pk: int) -> str:
    """Make the file an organiser asked for on the export page
    (`referee.exports.services.exports.export_job_request`)."""
    return make_export_file(job_pk)
