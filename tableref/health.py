"""`/healthz`: whether this server and its database answer, for a reverse proxy, a load balancer or a person.

200 with `{"status": "ok", "database": "ok"}`, or 503 when the database does not answer, so that a proxy stops
sending referees to a server that would fail their saves.
"""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)


def database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        logger.warning("health check: the database does not answer", exc_info=True)
        return False
    return True


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    if database_answers():
        return JsonResponse({"status": "ok", "database": "ok"})
    return JsonResponse({"status": "unavailable", "database": "unavailable"}, status=503)
