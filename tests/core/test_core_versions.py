"""The public version read with the tournament in one plain statement."""

from __future__ import annotations

import pytest
from django.db import transaction

from core.models import PublicVersion
from core.versions import (
    TRUST_SECONDS,
    by_slug_with_public_version,
    lately_with_public_version,
    public_version_bump,
    recent_reads,
)
from referee.models import Tournament


@pytest.mark.django_db
def test_the_tournament_comes_with_its_public_version():
    tournament = Tournament.objects.create(name="Invitational", slug="invitational", ruleset="hk-school")
    assert by_slug_with_public_version(Tournament, "invitational").public_version_number == 0
    public_version_bump(tournament)
    public_version_bump(tournament)
    found = by_slug_with_public_version(Tournament, "invitational")
    assert (found.pk, found.name, found.public_version_number) == (tournament.pk, "Invitational", 2)


@pytest.mark.django_db
def test_an_unknown_slug_finds_nothing():
    Tournament.objects.create(name="Invitational", slug="invitational", ruleset="hk-school")
    assert by_slug_with_public_version(Tournament, "other") is None
    assert by_slug_with_public_version(Tournament, "invitational' OR '1'='1") is None


@pytest.mark.django_db
def test_every_field_comes_as_the_orm_gives_it():
    """Read without the ORM's query machinery, each value still goes through the database's converters
    (SQLite keeps times as text and booleans as numbers)."""
    made = Tournament.objects.create(
        name="Invitational", slug="invitational", ruleset="hk-school", small_set=True
    )
    found = by_slug_with_public_version(Tournament, "invitational")
    loaded = Tournament.objects.get(pk=made.pk)
    for field in Tournament._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(loaded, field.attname), field.name
        assert type(getattr(found, field.attname)) is type(getattr(loaded, field.attname)), field.name
    assert found._state.adding is False
    assert found._state.db == loaded._state.db
    found.name = "Renamed"
    found.save(update_fields=["name"])
    assert Tournament.objects.get(pk=made.pk).name == "Renamed"


@pytest.fixture
def clock(monkeypatch):
    """The process's monotonic clock, moved by hand."""
    now = [1000.0]
    monkeypatch.setattr("core.versions.time.monotonic", lambda: now[0])
    return now


@pytest.mark.django_db
def test_a_process_reads_a_version_once_in_its_trusted_time(clock, django_assert_num_queries):
    Tournament.objects.create(name="Invitational", slug="invitational", ruleset="hk-school")
    with django_assert_num_queries(1):
        first = lately_with_public_version(Tournament, "invitational")
        clock[0] += TRUST_SECONDS / 2
        assert lately_with_public_version(Tournament, "invitational") is first
    clock[0] += TRUST_SECONDS
    with django_assert_num_queries(1):
        lately_with_public_version(Tournament, "invitational")


@pytest.mark.django_db
def test_a_change_made_in_this_process_shows_at_once(clock):
    tournament = Tournament.objects.create(name="Invitational", slug="invitational", ruleset="hk-school")
    assert lately_with_public_version(Tournament, "invitational").public_version_number == 0
    public_version_bump(tournament)
    assert lately_with_public_version(Tournament, "invitational").public_version_number == 1


@pytest.mark.django_db
def test_a_change_made_in_another_process_shows_within_the_trusted_time(clock):
    tournament = Tournament.objects.create(name="Invitational", slug="invitational", ruleset="hk-school")
    public_version_bump(tournament)
    assert lately_with_public_version(Tournament, "invitational").public_version_number == 1
    PublicVersion.objects.filter(tournament=tournament).update(number=2)  # as another process's bump
    assert lately_with_public_version(Tournament, "invitational").public_version_number == 1
    clock[0] += TRUST_SECONDS
    assert lately_with_public_version(Tournament, "invitational").public_version_number == 2


@pytest.mark.django_db
def test_a_tournament_saved_in_this_process_is_read_again(clock):
    tournament = Tournament.objects.create(name="Invitational", slug="invitational", ruleset="hk-school")
    lately_with_public_version(Tournament, "invitational")
    tournament.delete()
    assert lately_with_public_version(Tournament, "invitational") is None
    Tournament.objects.create(name="Again", slug="invitational", ruleset="hk-school")
    assert lately_with_public_version(Tournament, "invitational").name == "Again"


@pytest.mark.django_db(transaction=True)
def test_the_bump_forgets_again_when_its_change_commits(clock):
    """A reader of this process may read the old number between the bump and the commit: the commit forgets
    it, so that the change shows at the next reload here too."""
    tournament = Tournament.objects.create(name="Invitational", slug="invitational", ruleset="hk-school")
    before = lately_with_public_version(Tournament, "invitational")
    with transaction.atomic():
        public_version_bump(tournament)
        recent_reads.keep("invitational", before)  # read by another thread before the change commits
    assert lately_with_public_version(Tournament, "invitational").public_version_number == 1
