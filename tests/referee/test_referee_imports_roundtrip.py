"""Whatever was registered on the pages, its export imports again with no change (a hypothesis property)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.models import Player, School
from referee.people.imports.applying import people_import_preview
from referee.people.imports.workbook import people_workbook

pytestmark = pytest.mark.django_db

# What the pages accept (clean_text trims the ends), less what no import accepts: control and format
# characters, and a formula's first character.
NAME_CHARACTERS = st.characters(
    codec="utf-8", exclude_categories=("Cc", "Cf", "Cs", "Zl", "Zp"), exclude_characters="\u2028\u2029"
)
NAMES = (
    st.text(NAME_CHARACTERS, min_size=1, max_size=30)
    .map(str.strip)
    .filter(lambda name: name and not name.startswith(("=", "+", "-", "@")))
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    schools=st.lists(st.tuples(NAMES, NAMES), min_size=1, max_size=3),
    players=st.lists(st.tuples(st.integers(0, 2), NAMES, st.one_of(st.just(""), NAMES)), max_size=8),
)
def test_an_export_imports_again_with_no_change(organiser, tournament, schools, players):
    Player.objects.all().delete()
    School.objects.all().delete()
    made = [
        School.objects.create(tournament=tournament, code=f"S{index}", name_zh=zh, name_en=en[:120])
        for index, (zh, en) in enumerate(schools)
    ]
    for number, (school_index, name_zh, name_en) in enumerate(players, start=1):
        school = made[school_index % len(made)]
        Player.objects.create(
            tournament=tournament, school=school, number=number, name_zh=name_zh, name_en=name_en
        )
    for language in ("zh-hant", "en"):
        plan = people_import_preview(
            actor=organiser, tournament=tournament, content=people_workbook(tournament, language)
        )
        assert plan.refusals == []
        assert not plan.has_changes, [c for c in plan.changes if c.action != "unchanged"]
