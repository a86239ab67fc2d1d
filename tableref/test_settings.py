"""Settings for the test suite: the real settings with a test-only secret and a fast password hasher."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key")

from tableref.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
