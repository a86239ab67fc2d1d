"""Sessions that last the event day and the login throttle, from the environment as the README says."""

from __future__ import annotations

from tests.tableref.settings_probe import settings_values

NAMES = [
    "SESSION_COOKIE_AGE",
    "AXES_FAILURE_LIMIT",
    "AXES_COOLOFF_TIME",
    "AXES_LOCKOUT_PARAMETERS",
    "AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT",
    "LOGIN_ADDRESS_FAILURE_LIMIT",
    "PASSWORD_HASHERS",
]


def test_the_defaults_last_a_day_and_lock_after_ten_failures_for_fifteen_minutes() -> None:
    values = settings_values(NAMES, DEBUG="1")
    assert values["SESSION_COOKIE_AGE"] == 16 * 3600
    assert values["AXES_FAILURE_LIMIT"] == 10
    assert values["AXES_COOLOFF_TIME"] == "datetime.timedelta(seconds=900)"
    assert values["AXES_LOCKOUT_PARAMETERS"] == "tableref.throttling.lockout_parameters"
    assert values["AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT"] is False
    assert values["LOGIN_ADDRESS_FAILURE_LIMIT"] == 100
    assert values["PASSWORD_HASHERS"][0] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"


def test_each_can_be_set() -> None:
    values = settings_values(
        NAMES,
        DEBUG="1",
        SESSION_HOURS="12",
        LOGIN_FAILURE_LIMIT="5",
        LOGIN_LOCKOUT_MINUTES="30",
        LOGIN_ADDRESS_FAILURE_LIMIT="40",
    )
    assert values["SESSION_COOKIE_AGE"] == 12 * 3600
    assert values["AXES_FAILURE_LIMIT"] == 5
    assert values["AXES_COOLOFF_TIME"] == "datetime.timedelta(seconds=1800)"
    assert values["LOGIN_ADDRESS_FAILURE_LIMIT"] == 40
