"""Seating a round's children at tables: the draw, swaps and redraws, and the warnings shown before it is
committed."""
