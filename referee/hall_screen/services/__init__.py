"""Writes: keyword-only, atomic, permission-checked, each logged to the audit."""
