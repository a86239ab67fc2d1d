"""A tournament, its rounds, tables and referees, and the accounts that log in to it."""
