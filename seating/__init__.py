"""TableRef's seating draw (plain Python, standard library only)."""
