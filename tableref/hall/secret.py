"""The hall's secret key: made once, kept in a file only its owner can read, the same at every start.

Logins (sessions) are signed with it: a key made anew at each start would log every referee out whenever the
laptop restarts the server.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

OWNER_ONLY = 0o600


def hall_secret_key(path: Path) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY)
    except FileExistsError:
        if stat.S_IMODE(path.stat().st_mode) != OWNER_ONLY:
            os.chmod(path, OWNER_ONLY)  # copied from a USB stick, say: close it again
        key = path.read_text(encoding="ascii").strip()
        if len(key) < 50:
            raise ValueError(f"{path} holds no usable secret key: delete it and start again") from None
        return key
    key = secrets.token_urlsafe(50)
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.write(key + "\n")
    return key
