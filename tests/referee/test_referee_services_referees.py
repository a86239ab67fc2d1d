"""Referee accounts: created by the organiser, added, removed."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from core.errors import ServiceError
from referee import permissions, services

User = get_user_model()


def test_a_new_referee_can_log_in_but_not_create_tournaments(organiser, tournament):
    user = services.referee_account_create(
        actor=organiser,
        tournament=tournament,
        username="ref9",
        display_name="張志明",
        password="long-enough-1",
    )
    assert user.check_password("long-enough-1")
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
        ({"username": "organiser", "display_name": "X", "password": "long-enough-1"}, "username"),
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
        services.referee_account_create(actor=organiser, tournament=tournament, **values)
    assert refused.value.field == field
    assert User.objects.count() == users_before


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Use English letters, digits and @ . + - _ only."),
        ("zh-hant", "只可用英文字母、數字及 @ . + - _。"),
    ],
)
def test_a_login_name_is_ascii_as_its_help_says(organiser, tournament, language, message):
    from django.utils import translation

    with translation.override(language), pytest.raises(ServiceError) as refused:
        services.referee_account_create(
            actor=organiser,
            tournament=tournament,
            username="裁判一號",
            display_name="X",
            password="long-enough-1",
        )
    assert (refused.value.code, str(refused.value.message)) == ("bad-username", message)
    user = services.referee_account_create(
        actor=organiser,
        tournament=tournament,
        username="Ref.one+2@hk_-",
        display_name="X",
        password="long-enough-1",
    )
    assert user.username == "Ref.one+2@hk_-"


@pytest.fixture
def earlier_referee(organiser):
    """A referee of the same organiser's earlier tournament."""
    earlier = services.tournament_create(actor=organiser, name="去年", slug="last-year", ruleset="hk-school")
    return services.referee_account_create(
        actor=organiser, tournament=earlier, username="ref-2025", display_name="舊", password="long-enough-1"
    )


def test_existing_accounts_are_added_once(organiser, tournament, earlier_referee):
    services.referee_add(actor=organiser, tournament=tournament, username="REF-2025")
    assert tournament.referees.filter(pk=earlier_referee.pk).exists()
    with pytest.raises(ServiceError) as again:
        services.referee_add(actor=organiser, tournament=tournament, username="ref-2025")
    assert again.value.code == "duplicate"
    with pytest.raises(ServiceError) as unknown:
        services.referee_add(actor=organiser, tournament=tournament, username="nobody")
    assert unknown.value.field == "username"


def test_adding_does_not_tell_whether_an_unrelated_login_name_exists(organiser, tournament, stranger):
    """`stranger` exists on the site but has never refereed for this organiser: the same answer as a
    name nobody has."""
    answers = []
    for username in ["stranger", "nobody-has-this"]:
        with pytest.raises(ServiceError) as refused:
            services.referee_add(actor=organiser, tournament=tournament, username=username)
        answers.append((refused.value.code, refused.value.field, str(refused.value.message)))
    assert answers[0] == answers[1]
    assert not tournament.referees.filter(pk=stranger.pk).exists()


def test_a_referee_with_tables_stays(organiser, tournament, table, referee, other_referee):
    with pytest.raises(ServiceError) as refused:
        services.referee_remove(actor=organiser, tournament=tournament, referee=referee)
    assert refused.value.code == "in-use"
    services.referee_remove(actor=organiser, tournament=tournament, referee=other_referee)
    assert not tournament.referees.filter(pk=other_referee.pk).exists()


def test_a_removed_referee_loses_write_access(organiser, tournament, table, referee):
    services.table_assign_referee(actor=organiser, table=table, referee=None)
    services.referee_remove(actor=organiser, tournament=tournament, referee=referee)
    table.referee = referee  # even if a stale assignment remained, membership is checked too
    assert not permissions.can_enter_results(referee, table)
