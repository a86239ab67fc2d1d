"""What both apps share: the service error, checked request inputs, permission helpers, the audit log, the
action page view and the date widgets. It imports nothing from `referee` or `weather`; the audit log names the
tournament model by its label (`core.models.TOURNAMENT_MODEL`), as Django names the user model."""
