"""A backup holds players' names and results: no other account of the machine may read it, not even while it
is being written (the file was made with the usual umask and closed to its owner only once written)."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from tableref.backup.files import write_atomically


def others_may_read(path: Path) -> bool:
    return bool(stat.S_IMODE(os.stat(path).st_mode) & 0o077)


def test_the_file_is_its_owners_alone_while_it_is_written(tmp_path):
    seen = []

    def write(path: Path) -> None:
        copy = sqlite3.connect(path)
        copy.execute("CREATE TABLE t (x)")
        copy.commit()
        seen.append(others_may_read(path))
        copy.close()

    old = os.umask(0o022)
    try:
        write_atomically(tmp_path / "hall.backup", force=False, write=write)
    finally:
        os.umask(old)
    assert seen == [False]
    assert not others_may_read(tmp_path / "hall.backup")
    assert sqlite3.connect(tmp_path / "hall.backup").execute("SELECT count(*) FROM t").fetchone() == (0,)
