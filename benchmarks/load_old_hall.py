"""The hall's former server, for one paired run against the new one: gunicorn with the former hall worker
(TableRef before the server change, commit `OLD_COMMIT`), as its `make hall` ran it on 2 cores.

The old code is taken from this repository's own history (`git archive`) into the run's folder, its catalogues
compiled there, and served with this environment's Python: `gunicorn --config python:tableref.gunicorn_config`
with WEB_CONCURRENCY=2 and WEB_THREADS=4, and its own export worker. It has the same migrations, so the
database the bench builds serves both. Its access log adds two figures of the former worker's logger: how long
a request waited for a thread, and the CPU its thread spent.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

from benchmarks.load_server import GUNICORN_FORMAT, PROJECT, GunicornServer

OLD_COMMIT = os.environ.get("BENCH_OLD_COMMIT", "f645645")


def old_tree(folder: Path, commit: str = OLD_COMMIT) -> Path:
    """The project at `commit`, unpacked under `folder`, with its catalogues compiled (once)."""
    tree = folder / f"tableref-{commit}"
    if not tree.exists():
        archive = subprocess.run(
            ["git", "archive", "--format=tar", commit], cwd=PROJECT, capture_output=True, check=True
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as unpacked:
            unpacked.extractall(tree, filter="data")
        subprocess.run(
            [sys.executable, "-m", "tableref.catalogues"], cwd=tree, check=True, capture_output=True
        )
    return tree


@dataclass
class OldHallServer(GunicornServer):
    """Gunicorn with the former hall worker, from the old code's own folder."""

    name = "gunicorn with the former hall worker"

    def __post_init__(self) -> None:
        self.cwd = old_tree(self.log_dir)
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
            cwd=self.cwd,
            env=self.environment(),
            check=True,
        )

    def environment(self) -> dict[str, str]:
        return {
            **super().environment(),
            "WEB_CONCURRENCY": str(self.workers),
            "WEB_THREADS": str(self.threads),
        }

    def gunicorn_options(self) -> list[str]:
        return ["--config", "python:tableref.gunicorn_config"]

    @property
    def access_format(self) -> str:
        return GUNICORN_FORMAT + " %(w)s %(c)s"
