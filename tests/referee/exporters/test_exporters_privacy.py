"""Which children's full names each audience is given, walked over every export and every public page.

The public (a parent, or a stranger) gets no full name at all, and the player number beside every masked
name; a file for posting the same; a school's teacher gets their own school's children in full and every
other child as the public pages show them; the organiser's own files and pages have everyone, numbered where
two names could be confused. Two schools, round 1 played (one table of each school, one mixed), round 2
seated by the draw, the standings released."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from django.test import Client
from openpyxl import load_workbook

from referee.exports.exporters import all_exporters, get_exporter
from referee.models import Player, School, Tournament
from referee.models.tournament import Privacy
from referee.standings.selectors.standings import standings
from referee.wording.audiences import CHOSEN, HANDOUT, ORGANISER, POSTING
from tests.referee.draw_helpers import draw_and_seat, make_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def walked(event, organiser) -> Tournament:
    second = make_round(organiser, event, "第二輪")
    draw_and_seat(organiser, second)
    Tournament.objects.filter(pk=event.pk).update(standings_released=True)
    return Tournament.objects.get(pk=event.pk)


def full_names(tournament: Tournament) -> dict[int, list[str]]:
    """Each player's full names as they could be printed (spaces dropped: a PDF's text may split them)."""
    names = {}
    for player in Player.objects.filter(tournament=tournament):
        written = [name for name in (player.name_zh, player.name_en) if len(name) > 1]
        names[player.number] = ["".join(name.split()) for name in written]
    return names


def named_in(text: str, names: dict[int, list[str]]) -> set[int]:
    """The numbers of the players whose full name the text holds."""
    flat = "".join(text.split())
    return {number for number, written in names.items() if any(name in flat for name in written)}


def text_of(filename: str, data: bytes, pdf) -> str:
    if filename.endswith(".pdf"):
        return pdf.text(data)
    if filename.endswith(".xlsx"):
        workbook = load_workbook(io.BytesIO(data), read_only=True)
        return "\n".join(
            str(value) for sheet in workbook for row in sheet.iter_rows(values_only=True) for value in row
        )
    if filename.endswith(".zip"):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return "\n".join(text_of(name, archive.read(name), pdf) for name in archive.namelist())
    raise AssertionError(filename)


def exports(tournament: Tournament, export_request):
    """(identifier, for posting, school, the file's text source) for every export and every scope it needs."""
    round_ = tournament.rounds.order_by("order").first()
    for exporter in all_exporters():
        postings = [False, True] if exporter.audience == CHOSEN else [exporter.audience == POSTING]
        schools = (
            list(School.objects.filter(tournament=tournament)) if "school" in exporter.requires else [None]
        )
        for for_posting in postings:
            for school in schools:
                options = {"for_posting": for_posting} if exporter.audience == CHOSEN else {}
                if school is not None:
                    options["school"] = school
                if "round" in exporter.requires:
                    options["round_"] = round_
                yield exporter, for_posting, school, export_request(**options)


@pytest.mark.parametrize("privacy", [Privacy.INITIALS, Privacy.PLAYER_NUMBERS])
def test_every_export_names_children_in_full_only_for_whom_it_is_meant(walked, export_request, pdf, privacy):
    Tournament.objects.filter(pk=walked.pk).update(privacy=privacy)
    names = full_names(walked)
    everyone = set(names)
    walked_exports = 0
    for exporter, for_posting, school, request in exports(walked, export_request):
        request.tournament.refresh_from_db()
        filename, _mimetype, data = get_exporter(exporter.identifier)(request).render()
        found = named_in(text_of(filename, data, pdf), names)
        own = {p.number for p in Player.objects.filter(school=school)} if school else everyone
        label = (exporter.identifier, for_posting, school and school.code)
        if for_posting:
            assert found == set(), label
        elif exporter.audience in (ORGANISER, HANDOUT):
            assert found, label  # the organiser's own file, marked as such
        else:  # a school's file for its teacher
            assert found <= own, (label, found - own)
            assert found, label
        walked_exports += 1
    assert walked_exports >= 8


def test_the_school_pack_for_a_teacher_shows_other_schools_as_the_public_pages_do(
    walked, export_request, pdf
):
    """Its "why this rank" column compares a child with their neighbours, of any school."""
    school = School.objects.get(tournament=walked, code="HSP")
    filename, _mimetype, data = get_exporter("school-pack")(export_request(school=school)).render()
    text = "".join(text_of(filename, data, pdf).split())
    other = Player.objects.filter(school__code="LHP").exclude(name_zh="").first()
    assert other.name_zh not in text
    assert re.search(r"#\d+[何林吳麥司]○", text), "another school's child as the public pages show them"


def public_pages(tournament: Tournament) -> list[str]:
    slug = tournament.slug
    pages = [f"/t/{slug}/", f"/t/{slug}/standings/", f"/t/{slug}/standings/fragment/"]
    pages += [f"/t/{slug}/standings/?view={view}" for view in ("players", "tables", "schools")]
    pages += [f"/t/{slug}/standings/?projector=1"]
    pages += [f"/t/{slug}/standings/?view=tables&round={r.pk}" for r in tournament.rounds.all()]
    for round_ in tournament.rounds.all():
        if round_.draws.filter(status="committed").exists():
            pages += [f"/t/{slug}/rounds/{round_.pk}/draw/", f"/t/{slug}/rounds/{round_.pk}/draw.json"]
    pages += [f"/t/{slug}/find/?number={p.number}" for p in Player.objects.filter(tournament=tournament)]
    return pages


@pytest.mark.parametrize("language", ["zh-hant", "en"])
@pytest.mark.parametrize("privacy", [Privacy.INITIALS, Privacy.PLAYER_NUMBERS])
def test_no_public_page_names_a_child_in_full_and_each_shows_the_number(walked, privacy, language):
    Tournament.objects.filter(pk=walked.pk).update(privacy=privacy)
    names = full_names(walked)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    shown = []
    for path in public_pages(walked):
        response = client.get(path, REMOTE_ADDR=f"10.0.{len(shown)}.1")
        assert response.status_code == 200, path
        text = response.content.decode()
        assert named_in(text, names) == set(), path
        shown.append(text)
    standings_page = shown[1]
    ranked = [row.player for row in standings(walked)]
    assert len(ranked) >= 8
    for player in ranked:
        if privacy == Privacy.INITIALS and player.name_zh:
            masked = player.name_zh[0] + "○" * (len(player.name_zh) - 1)
            assert f"#{player.number} {masked}" in standings_page
    assert any(path.endswith("/draw/") for path in public_pages(walked))


def test_the_organisers_standings_number_every_child(walked, organiser_client):
    page = organiser_client.get(f"/organise/{walked.slug}/standings/").content.decode()
    for player in [row.player for row in standings(walked)]:
        assert f"#{player.number} {player.display_name}" in page
