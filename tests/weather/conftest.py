"""Weather fixtures: a tournament with its people and match-day rounds, a frozen clock, stored readings."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, time

import pytest
from django.contrib.auth import get_user_model

from tests.weather.weather_payloads import MATCH_DAY, hk
from weather.feed import SUMMARY_FEED
from weather.models import SnapshotSource, WarningSnapshot

User = get_user_model()


@pytest.fixture
def organiser(db):
    return User.objects.create_user("organiser", password="organiser-pass-1")


@pytest.fixture
def referee_user(db):
    return User.objects.create_user("referee", password="referee-pass-1")


@pytest.fixture
def stranger(db):
    return User.objects.create_user("stranger", password="stranger-pass-1")


@pytest.fixture
def tournament(db, organiser, referee_user):
    from referee.models import Round, Tournament

    found = Tournament.objects.create(
        name="Rummikub Primary Invitational", slug="hk-2025", ruleset="hk-school", weather_rule=True
    )
    found.organisers.add(organiser)
    found.referees.add(referee_user)
    Round.objects.create(tournament=found, name="Round 2", date=MATCH_DAY, start_time=time(10, 30), order=2)
    Round.objects.create(tournament=found, name="Round 1", date=MATCH_DAY, start_time=time(9, 0), order=1)
    return found


@pytest.fixture
def frozen_now(monkeypatch) -> Callable[[datetime], None]:
    """Freeze the time the weather pages and commands see: `frozen_now(hk("07:30"))`."""

    def freeze(moment: datetime) -> None:
        monkeypatch.setattr("weather.clock.now", lambda: moment)

    freeze(hk("07:30"))
    return freeze


@pytest.fixture
def store(db) -> Callable[..., WarningSnapshot]:
    """Store a payload as read at an HH:MM on the match day (or at a datetime)."""

    def save(at: str | datetime, payload: str, feed: str = SUMMARY_FEED) -> WarningSnapshot:
        read_at = hk(at) if isinstance(at, str) else at
        return WarningSnapshot.objects.create(
            feed=feed, read_at=read_at, payload=payload, source=SnapshotSource.IMPORT
        )

    return save


@pytest.fixture
def announce(tournament, organiser) -> Callable[..., object]:
    """Record the bureau's word for primary schools on the match day: `announce(suspended=True)`."""
    from weather.services import bureau_announcement_record

    def record(*, suspended: bool, at: str = "06:00") -> object:
        return bureau_announcement_record(
            actor=organiser,
            tournament=tournament,
            day=MATCH_DAY,
            scope="primary",
            suspended=suspended,
            announced_at=hk(at),
        )

    return record
