"""Registration in bulk: a pasted list of one school's players, and many tables at once."""

from __future__ import annotations

import pytest
from django.utils import translation

from core.errors import ServiceError
from referee.models import Player, Table
from referee.people.services.bulk import player_line, players_create_many
from referee.tournaments.services.schedule import table_create

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("陳大文", ("陳大文", "", "")),
        ("Chan Tai Man", ("", "Chan Tai Man", "")),
        ("陳大文, Chan Tai Man, 5A", ("陳大文", "Chan Tai Man", "5A")),
        ("陳大文\tChan Tai Man\t5A", ("陳大文", "Chan Tai Man", "5A")),
        ("陳大文，，5A", ("陳大文", "", "5A")),
    ],
)
def test_a_pasted_line(line, expected):
    values = player_line(line)
    assert (values["name_zh"], values["name_en"], values["class_name"]) == expected


def test_a_list_registers_every_line_numbered_on(organiser_client, tournament, school, players):
    response = organiser_client.post(
        "/organise/cup/players/",
        {"action": "add-many", "school": school.pk, "lines": "王小明, Wong Siu Ming, 4B\n\n李小華\n"},
    )
    assert response.status_code == 302
    assert response["Location"].endswith(f"?school={school.pk}#player-list-form")
    page = organiser_client.get(response["Location"])
    assert page.context["list_form"].initial["school"] == school  # the school stays chosen
    added = Player.objects.filter(number__gt=5).order_by("number")
    assert [(p.number, p.name_zh, p.name_en, p.class_name) for p in added] == [
        (6, "王小明", "Wong Siu Ming", "4B"),
        (7, "李小華", "", ""),
    ]


def test_a_bad_line_saves_none_and_says_which(organiser, tournament, school):
    with pytest.raises(ServiceError) as refused:
        players_create_many(actor=organiser, tournament=tournament, school=school, lines="王小明\na,b,c,d\n")
    assert "2" in str(refused.value)
    assert not Player.objects.exists()


def test_a_referee_cannot_register_a_list(referee, tournament, school):
    with pytest.raises(ServiceError):
        players_create_many(actor=referee, tournament=tournament, school=school, lines="王小明")


def test_add_n_tables(organiser_client, organiser, round_):
    table_create(actor=organiser, round_=round_)
    url = f"/organise/cup/rounds/{round_.pk}/"
    assert organiser_client.post(url, {"action": "add-tables", "count": "40"}).status_code == 302
    assert list(Table.objects.values_list("number", flat=True)) == list(range(1, 42))
    response = organiser_client.post(url, {"action": "add-tables", "count": "0"})
    assert response.context["tables_form"].errors


def test_a_list_copied_from_a_spreadsheet_is_taken_with_its_tabs(organiser, tournament, school):
    """A tab is the separator of a row copied from Excel, not a hostile character."""
    created = players_create_many(
        actor=organiser,
        tournament=tournament,
        school=school,
        lines="陳大文\tChan Tai Man\t5A\n李小明\tLee Siu Ming\t5B",
    )
    assert [(p.name_zh, p.name_en, p.class_name) for p in created] == [
        ("陳大文", "Chan Tai Man", "5A"),
        ("李小明", "Lee Siu Ming", "5B"),
    ]


def test_a_bell_in_a_pasted_line_is_refused_with_its_line_number(organiser, tournament, school):
    with translation.override("en"), pytest.raises(ServiceError) as refused:
        players_create_many(actor=organiser, tournament=tournament, school=school, lines="陳大文\n李\x07小明")
    assert str(refused.value).startswith("Line 2: Remove the invisible control character (U+0007)")
    assert not Player.objects.filter(school=school).exists()
