"""tournament_create and tournament_update."""

from __future__ import annotations

import time

import pytest

from core.errors import ServiceError
from core.models import AuditEntry
from referee.models import Tournament
from referee.tournaments.services.tournaments import SETTINGS_FIELDS, tournament_create, tournament_update
from tests.referee.races import race, require_server_database


def settings_of(tournament: Tournament, **changes) -> dict:
    values = {name: getattr(tournament, name) for name in SETTINGS_FIELDS}
    values.update(changes)
    return values


def test_create_takes_the_rulesets_defaults(organiser):
    school_rules = tournament_create(actor=organiser, name=" 邀請賽 ", slug="hk", ruleset="hk-school")
    assert school_rules.name == "邀請賽"
    assert school_rules.games_per_table == 3
    assert school_rules.target_score is None
    assert list(school_rules.organisers.all()) == [organiser]
    uno = tournament_create(actor=organiser, name="UNO", slug="uno", ruleset="uno")
    assert uno.target_score == 500
    assert uno.games_per_table is None
    standard = tournament_create(actor=organiser, name="Std", slug="std", ruleset="standard")
    assert standard.games_per_table is None
    assert AuditEntry.objects.filter(action="tournament.create").count() == 3


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": "  "}, "name"),
        ({"slug": "Not A Slug"}, "slug"),
        ({"slug": ""}, "slug"),
        ({"ruleset": "mahjong"}, "ruleset"),
        ({"games_per_table": 0}, "games_per_table"),
        ({"privacy": "everything"}, "privacy"),
        ({"shared_win_credit": "half"}, "shared_win_credit"),
        ({"language": "fr"}, "language"),
        ({"target_score": -5}, "target_score"),
    ],
)
def test_create_refuses_bad_input(organiser, changes, field):
    values = {"name": "Cup", "slug": "cup", "ruleset": "hk-school", **changes}
    with pytest.raises(ServiceError) as refused:
        tournament_create(actor=organiser, **values)
    assert refused.value.field == field
    assert not Tournament.objects.exists()


def test_slugs_are_unique(organiser, tournament):
    with pytest.raises(ServiceError) as refused:
        tournament_create(actor=organiser, name="Again", slug=tournament.slug, ruleset="hk-school")
    assert refused.value.code == "duplicate"


def test_a_short_name_that_is_a_page_address_is_refused(organiser):
    """/organise/new/ is the page that creates a tournament: a tournament "new" could never be opened."""
    with pytest.raises(ServiceError) as refused:
        tournament_create(actor=organiser, name="New", slug="new", ruleset="hk-school")
    assert (refused.value.field, refused.value.code) == ("slug", "reserved")
    assert not Tournament.objects.exists()


def test_only_people_with_the_right_create_tournaments(stranger, referee, anonymous):
    for person in (stranger, referee, anonymous):
        with pytest.raises(ServiceError) as refused:
            tournament_create(actor=person, name="Cup", slug="x", ruleset="hk-school")
        assert refused.value.code == "forbidden"


def test_update_changes_settings_and_logs_only_the_changes(organiser, tournament):
    updated = tournament_update(
        actor=organiser,
        tournament=tournament,
        **settings_of(tournament, privacy="full-names", standings_released=True),
    )
    assert updated.privacy == "full-names"
    assert updated.standings_released
    entry = AuditEntry.objects.get(action="tournament.update")
    assert entry.changes == {
        "before": {"privacy": "initials", "standings_released": False},
        "after": {"privacy": "full-names", "standings_released": True},
    }


def test_scoring_settings_freeze_once_results_exist(organiser, tournament, table, play):
    play(table)
    with pytest.raises(ServiceError) as refused:
        tournament_update(
            actor=organiser, tournament=tournament, **settings_of(tournament, shared_win_credit="split")
        )
    assert refused.value.code == "frozen"
    assert refused.value.field == "shared_win_credit"
    tournament.refresh_from_db()
    assert tournament.shared_win_credit == "full"
    renamed = tournament_update(actor=organiser, tournament=tournament, **settings_of(tournament, name="New"))
    assert renamed.name == "New"


@pytest.mark.django_db(transaction=True)
def test_two_organisers_taking_one_short_name_at_once(organiser, monkeypatch):
    """Both look for the short name before either saves: the second is told it is taken, not a 500."""
    require_server_database()
    original = Tournament.save

    def slow_save(self, *args, **kwargs):
        time.sleep(0.5)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Tournament, "save", slow_save)
    outcomes = race(
        *(
            lambda name=name: tournament_create(actor=organiser, name=name, slug="cup", ruleset="hk-school")
            for name in ("One", "Two")
        ),
        done="created",
    )
    assert outcomes == ["created", "duplicate"]
    assert Tournament.objects.count() == 1
