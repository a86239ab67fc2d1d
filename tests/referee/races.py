"""Two writers at the same moment, for the tests that prove a lock keeps them apart.

Only a server database can race: SQLite serialises writers at BEGIN, so there these tests skip (CI runs the
whole suite on PostgreSQL as well).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import close_old_connections, connection

from core.errors import ServiceError


def require_server_database() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("a real race needs a server database; SQLite serialises writers at BEGIN")


def race(*writes: Callable[[], object], done: str) -> list[str]:
    """Start every write at once; each outcome is `done`, the service's refusal code, or what else escaped."""
    barrier = threading.Barrier(len(writes))
    outcomes: list[str] = []

    def run(write: Callable[[], object]) -> None:
        try:
            barrier.wait()
            write()
            outcomes.append(done)
        except ServiceError as error:
            outcomes.append(error.code)
        except Exception as error:  # the test reports what escaped
            outcomes.append(type(error).__name__)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=run, args=(write,)) for write in writes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(outcomes)
