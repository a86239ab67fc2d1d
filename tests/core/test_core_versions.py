"""The public version read with the tournament in one plain statement."""

from __future__ import annotations

import pytest

from core.versions import by_slug_with_public_version, public_version_bump
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
