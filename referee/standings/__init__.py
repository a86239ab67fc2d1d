"""Players, tables and schools ranked from the stored games (numbers are derived, never stored)."""
