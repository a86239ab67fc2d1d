"""Referee accounts: created by the organiser, added, removed."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from core.errors import ServiceError
from referee import permissions
from referee.tournaments.services.referees import referee_account_create, referee_add, referee_remove
from referee.tournaments.services.schedule import table_assign_referee
from referee.tournaments.services.tournaments import tournament_create

User = get_user_model()


def test_a_new_referee_can_log_in_but_not_create_tournaments(organiser, tournament):
    user = referee_account_create(
        actor=organiser,
        tournament=tournament,
        username="ref9",
        display_name="張志明",
        password="long-enough-1",
    )
    assert user.check_password("long-enough-1")
    assert user.username == "ref9@cup"  # the tournament's short name after the one the organiser typed
    assert user.first_name == "張志明"
    assert not user.is_staff
    assert not permissions.can_create_tournament(user)
    assert tournament.referees.filter(pk=user.pk).exists()


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"username": "", "display_name": "X", "password": "long-enough-1"}, "username"),
        ({"username": "has space", "display_name": "X", "password": "long-enough-1"}, "username"),
        ({"username": "裁判一號", "display_name": "X", "password": "long-enough-1"}, "username"),
        ({"username": "rené", "display_name": "X", "password": "long-enough-1"}, "username"),
        ({"username": "ｒｅｆ１", "display_name": "X", "password": "long-enough-1"}, "username"),
        ({"username": "a@b", "display_name": "X", "password": "long-enough-1"}, "username"),
        ({"username": "amy@other-cup", "display_name": "X", "password": "long-enough-1"}, "username"),
        ({"username": "a+b", "display_name": "X", "password": "long-enough-1"}, "username"),
        ({"username": "x" * 31, "display_name": "X", "password": "long-enough-1"}, "username"),
        ({"username": "new", "display_name": "", "password": "long-enough-1"}, "display_name"),
        ({"username": "new", "display_name": "X", "password": "short"}, "password"),
        ({"username": "new", "display_name": "X", "password": "password123"}, "password"),
        ({"username": "new", "display_name": "X", "password": "20261205"}, "password"),
        ({"username": "chantaiman", "display_name": "X", "password": "chantaiman1"}, "password"),
    ],
)
def test_bad_accounts_are_refused(organiser, tournament, values, field):
    users_before = User.objects.count()
    with pytest.raises(ServiceError) as refused:
        referee_account_create(actor=organiser, tournament=tournament, **values)
    assert refused.value.field == field
    assert User.objects.count() == users_before


@pytest.mark.parametrize(
    ("language", "message"),
    [
        (
            "en",
            "Type a short name of at most 30 English letters, digits, dots, hyphens or underscores, for "
            "example amy: the referee logs in as amy@cup.",
        ),
        (
            "zh-hant",
            "請輸入簡短名稱：最多 30 個英文字母、數字、點、連字號或底線，例如 amy；評審員便以 amy@cup 登入。",
        ),
    ],
)
def test_a_short_name_is_ascii_as_its_help_says(organiser, tournament, language, message):
    from django.utils import translation

    with translation.override(language), pytest.raises(ServiceError) as refused:
        referee_account_create(
            actor=organiser,
            tournament=tournament,
            username="裁判一號",
            display_name="X",
            password="long-enough-1",
        )
    assert (refused.value.code, str(refused.value.message)) == ("bad-username", message)
    user = referee_account_create(
        actor=organiser,
        tournament=tournament,
        username=" Ref.one_2-B ",
        display_name="X",
        password="long-enough-1",
    )
    assert user.username == "ref.one_2-b@cup"  # lower case: easier on a phone, and logins ignore case


def test_the_full_login_name_of_this_tournament_is_taken_as_its_short_name(organiser, tournament):
    """As copied from a login card: `amy@cup` typed in the tournament `cup` is `amy`, not `amy@cup@cup`."""
    user = referee_account_create(
        actor=organiser, tournament=tournament, username="Amy@CUP", display_name="X", password="long-enough-1"
    )
    assert user.username == "amy@cup"


def test_a_taken_login_name_is_one_of_this_tournament(organiser, tournament):
    referee_account_create(
        actor=organiser, tournament=tournament, username="amy", display_name="X", password="long-enough-1"
    )
    users_before = User.objects.count()
    for typed in ["amy", "AMY", "amy@cup"]:
        with pytest.raises(ServiceError) as refused:
            referee_account_create(
                actor=organiser,
                tournament=tournament,
                username=typed,
                display_name="Y",
                password="long-enough-2",
            )
        assert (refused.value.code, refused.value.field) == ("duplicate", "username")
    assert User.objects.count() == users_before


def test_creating_does_not_tell_whether_an_unrelated_login_name_exists(organiser, tournament, stranger):
    """`stranger` (an account elsewhere on the site) and `organiser` exist; the organiser types those names
    and gets new accounts of this tournament, exactly as for names nobody has: no answer depends on them."""
    made = [
        referee_account_create(
            actor=organiser, tournament=tournament, username=typed, display_name="X", password="long-enough-1"
        )
        for typed in ["stranger", "organiser", "nobody-has-this"]
    ]
    assert [user.username for user in made] == ["stranger@cup", "organiser@cup", "nobody-has-this@cup"]
    stranger.refresh_from_db()
    assert stranger.username == "stranger"
    assert not tournament.referees.filter(pk=stranger.pk).exists()
    assert tournament.referees.count() == 3


def test_another_tournaments_referee_of_the_same_short_name_is_no_clash(organiser, tournament, stranger):
    """Another organiser's tournament `away` has its own `amy`: this organiser's `amy` is a new account."""
    stranger.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    stranger = User.objects.get(pk=stranger.pk)
    away = tournament_create(actor=stranger, name="外", slug="away", ruleset="hk-school")
    theirs = referee_account_create(
        actor=stranger, tournament=away, username="amy", display_name="A", password="long-enough-1"
    )
    ours = referee_account_create(
        actor=organiser, tournament=tournament, username="amy", display_name="B", password="long-enough-2"
    )
    assert (theirs.username, ours.username) == ("amy@away", "amy@cup")
    assert not tournament.referees.filter(pk=theirs.pk).exists()


@pytest.fixture
def earlier_referee(organiser):
    """A referee of the same organiser's earlier tournament."""
    earlier = tournament_create(actor=organiser, name="去年", slug="last-year", ruleset="hk-school")
    return referee_account_create(
        actor=organiser, tournament=earlier, username="ref-2025", display_name="舊", password="long-enough-1"
    )


