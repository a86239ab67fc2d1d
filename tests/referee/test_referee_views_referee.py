"""The referee's pages and the public pages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.models import Table
from referee.play.services.signoff import table_sign_off
from referee.tournaments.services.tournaments import SETTINGS_FIELDS, tournament_update


def test_my_tables_lists_the_referees_tables(referee_client, table):
    response = referee_client.get(reverse("referee:my_tables"))
    assert [row.table for row in response.context["tables"]] == [table]
    assert "陳俊傑" in response.content.decode()


def test_my_tables_needs_a_login(client):
    assert client.get(reverse("referee:my_tables"))["Location"].startswith(reverse("login"))


def test_the_table_page_is_for_its_referee_and_the_organisers(
    client, table, referee, other_referee, organiser, stranger
):
    url = reverse("referee:table", args=[table.pk])
    assert client.get(url).status_code == 302
    for outsider in (other_referee, stranger):
        client.force_login(outsider)
        assert client.get(url).status_code == 403
    for insider in (referee, organiser):
        client.force_login(insider)
        assert client.get(url).status_code == 200


def test_the_referee_signs_off_a_finished_table(referee_client, finished_table):
    url = reverse("referee:table", args=[finished_table.pk])
    page = referee_client.get(url).content.decode()
    assert "+123" in page
    assert "-90" in page
    assert referee_client.post(url, {"action": "sign-off"})["Location"] == url
    finished_table.refresh_from_db()
    assert finished_table.signed_off_at is not None


def test_another_referee_cannot_sign_off(client, finished_table, other_referee):
    client.force_login(other_referee)
    response = client.post(reverse("referee:table", args=[finished_table.pk]), {"action": "sign-off"})
    assert response.status_code == 403
    assert Table.objects.get(pk=finished_table.pk).signed_off_at is None


def test_an_unfinished_sign_off_shows_why(referee_client, table, play):
    play(table)
    response = referee_client.post(
        reverse("referee:table", args=[table.pk]), {"action": "sign-off"}, follow=True
    )
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    table.refresh_from_db()
    assert table.signed_off_at is None


def test_a_referee_cannot_use_the_organisers_actions(referee_client, table):
    response = referee_client.post(
        reverse("referee:table", args=[table.pk]), {"action": "remove-seat", "seat": 1}, follow=True
    )
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    assert table.seats.count() == 4


def test_public_page_hides_standings_until_released(client, finished_table, referee, organiser, tournament):
    table_sign_off(actor=referee, table=finished_table)
    url = reverse("public:tournament", args=[tournament.slug])
    hidden = client.get(url)
    assert hidden.status_code == 200
    assert "standings" not in hidden.context
    values = {name: getattr(tournament, name) for name in SETTINGS_FIELDS}
    tournament_update(actor=organiser, tournament=tournament, **{**values, "standings_released": True})
    shown = client.get(url)
    names = [item["name"] for item in shown.context["standings"]]
    assert names == ["#2 李○○", "#3 張○○", "#1 陳○○", "#4 黃○○"]  # the number beside the masked name
    assert shown.context["rounds"][0].done_count == 1


def test_public_page_of_an_unknown_tournament(client, db):
    assert client.get("/t/nothing-here/").status_code == 404


def test_times_are_hong_kong_time(organiser_client, finished_table, referee, tournament):
    import datetime

    from django.utils import timezone

    signed = table_sign_off(actor=referee, table=finished_table)
    signed.signed_off_at = datetime.datetime(2026, 12, 5, 2, 30, tzinfo=datetime.UTC)
    signed.save()
    page = organiser_client.get(
        reverse("organiser:table", args=[tournament.slug, signed.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "10:30" in page
    assert timezone.get_current_timezone_name() == "Asia/Hong_Kong"


def test_another_referee_finds_and_confirms_a_table(
    client, finished_table, referee, other_referee, tournament
):
    tournament.requires_confirmation = True
    tournament.save()
    table_sign_off(actor=referee, table=finished_table)
    client.force_login(referee)
    assert client.get(reverse("referee:my_tables")).context["to_confirm"] == []
    client.force_login(other_referee)
    listed = client.get(reverse("referee:my_tables")).context["to_confirm"]
    assert [row.table for row in listed] == [finished_table]
    address = reverse("referee:table", args=[finished_table.pk])
    page = client.get(address)
    assert page.status_code == 200
    assert page.context["can_confirm"]
    response = client.post(address, {"action": "confirm"})
    assert response.status_code == 302
    finished_table.refresh_from_db()
    assert finished_table.confirmed_by == other_referee
    reopened = client.get(address)  # whoever confirmed can still open the table they checked
    assert reopened.status_code == 200
    assert not reopened.context["can_confirm"]


def test_a_confirmation_the_tournament_does_not_ask_for_is_refused_with_a_message(
    client, finished_table, referee, organiser, tournament
):
    """Without the setting there is no confirm button; a forged one says why, not "a second person"."""
    table_sign_off(actor=referee, table=finished_table)
    client.force_login(organiser)
    address = reverse("organiser:table", args=[tournament.slug, finished_table.pk])
    response = client.post(address, {"action": "confirm"}, HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert [str(message) for message in response.context["messages"]] == [
        "This tournament does not ask for a second person's confirmation."
    ]
    finished_table.refresh_from_db()
    assert finished_table.confirmed_at is None
    client.force_login(referee)
    chinese = client.post(
        reverse("referee:table", args=[finished_table.pk]), {"action": "confirm"}, follow=True
    )
    assert [str(message) for message in chinese.context["messages"]] == ["此比賽不需要第二人確認賽果。"]


@pytest.mark.parametrize(("language", "words"), [("en", "Find my table"), ("zh-hant", "查看我的桌號")])
def test_the_public_page_leads_a_child_to_their_table(client, tournament, table, language, words):
    """A parent who opens the public page (not the card's QR code) finds "find my table" there."""
    client.cookies["django_language"] = language
    page = client.get(reverse("public:tournament", args=[tournament.slug])).content.decode()
    assert f'href="{reverse("public:find_table", args=[tournament.slug])}"' in page
    assert words in page
