"""Everything the hall's site needs before it serves, done on every start (each step is quick when done).

The translations compiled, the static files collected under hashed names, the SQLite database created as a
file only its owner can read and migrated, the cache table, and the noticeboard PDF. `make hall` and
`python -m tableref.hall` therefore work on a fresh copy with nothing run before but the install.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

OWNER_ONLY = 0o600


def owner_only_sqlite(vendor: str, database: dict[str, Any]) -> Path | None:
    """Create the SQLite file owner-only if it is not there yet, and close an existing one to others (its
    journal files take the database file's permissions). On Windows the file sits in the user's own folder,
    whose access rights already keep other accounts out; `chmod` there only sets the read-only flag."""
    if vendor != "sqlite":
        return None
    name = str(database.get("NAME", ""))
    if not name or name == ":memory:" or name.startswith("file:"):
        return None
    path = Path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, OWNER_ONLY)
    os.close(descriptor)
    for companion in (path, Path(f"{name}-wal"), Path(f"{name}-shm")):
        if companion.exists() and stat.S_IMODE(companion.stat().st_mode) != OWNER_ONLY:
            os.chmod(companion, OWNER_ONLY)
    return path


def prepare_site(state_dir: Path) -> Path:
    """Run every step; returns the noticeboard PDF's path. Django must not be set up yet."""
    from tableref import catalogues

    if catalogues.main() != 0:
        raise SystemExit("hall: the translations could not be compiled (see above).")
    import django
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connections

    django.setup()
    print("hall: preparing the static files and the database ...", flush=True)
    call_command("collectstatic", interactive=False, verbosity=0)
    owner_only_sqlite(connections["default"].vendor, settings.DATABASES["default"])
    call_command("migrate", interactive=False, verbosity=0)
    call_command("createcachetable", verbosity=0)

    from tableref.hall.noticeboard import Noticeboard
    from tableref.hall.noticeboard_pdf import noticeboard_pdf

    pdf_path = state_dir / "noticeboard.pdf"
    pdf_path.write_bytes(noticeboard_pdf(Noticeboard(settings.HALL_URL, settings.HALL_WIFI)))
    connections.close_all()
    return pdf_path
