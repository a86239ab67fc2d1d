"""A confirmation that means something: a correction after it withdraws it (the history keeps both), the
button is offered only to those who may confirm, whoever confirmed can still open the table, and the history
names who confirmed and as what."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from core.models import AuditEntry
from referee.play.selectors.history import table_history
from referee.play.services.incidents import incident_record
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_confirm, table_sign_off
from scoring import PlayerInput


@pytest.fixture
def confirmed(finished_table, tournament, referee, other_referee):
    tournament.requires_confirmation = True
    tournament.save(update_fields=["requires_confirmation"])
    table_sign_off(actor=referee, table=finished_table)
    table_confirm(actor=other_referee, table=finished_table)
    finished_table.refresh_from_db()
    return finished_table


def correct_game_1(organiser, table):
    return game_result_submit(
        actor=organiser,
        table=table,
        game_number=1,
        ending="went-out",
        hands=[PlayerInput("B", went_out=True)]
        + [PlayerInput(letter, rack_value=value) for letter, value in (("A", 8), ("C", 61), ("D", 50))],
        expected_version=1,
        reason="甲的牌少數了一隻",
    )


def test_a_correction_after_confirmation_asks_for_it_again(confirmed, organiser, other_referee):
    assert confirmed.confirmed_by == other_referee
    correct_game_1(organiser, confirmed)
    confirmed.refresh_from_db()
    assert confirmed.confirmed_at is None
    assert confirmed.confirmed_by is None
    actions = list(AuditEntry.objects.filter(table=confirmed).order_by("pk").values_list("action", flat=True))
    assert actions[-3:] == ["table.confirm", "game.correct", "table.confirm_withdrawn"]
    table_confirm(actor=other_referee, table=confirmed)  # the same second person checks again
    confirmed.refresh_from_db()
    assert confirmed.confirmed_by == other_referee


def test_an_incident_changed_after_confirmation_withdraws_it_too(confirmed, organiser):
    incident_record(
        actor=organiser,
        game=confirmed.games.get(number=2),
        seat=confirmed.seats.get(letter="A"),
        kind="overtime",
        reason="補記",
    )
    confirmed.refresh_from_db()
    assert confirmed.confirmed_at is None


def test_a_table_not_confirmed_is_left_alone_by_a_correction(finished_table, organiser, referee):
    table_sign_off(actor=referee, table=finished_table)
    correct_game_1(organiser, finished_table)
    assert not AuditEntry.objects.filter(action="table.confirm_withdrawn").exists()


def test_the_confirm_button_is_offered_only_to_who_may_confirm(
    client, finished_table, tournament, referee, other_referee, organiser
):
    tournament.requires_confirmation = True
    tournament.save(update_fields=["requires_confirmation"])
    table_sign_off(actor=referee, table=finished_table)
    address = reverse("referee:table", args=[finished_table.pk])
    client.force_login(referee)
    page = client.get(address)
    assert not page.context["can_confirm"]  # the referee who signed off is always refused: no button
    assert 'value="confirm"' not in page.content.decode()
    client.force_login(other_referee)
    assert client.get(address).context["can_confirm"]
    organiser_page = reverse("organiser:table", args=[tournament.slug, finished_table.pk])
    client.force_login(organiser)
    assert client.get(organiser_page).context["can_confirm"]
    correct_game_1(organiser, finished_table)
    assert not client.get(organiser_page).context["can_confirm"]  # the organiser entered a result now


def test_whoever_confirmed_still_opens_the_table_and_sees_their_name(client, confirmed, other_referee):
    client.force_login(other_referee)
    page = client.get(reverse("referee:table", args=[confirmed.pk]))
    assert page.status_code == 200
    assert not page.context["can_confirm"]
    assert "由 李嘉欣" in page.content.decode()


def test_the_history_names_who_confirmed_and_as_what(confirmed, organiser):
    correct_game_1(organiser, confirmed)
    with translation.override("zh-hant"):
        rows = {row.action: row for row in table_history(confirmed)}
        assert rows["table.confirm"].action_label == "賽果已確認"  # not "the organisers confirmed"
        assert rows["table.confirm"].lines == ("由評審員 李嘉欣 確認",)
        assert rows["table.confirm_withdrawn"].lines == ("李嘉欣 的確認已不適用，須由第二人重新確認",)
    with translation.override("en"):
        rows = {row.action: row for row in table_history(confirmed)}
        assert rows["table.confirm"].lines == ("confirmed by 李嘉欣, a referee",)
        assert rows["table.confirm_withdrawn"].action_label == "Confirmation withdrawn: the results changed"


def test_an_organiser_confirming_is_named_as_an_organiser(finished_table, tournament, referee, organiser):
    tournament.requires_confirmation = True
    tournament.save(update_fields=["requires_confirmation"])
    table_sign_off(actor=referee, table=finished_table)
    table_confirm(actor=organiser, table=finished_table)
    with translation.override("en"):
        row = next(row for row in table_history(finished_table) if row.action == "table.confirm")
    assert row.lines == ("confirmed by 黃主任, an organiser",)
