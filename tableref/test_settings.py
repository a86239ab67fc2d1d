"""Settings for the test suite: the real settings with a test-only secret and a fast password hasher."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key")

from tableref.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The suite does not run collectstatic first: hashed names need the manifest it writes, so tests use the same
# compressed storage without one. tests/tableref/test_static_files.py checks the real one.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Exports are queued and left waiting: a test makes the files itself (`tests.referee.exporters.making`), or
# runs them with the real database backend and its worker (`tests/tableref/hall/test_hall_exports.py`). The
# public pages' parts are regenerated at once, so a change shows on the next page a test reads.
TASKS = {
    "default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"},
    "public": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"},
}
PUBLIC_PART_REFRESH_SECONDS = 0
