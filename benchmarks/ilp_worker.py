"""The reference ILP in a process of its own, so that HiGHS's memory is measured apart from our search's."""

from __future__ import annotations

import multiprocessing
import resource
import time


def _serve(connection) -> None:
    from .ilp import solve_ilp

    while True:
        request = connection.recv()
        if request is None:
            connection.send(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
            return
        tiles, colours, objective = request
        start = time.perf_counter()
        best = solve_ilp(tiles, colours, objective)
        connection.send((best, time.perf_counter() - start))


class IlpWorker:
    """Solves positions one at a time in a fresh process; times each solve inside that process."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child,), daemon=True)
        self.process.start()

    def solve(self, tiles: list[str], colours: str, objective: str) -> tuple[int, float]:
        self.connection.send((tiles, colours, objective))
        return self.connection.recv()

    def close(self) -> float:
        """Stop the worker; returns its peak memory (max RSS) in MB."""
        self.connection.send(None)
        peak = self.connection.recv()
        self.process.join()
        return peak
