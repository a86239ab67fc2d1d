"""The hall's background processes (the task workers, the daily forgetting, the weather readings), kept
running beside the site.

Each runs as `python manage.py ...` in a process of its own, so that a crash or a stuck database call there
never reaches the web server. One that stops is started again after a pause that grows while it keeps
stopping; the site never stops because one of them did. Each is in a process group of its own, so that the
terminal's Ctrl+C reaches the hall alone, which then tells each to stop once: a second signal makes a task
worker quit in the middle of its own cleanup, and a process interrupted while it starts prints a traceback.
Portable: nothing here needs a POSIX call (`OWN_PROCESS_GROUP` names each system's way).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

OWN_PROCESS_GROUP: dict[str, int] = (
    {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
    if os.name == "nt"
    else {"process_group": 0}
)
FIRST_PAUSE_SECONDS = 1.0
LONGEST_PAUSE_SECONDS = 60.0
STEADY_SECONDS = 60.0  # a process that ran this long before stopping starts again after the first pause


@dataclass
class Background:
    """One command, its running process, and when to start it again after it stopped."""

    name: str
    command: list[str]
    process: subprocess.Popen | None = None
    started_at: float = 0.0
    pause: float = FIRST_PAUSE_SECONDS
    restart_at: float | None = None
    restarts: int = 0
    told_to_stop: bool = False


@dataclass
class BackgroundProcesses:
    """Starts each command, restarts one that stops, and stops them all on request."""

    root: Path
    commands: dict[str, list[str]]
    check_every: float = 0.5
    _kept: list[Background] = field(default_factory=list)
    _stopping: threading.Event = field(default_factory=threading.Event)
    _watcher: threading.Thread | None = None

    def start(self) -> None:
        self._kept = [Background(name, command) for name, command in self.commands.items()]
        for kept in self._kept:
            self._launch(kept)
        self._watcher = threading.Thread(target=self._watch, name="hall-background", daemon=True)
        self._watcher.start()

    def _launch(self, kept: Background) -> None:
        command = [sys.executable, "manage.py", *kept.command]
        kept.process = subprocess.Popen(command, cwd=self.root, **OWN_PROCESS_GROUP)
        kept.started_at, kept.restart_at, kept.told_to_stop = time.monotonic(), None, False

    def _watch(self) -> None:
        while not self._stopping.wait(self.check_every):
            for kept in self._kept:
                self._look_after(kept)

    def _look_after(self, kept: Background) -> None:
        now = time.monotonic()
        if kept.process is not None and kept.process.poll() is not None:
            ran = now - kept.started_at
            kept.pause = (
                FIRST_PAUSE_SECONDS if ran >= STEADY_SECONDS else min(kept.pause * 2, LONGEST_PAUSE_SECONDS)
            )
            print(
                f"hall: the {kept.name} stopped (exit status {kept.process.returncode}); "
                f"starting it again in {kept.pause:.0f} s.",
                file=sys.stderr,
                flush=True,
            )
            kept.process, kept.restart_at = None, now + kept.pause
        if kept.process is None and kept.restart_at is not None and now >= kept.restart_at:
            kept.restarts += 1
            if not self._stopping.is_set():
                self._launch(kept)

    def running(self) -> dict[str, subprocess.Popen]:
        return {kept.name: kept.process for kept in self._kept if kept.process is not None}

    def ask_to_stop(self) -> None:
        """Tell each to stop, once, and none to start again, without waiting (safe in a signal handler)."""
        self._stopping.set()
        for kept in self._kept:
            if kept.process is not None and kept.process.poll() is None and not kept.told_to_stop:
                kept.told_to_stop = True
                kept.process.terminate()

    def stop(self, grace_seconds: float) -> None:
        """Ask each to stop, wait up to `grace_seconds` in all, then end those still running."""
        self.ask_to_stop()
        if self._watcher is not None:
            self._watcher.join(self.check_every * 4)
        processes = [kept.process for kept in self._kept if kept.process is not None]
        deadline = time.monotonic() + grace_seconds
        for process in processes:
            try:
                process.wait(timeout=max(deadline - time.monotonic(), 0.05))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
