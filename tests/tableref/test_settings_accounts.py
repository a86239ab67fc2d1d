"""Sessions that last the event day and the login throttle, from the environment as the README says."""

from __future__ import annotations

from tests.tableref.settings_probe import settings_values

NAMES = [
    "SESSION_COOKIE_AGE",
    "AXES_FAILURE_LIMIT",
    "AXES_COOLOFF_TIME",
    "AXES_LOCKOUT_PARAMETERS",
    "PASSWORD_HASHERS",
]


def test_the_defaults_last_a_day_and_lock_after_ten_failures_for_fifteen_minutes() -> None:
    values = settings_values(NAMES, DEBUG="1")
    assert values["SESSION_COOKIE_AGE"] == 16 * 3600
    assert values["AXES_FAILURE_LIMIT"] == 10
    assert values["AXES_COOLOFF_TIME"] == "datetime.timedelta(seconds=900)"
    assert values["AXES_LOCKOUT_PARAMETERS"] == ["username", "ip_address"]
    assert values["PASSWORD_HASHERS"][0] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"


def test_each_can_be_set() -> None:
    values = settings_values(
        NAMES,
        DEBUG="1",
        SESSION_HOURS="12",
        LOGIN_FAILURE_LIMIT="5",
        LOGIN_LOCKOUT_MINUTES="30",
        LOGIN_LOCKOUT_BY="username+address",
    )
    assert values["SESSION_COOKIE_AGE"] == 12 * 3600
    assert values["AXES_FAILURE_LIMIT"] == 5
    assert values["AXES_COOLOFF_TIME"] == "datetime.timedelta(seconds=1800)"
    assert values["AXES_LOCKOUT_PARAMETERS"] == [["username", "ip_address"]]
