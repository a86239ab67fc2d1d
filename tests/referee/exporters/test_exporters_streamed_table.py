"""A standings table streamed a page at a time never loses a row, however its frame asks for the layout."""

from __future__ import annotations

from reportlab.platypus import Table

from referee.exports.exporters.pdf import StreamedTable

ROWS = 200


def streamed() -> StreamedTable:
    return StreamedTable(["No.", "Name"], iter([[n, f"player {n}"] for n in range(ROWS)]), Table)


def rows_printed(parts: list) -> list[int]:
    """The numbers in the first column of every part, following each streamed remainder to its end."""
    printed = []
    while parts:
        first, *rest = parts
        printed += [row[0] for row in first._cellvalues[1:]]
        parts = rest[0].split(400, 500) if rest else []
    return printed


def test_every_row_is_printed_once_in_order():
    assert rows_printed(streamed().split(400, 500)) == list(range(ROWS))


def test_a_split_taller_than_the_last_wrap_keeps_every_row():
    """Asked to wrap in a small space and then split in a large one (a frame may do so), it lays out again."""
    table = streamed()
    table.wrap(400, 100)
    assert rows_printed(table.split(400, 10_000)) == list(range(ROWS))
