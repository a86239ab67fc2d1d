"""The public pages' background task, on a backend (and worker) of its own so that a long export never holds
the public pages back (`TASKS["public"]`)."""

from __future__ import annotations

from django_tasks import task


@task(backend="public")
def public_part_make(tournament_pk: int, part: str, choices: str, language: str) -> int:
    """Make again a public part that a reader found a version behind (`referee.public.cache.served`); the
    version made, or 0 when the tournament is gone."""
    from referee.public.views.parts import make_public_part

    return make_public_part(tournament_pk, part, choices, language)
