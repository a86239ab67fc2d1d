"""A QR code drawn as vector squares, so it stays sharp on any printer and costs no image decoding."""
from __future__ import annotations

import segno
from reportlab.platypus import Flowable

QUIET_ZONE = 2


class QrCode(Flowable):
    """A square QR code of `size` points that opens `url`."""

    def __init__(self, url: str, size: float) -> None:
        super().__init__()
        self.url = url
        self.size = size
        self.code = segno.make(url, error="m", micro=False)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        matrix = self.code.matrix
        modules = len(matrix) + 2 * QUIET_ZONE
        unit = self.size / modules
        canvas = self.canv
        path = canvas.beginPath()
        for row_index, row in enumerate(matrix):
            y = self.size - (row_index + QUIET_ZONE + 1) * unit
            for start, length in _dark_runs(row):
                path.rect((start + QUIET_ZONE) * unit, y, length * unit, unit)
        canvas.saveState()
        canvas.setFillGray(0)
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.restoreState()
        canvas.linkURL(self.url, (0, 0, self.size, self.size), relative=1)


def _dark_runs(row: bytes | bytearray) -> list[tuple[int, int]]:
    """Consecutive dark modules merged into one rectangle each (fewer, seamless shapes)."""
    runs: list[tuple[int, int]] = []
    start = None
    for index, dark in enumerate(row):
        if dark and start is None:
            start = index
        elif not dark and start is not None:
            runs.append((start, index - start))
            start = None
    if start is not None:
        runs.append((start, len(row) - start))
    return runs
