"""The public version: bumped with every public change, read with the tournament through the ORM, and the
time of the last change that the public pages show."""

from __future__ import annotations

import datetime

import pytest
from django.db import transaction
from django.utils import timezone

from core.models import PublicVersion
from core.versions import public_version_bump
from referee.models import Tournament
from referee.public.cache import changed_at, public_tournament, version_of

pytestmark = pytest.mark.django_db


def test_the_tournament_comes_with_its_public_version_in_one_query(django_assert_num_queries):
    tournament = Tournament.objects.create(name="Invitational", slug="invitational", ruleset="hk-school")
    assert version_of(public_tournament("invitational")) == 0
    public_version_bump(tournament)
    public_version_bump(tournament)
    with django_assert_num_queries(1):
        found = public_tournament("invitational")
        assert (found.pk, found.name, version_of(found)) == (tournament.pk, "Invitational", 2)


def test_an_unknown_slug_is_a_404():
    from django.http import Http404

    Tournament.objects.create(name="Invitational", slug="invitational", ruleset="hk-school")
    with pytest.raises(Http404):
        public_tournament("invitational' OR '1'='1")


def test_a_bump_says_when_the_public_pages_changed():
    tournament = Tournament.objects.create(name="Invitational", slug="invitational", ruleset="hk-school")
    assert changed_at(public_tournament("invitational")) == tournament.created_at
    before = timezone.now()
    public_version_bump(tournament)
    after = changed_at(public_tournament("invitational"))
    assert before <= after <= timezone.now() + datetime.timedelta(seconds=1)


def test_a_bump_rolled_back_leaves_the_version_as_it_was():
    tournament = Tournament.objects.create(name="Invitational", slug="invitational", ruleset="hk-school")
    public_version_bump(tournament)
    with pytest.raises(RuntimeError), transaction.atomic():
        public_version_bump(tournament)
        raise RuntimeError("the change failed")
    assert PublicVersion.objects.get(tournament=tournament).number == 1
