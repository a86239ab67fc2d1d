"""The tournament site: organisers, referees and the public, on top of the rules engine in `scoring`."""
