"""The writes of children's data, each refused to everyone but the tournament's organisers (a test per role
per write), and what erasure and forgetting leave: results, standings and the audit's entries."""

from __future__ import annotations

import datetime

import pytest

from core.errors import ServiceError
from core.models import AuditEntry
from referee.models import DataRemoval, Player, RemovalKind
from referee.people.services.people import school_create
from referee.privacy.access import access_export
from referee.privacy.consent import school_consent_record, schools_without_consent
from referee.privacy.forgetting import player_erase, tournament_forget
from referee.privacy.notice import privacy_notice_set
from referee.privacy.retention_setting import retention_set
from referee.standings.selectors.standings import standings
from referee.wording.names import public_label, public_name

pytestmark = pytest.mark.django_db
NOT_ORGANISERS = ["table referee", "other referee", "stranger", "anonymous"]


def writes(tournament, school, players):
    return {
        "retention": lambda actor: retention_set(actor=actor, tournament=tournament, days=30, reason=""),
        "notice": lambda actor: privacy_notice_set(
            actor=actor, tournament=tournament, notice_zh="x", notice_en="", contact=""
        ),
        "consent": lambda actor: school_consent_record(
            actor=actor, school=school, given=True, given_on=datetime.date(2026, 10, 3), note=""
        ),
        "erase": lambda actor: player_erase(actor=actor, player=players[0], reason="家長要求"),
        "forget": lambda actor: tournament_forget(actor=actor, tournament=tournament),
        "access": lambda actor: access_export(
            actor=actor, tournament=tournament, file_format="json", language="en", school=school
        ),
    }


@pytest.mark.parametrize("write", ["retention", "notice", "consent", "erase", "forget", "access"])
@pytest.mark.parametrize("role", NOT_ORGANISERS)
def test_only_organisers_write(roles, role, write, tournament, school, players):
    with pytest.raises(ServiceError) as refused:
        writes(tournament, school, players)[write](roles[role])
    assert refused.value.code == "forbidden"
    assert not Player.objects.filter(forgotten_at__isnull=False).exists()


@pytest.mark.parametrize("write", ["retention", "notice", "consent", "erase", "forget", "access"])
def test_organisers_write(organiser, write, tournament, school, players):
    writes(tournament, school, players)[write](organiser)


def test_the_schedule_forgets_only_a_tournament_past_its_date(tournament, round_, players):
    with pytest.raises(ServiceError) as refused:
        tournament_forget(actor=None, tournament=tournament, on=datetime.date(2027, 3, 5))
    assert refused.value.code == "not-due"
    done = tournament_forget(actor=None, tournament=tournament, on=datetime.date(2027, 3, 6))
    assert done.players == 5
    assert DataRemoval.objects.get().kind == RemovalKind.SCHEDULE


def test_erasure_needs_a_reason_and_happens_once(organiser, players):
    with pytest.raises(ServiceError) as refused:
        player_erase(actor=organiser, player=players[0], reason="  ")
    assert refused.value.field == "reason"
    player_erase(actor=organiser, player=players[0], reason="家長要求")
    with pytest.raises(ServiceError) as again:
        player_erase(actor=organiser, player=players[0], reason="家長要求")
    assert again.value.code == "already"


def test_erasure_leaves_results_standings_and_the_audit_entries(organiser, referee, released, players):
    before = [(row.rank, row.number, row.total, row.games_won) for row in standings(released)]
    entries = AuditEntry.objects.count()
    child = players[1]
    player_erase(actor=organiser, player=child, reason="家長 10 月 3 日要求")
    after = [(row.rank, row.number, row.total, row.games_won) for row in standings(released)]
    assert after == before
    assert AuditEntry.objects.count() == entries + 1
    removal = DataRemoval.objects.get()
    assert (removal.kind, removal.player_numbers, removal.reason) == (
        RemovalKind.REQUEST,
        [child.number],
        "家長 10 月 3 日要求",
    )
    assert Player.objects.get(pk=players[0].pk).name_zh == players[0].name_zh


def test_a_forgotten_child_is_their_pseudonym_on_every_page_whatever_the_privacy(
    organiser, released, players
):
    player_erase(actor=organiser, player=players[1], reason="家長要求")
    erased = Player.objects.get(pk=players[1].pk)
    assert erased.display_name == "2 號參加者"
    for privacy in ("full-names", "initials", "player-numbers"):
        assert public_name(erased, privacy) == "2 號參加者"
        assert public_label(erased, privacy) == "2 號參加者"
    columns_only = Player(number=2, name_zh=erased.name_zh, name_en=erased.name_en)
    assert public_name(columns_only, "initials") == "2 號參加者"  # not "2○○○○○"


def test_a_school_without_consent_is_listed(organiser, tournament, school):
    other = school_create(actor=organiser, tournament=tournament, name_zh="山頂小學", name_en="", code="PKS")
    school_consent_record(
        actor=organiser, school=school, given=True, given_on=datetime.date(2026, 10, 3), note=""
    )
    assert schools_without_consent(tournament) == [other]
    school_consent_record(actor=organiser, school=school, given=False, given_on=None, note="撤回")
    assert schools_without_consent(tournament) == [school, other]  # withdrawn: by code, HSP then PKS


def test_a_longer_period_is_kept_with_its_reason_and_a_shorter_one_drops_it(organiser, tournament, round_):
    longer = retention_set(actor=organiser, tournament=tournament, days=200, reason="證書於四月補發")
    assert (longer.days, longer.reason, longer.kept_until) == (
        200,
        "證書於四月補發",
        datetime.date(2027, 6, 23),
    )
    shorter = retention_set(actor=organiser, tournament=tournament, days=30, reason="不再需要")
    assert (shorter.days, shorter.reason) == (30, "")
    with pytest.raises(ServiceError) as refused:
        retention_set(actor=organiser, tournament=tournament, days=0, reason="")
    assert refused.value.field == "retention_days"


def test_the_audit_entries_about_a_child_are_found_however_they_name_them(organiser, tournament, players):
    from referee.privacy.access import audit_by_player

    child, other = players[0], players[1]
    by_row = AuditEntry.objects.create(
        tournament=tournament, action="player.attendance", changes={"after": {"player": child.pk}}
    )
    by_name = AuditEntry.objects.create(
        tournament=tournament, action="incident.record", reason=f"{child.name_zh}超時"
    )
    unrelated = AuditEntry.objects.create(
        tournament=tournament, action="player.attendance", changes={"after": {"player": other.pk}}
    )
    found = audit_by_player(AuditEntry.objects.order_by("pk"), [child, other])
    registered = AuditEntry.objects.get(action="player.create", changes__after__number=child.number)
    assert [entry.pk for entry in found[child.pk]] == [registered.pk, by_row.pk, by_name.pk]
    assert unrelated in found[other.pk]
    assert by_name not in found[other.pk]
