"""The organiser's pages: tournaments, registration, seating, referees, progress."""
