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
        # A fixed mask skips segno's scoring of all eight (most of its time); any mask gives a valid code.
        self.code = segno.make(url, error="m", micro=False, mask=0)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        matrix = self.code.matrix
        modules = len(matrix) + 2 * QUIET_ZONE
        canvas = self.canv
        canvas.saveState()
        canvas.scale(self.size / modules, self.size / modules)  # one unit per module: short whole numbers
        rectangles = [
            f"{start + QUIET_ZONE} {modules - QUIET_ZONE - 1 - row_index} {length} 1 re"
            for row_index, row in enumerate(matrix)
            for start, length in _dark_runs(row)
        ]
        canvas.setFillGray(0)
        # Whole-number rectangles written as PDF operators directly: reportlab's number formatting of
        # several hundred rectangles per code cost more than the rest of the page.
        canvas._code.append(" ".join(rectangles) + " f")
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
