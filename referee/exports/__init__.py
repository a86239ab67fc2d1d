"""Files: scoresheets, standings, results, cards and certificates as PDF and Excel, made at once or in the
background (`tasks.py`)."""
