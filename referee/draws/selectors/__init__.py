"""Reads: dataclass rows from a fixed number of queries, whatever the tournament's size."""
