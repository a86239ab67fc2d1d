"""Names, codes, notes and reasons refuse control characters and direction marks, on the field, with nothing
saved; a note keeps its line breaks."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.errors import ServiceError
from referee.models import Incident, School
from referee.people.services.people import school_create
from referee.play.services.incidents import incident_record
from referee.tournaments.services.referees import referee_account_create
from tests.referee.conftest import form_errors


@pytest.mark.parametrize(
    ("field", "value"),
    [("name_zh", "聖\u202e保祿"), ("name_en", "St Paul\x07"), ("code", "S\u2066P")],
)
def test_a_school_with_hostile_text_is_refused_on_its_field(organiser, tournament, field, value) -> None:
    values = {"name_zh": "聖保祿", "name_en": "St Paul", "code": "SP", field: value}
    with pytest.raises(ServiceError) as refused:
        school_create(actor=organiser, tournament=tournament, **values)
    assert (refused.value.field, refused.value.code) == (field, "hostile-text")
    assert not School.objects.exists()


def test_an_incident_note_with_a_bell_is_refused_and_a_note_of_two_lines_is_kept(
    referee, finished_table
) -> None:
    game = finished_table.games.get(number=1)
    seat = finished_table.seats.get(letter="B")
    with pytest.raises(ServiceError) as refused:
        incident_record(actor=referee, game=game, seat=seat, kind="overtime", note="late\x07")
    assert (refused.value.field, refused.value.code) == ("note", "hostile-text")
    assert not Incident.objects.exists()
    incident_record(actor=referee, game=game, seat=seat, kind="overtime", note="late\n\tagain")
    assert Incident.objects.get().note == "late\n\tagain"


def test_the_form_shows_the_message_next_to_the_field(organiser_client, tournament) -> None:
    url = reverse("organiser:schools", args=[tournament.slug])
    response = organiser_client.post(
        url,
        {"action": "add", "name_zh": "\u202e學校", "name_en": "", "code": "X"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    assert "direction mark (U+202E)" in " ".join(form_errors(response, "school_form")["name_zh"])
    assert not School.objects.exists()


def test_a_referees_display_name_is_one_line(organiser, tournament) -> None:
    with pytest.raises(ServiceError) as refused:
        referee_account_create(
            actor=organiser,
            tournament=tournament,
            username="ref7",
            display_name="陳\n大文",
            password="long-enough-1",
        )
    assert refused.value.field == "display_name"


def test_the_models_refuse_it_too(tournament) -> None:
    school = School(tournament=tournament, name_zh="學校", name_en="A\x1bB", code="A")
    with pytest.raises(Exception) as refused:
        school.full_clean()
    assert "name_en" in refused.value.message_dict
