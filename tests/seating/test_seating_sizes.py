"""Table sizes: the rule's examples, its refusals, and the rule against a brute force on every count."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating import SeatingError, TableSize, table_sizes
from tests.seating.seating_checks import rule_sizes


@pytest.mark.parametrize(
    "count, largest, smallest, expected",
    [
        (17, 4, 3, (4, 4, 3, 3, 3)),
        (16, 4, 3, (4, 4, 4, 4)),
        (18, 4, 3, (4, 4, 4, 3, 3)),
        (160, 4, 3, (4,) * 40),
        (6, 4, 3, (3, 3)),
        (7, 4, 3, (4, 3)),
        (3, 4, 3, (3,)),
        (13, 6, 3, (6, 4, 3)),
        (17, 6, 3, (6, 6, 5)),
        (11, 4, 2, (4, 4, 3)),
        (8, 4, 4, (4, 4)),
    ],
)
def test_as_many_full_tables_as_the_count_allows(count, largest, smallest, expected):
    assert table_sizes(count, TableSize(largest, smallest)) == expected


@pytest.mark.parametrize("count, largest, smallest", [(5, 4, 3), (2, 4, 3), (1, 4, 3), (7, 4, 4), (11, 5, 4)])
def test_a_count_no_tables_can_seat_is_refused(count, largest, smallest):
    with pytest.raises(SeatingError) as refused:
        table_sizes(count, TableSize(largest, smallest))
    assert refused.value.code == "impossible-sizes"
    assert refused.value.field == "table_size"


def test_no_players_is_its_own_refusal():
    with pytest.raises(SeatingError) as refused:
        table_sizes(0, TableSize(4, 3))
    assert refused.value.code == "no-players"


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 60), st.integers(2, 7), st.integers(0, 5))
def test_the_rule_agrees_with_a_brute_force(count, largest, below):
    size = TableSize(largest, max(2, largest - below))
    expected = rule_sizes(count, size)
    if expected is None:
        with pytest.raises(SeatingError):
            table_sizes(count, size)
    else:
        assert list(table_sizes(count, size)) == expected
