"""The hall's other serving processes: each runs waitress on the launcher's listening socket, which the
operating system hands to whichever process accepts a connection first.

Started with `multiprocessing`'s "spawn" method, the one every system has: the standard library passes the
socket to the new process (on Windows through `socket.share`), and the process starts afresh from the
launcher's environment (its settings, secret key and unlock code). One that stops unexpectedly is started
again; the launcher's own process serves too, so the site answers meanwhile. Ctrl+C reaches every process
of the terminal, and each lets its requests in progress finish, as the launcher's does.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

RESTART_PAUSE_SECONDS = 1.0


def numbered_log(path: str, number: int) -> str:
    """The access log of serving process `number`: the launcher's own (1) keeps `path`, the others write
    beside it (`access-2.log`, ...), each rotating its own file."""
    if not path or number == 1:
        return path
    log = Path(path)
    return str(log.with_name(f"{log.stem}-{number}{log.suffix}"))


def serve_in_this_process(listener: socket.socket, number: int) -> None:
    """A serving process's whole life: its own access log, Django, waitress until Ctrl+C or SIGTERM; a
    stop is quiet (exit status 0, no traceback), as the launcher's is. The terminal's Ctrl+C and the
    launcher's SIGTERM usually both arrive: the first lets requests in progress finish, only a second Ctrl+C
    cuts them short."""

    def interrupt(signum: int, frame: Any) -> None:
        signal.signal(signal.SIGTERM, already_stopping)  # not SIG_IGN: one already pending would print
        signal.signal(signal.SIGINT, signal.default_int_handler)
        raise KeyboardInterrupt

    def already_stopping(signum: int, frame: Any) -> None:
        pass

    try:
        signal.signal(signal.SIGINT, interrupt)
        signal.signal(signal.SIGTERM, interrupt)
        os.environ["ACCESS_LOG_FILE"] = numbered_log(os.environ.get("ACCESS_LOG_FILE", ""), number)
        from tableref.hall.server import serve

        serve(listener)
    except KeyboardInterrupt:
        pass


@contextlib.contextmanager
def _ctrl_c_ignored_while_starting() -> Iterator[None]:
    """A process started meanwhile ignores Ctrl+C (an ignored signal is inherited) until it has set its own
    handler, so a Ctrl+C while it starts stops it quietly later, never with a traceback. Only the main thread
    can set a handler: a process started again by the watcher starts without this."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@dataclass
class ServingProcesses:
    """`count` processes serving `listener` beside the launcher's own (numbered from 2)."""

    listener: socket.socket
    count: int
    check_every: float = 0.5
    _processes: dict[int, BaseProcess] = field(default_factory=dict)
    _stopping: threading.Event = field(default_factory=threading.Event)
    _watcher: threading.Thread | None = None

    def start(self) -> None:
        for number in range(2, self.count + 2):
            self._launch(number)
        self._watcher = threading.Thread(target=self._watch, name="hall-serving", daemon=True)
        self._watcher.start()

    def _launch(self, number: int) -> None:
        process = multiprocessing.get_context("spawn").Process(
            target=serve_in_this_process,
            args=(self.listener, number),
            name=f"hall-server-{number}",
            daemon=True,
        )
        with _ctrl_c_ignored_while_starting():
            process.start()
        self._processes[number] = process

    def _watch(self) -> None:
        while not self._stopping.wait(self.check_every):
            for number, process in list(self._processes.items()):
                if process.exitcode is not None and not self._stopping.is_set():
                    print(
                        f"hall: serving process {number} stopped (exit status {process.exitcode}); "
                        "starting it again.",
                        flush=True,
                    )
                    time.sleep(RESTART_PAUSE_SECONDS)
                    if not self._stopping.is_set():
                        self._launch(number)

    def ask_to_stop(self) -> None:
        """Tell each to stop (SIGTERM; on Windows the console's Ctrl+C has reached them already) and none to
        start again, without waiting (safe in a signal handler)."""
        self._stopping.set()
        if os.name == "nt":
            return  # terminate() would end them at once, in the middle of a save
        for process in self._processes.values():
            if process.exitcode is None and process.pid is not None:
                os.kill(process.pid, signal.SIGTERM)

    def stop(self, grace_seconds: float) -> None:
        """Ask each to stop, wait up to `grace_seconds` in all, then end those still running."""
        self.ask_to_stop()
        deadline = time.monotonic() + grace_seconds
        for process in self._processes.values():
            process.join(max(deadline - time.monotonic(), 0.05))
            if process.exitcode is None:
                process.kill()
                process.join()
