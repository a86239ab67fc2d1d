"""Backups of the whole database in the database's own format, and restoring one.

SQLite (the hall's laptop) is copied with SQLite's online backup API: a consistent, exact copy of the file
taken while referees keep saving. PostgreSQL is dumped with `pg_dump` in its custom format and restored with
`pg_restore`. Either way nothing is translated on the way (times keep their microseconds, JSON stays JSON,
triggers and sequences come back as they were), which a dumpdata-style export would not promise: Django's
JSON serializer cuts times to milliseconds. A backup is restored into the same kind of database it came from.
"""

from tableref.backup.files import BackupError, BackupKind, backup_kind

__all__ = ["BackupError", "BackupKind", "backup_kind"]