def test_existing_accounts_are_added_once(organiser, tournament, earlier_referee):
    assert earlier_referee.username == "ref-2025@last-year"
    referee_add(actor=organiser, tournament=tournament, username="REF-2025@last-year")
    assert tournament.referees.filter(pk=earlier_referee.pk).exists()
    with pytest.raises(ServiceError) as again:
        referee_add(actor=organiser, tournament=tournament, username="ref-2025@last-year")
    assert again.value.code == "duplicate"
    with pytest.raises(ServiceError) as unknown:
        referee_add(actor=organiser, tournament=tournament, username="nobody")
    assert unknown.value.field == "username"


def test_adding_does_not_tell_whether_an_unrelated_login_name_exists(organiser, tournament, stranger):
    """`stranger` exists on the site but has never refereed for this organiser: the same answer as a
    name nobody has."""
    answers = []
    for username in ["stranger", "nobody-has-this"]:
        with pytest.raises(ServiceError) as refused:
            referee_add(actor=organiser, tournament=tournament, username=username)
        answers.append((refused.value.code, refused.value.field, str(refused.value.message)))
    assert answers[0] == answers[1]
    assert not tournament.referees.filter(pk=stranger.pk).exists()


def test_a_referee_with_tables_stays(organiser, tournament, table, referee, other_referee):
    with pytest.raises(ServiceError) as refused:
        referee_remove(actor=organiser, tournament=tournament, referee=referee)
    assert refused.value.code == "in-use"
    referee_remove(actor=organiser, tournament=tournament, referee=other_referee)
    assert not tournament.referees.filter(pk=other_referee.pk).exists()


def test_a_removed_referee_loses_write_access(organiser, tournament, table, referee):
    table_assign_referee(actor=organiser, table=table, referee=None)
    referee_remove(actor=organiser, tournament=tournament, referee=referee)
    table.referee = referee  # even if a stale assignment remained, membership is checked too
    assert not permissions.can_enter_results(referee, table)


def test_a_referee_removed_by_mistake_can_be_added_again(organiser, tournament):
    """Their short name stays theirs: creating it again is refused, adding them again by login name works."""
    amy = referee_account_create(
        actor=organiser, tournament=tournament, username="amy", display_name="X", password="long-enough-1"
    )
    referee_remove(actor=organiser, tournament=tournament, referee=amy)
    with pytest.raises(ServiceError) as refused:
        referee_account_create(
            actor=organiser, tournament=tournament, username="amy", display_name="Y", password="long-enough-2"
        )
    assert refused.value.code == "duplicate"
    assert "重新加入該評審員" in str(refused.value.message)
    referee_add(actor=organiser, tournament=tournament, username="Amy@cup")
    assert tournament.referees.filter(pk=amy.pk).exists()


def test_a_referee_removed_by_another_organiser_is_not_found(organiser, tournament, stranger):
    stranger.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    stranger = User.objects.get(pk=stranger.pk)
    away = tournament_create(actor=stranger, name="外", slug="away", ruleset="hk-school")
    theirs = referee_account_create(
        actor=stranger, tournament=away, username="bob", display_name="B", password="long-enough-1"
    )
    referee_remove(actor=stranger, tournament=away, referee=theirs)
    with pytest.raises(ServiceError) as refused:
        referee_add(actor=organiser, tournament=tournament, username="bob@away")
    assert refused.value.code == "unknown-user"
