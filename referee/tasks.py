"""Background tasks, run by the task library's worker (django-tasks with its database backend:
`manage.py db_worker`, which the hall starts), or at once where `TASKS` says so (tests, `make run`)."""

from __future__ import annotations

from django_tasks import task

from referee.export_making import make_export_file


@task()
def export_make(job_pk: int) -> str:
    """Make the file an organiser asked for on the export page (`referee.services.export_job_request`)."""
    return make_export_file(job_pk)


@task(backend="public")
def public_part_make(tournament_pk: int, part: str, choices: str, language: str) -> int:
    """Make again a public part that a reader found a version behind (`referee.public_cache.served`); the
    version made, or 0 when the tournament is gone. A backend of its own, so that a long export never holds
    the public pages back."""
    from referee.views.public_parts import make_public_part

    return make_public_part(tournament_pk, part, choices, language)
