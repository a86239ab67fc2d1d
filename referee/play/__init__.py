"""A table's games as its referee enters them: results, corrections, incidents, a child who leaves, sign-off,
the table's time, and the merge of two devices' entries for one game."""
