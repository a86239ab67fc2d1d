"""No field asks for what the event does not need: a child is their names, school, class, 學號 and number,
and their results; a school office's extra columns (sex, date of birth, a parent's phone) are not taken in."""

from __future__ import annotations

import pytest

from referee.models import Player, School
from referee.people.imports.applying import people_upload_import, people_upload_store
from referee.people.imports.columns import FIELDS
from tests.referee.privacy.event import ROSTER_HEADERS

CHILD_FIELDS = {
    "id",
    "tournament",
    "school",
    "name_zh",
    "name_en",
    "class_name",
    "number",
    "school_number",
    "attendance",
    "standings_position",
    "forgotten_at",
}


def test_a_child_is_only_what_the_event_needs() -> None:
    assert {field.name for field in Player._meta.concrete_fields} == CHILD_FIELDS
    assert {field.name for field in School._meta.concrete_fields} == {
        "id",
        "tournament",
        "name_zh",
        "name_en",
        "code",
    }


def test_the_import_takes_no_column_the_event_does_not_need() -> None:
    taken = {field.key for field in FIELDS}
    assert taken == {
        "school",
        "school_zh",
        "school_en",
        "number",
        "school_number",
        "name_zh",
        "name_en",
        "class_name",
        "username",
        "display_name",
        "table",
    }


@pytest.mark.django_db
def test_extra_columns_of_a_roster_are_not_kept(organiser, tournament) -> None:
    headers = ROSTER_HEADERS + ",出生日期,家長電話"
    roster = (
        f"{headers}\r\nKTS,九龍塘小學,Kowloon Tong Primary,1,施柏希,Sze Pak Hei,5忠,M,2015-04-01,98765432\r\n"
    )
    upload = people_upload_store(
        actor=organiser, tournament=tournament, filename="kts.csv", content=roster.encode("utf-8")
    )
    people_upload_import(actor=organiser, upload=upload)
    player = Player.objects.get()
    stored = " ".join(str(getattr(player, field.attname)) for field in Player._meta.concrete_fields)
    assert "2015-04-01" not in stored
    assert "98765432" not in stored
