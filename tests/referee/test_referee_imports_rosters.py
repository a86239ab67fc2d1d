"""A school office's roster goes in as it is: 160 children of 8 schools on one sheet, in xlsx and in every CSV
Excel writes in Hong Kong, with no editing; and again with no change (`tests/referee/rosters.py`)."""

from __future__ import annotations

import io

import openpyxl
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from referee.models import Player, School
from referee.people.imports.applying import (
    ImportRefused,
    people_import,
    people_import_preview,
    people_upload_choose_columns,
    people_upload_plan,
    people_upload_store,
)
from referee.people.imports.layout import BY_TEXT, CHOSEN, DUPLICATE, UNKNOWN, read_sheets
from referee.people.imports.reading import read_people_file
from referee.people.imports.workbook import people_workbook
from referee.people.services.people import player_create, school_create
from tests.referee.rosters import (
    CHINESE_HEADERS,
    ENCODINGS,
    ENGLISH_HEADERS,
    FULL_WIDTH_SCHOOL,
    PER_SCHOOL,
    SCHOOLS,
    TWINS,
    TWINS_SCHOOL,
    children,
    roster_csv,
    roster_rows,
    roster_xlsx,
)

pytestmark = pytest.mark.django_db

ROSTERS = {
    "xlsx-chinese-headers": lambda: roster_xlsx(),
    "xlsx-english-headers": lambda: roster_xlsx(ENGLISH_HEADERS),
    **{f"csv-{name}": (lambda name=name: roster_csv(name)) for name in ENCODINGS},
    "csv-english-headers-big5": lambda: roster_csv("big5-cp950", ENGLISH_HEADERS),
}


def apply(organiser, tournament, content: bytes, **options):
    return people_import(
        actor=organiser, tournament=tournament, content=content, filename="roster", **options
    )


def preview(organiser, tournament, content: bytes, **options):
    return people_import_preview(actor=organiser, tournament=tournament, content=content, **options)


@pytest.mark.parametrize("name", ROSTERS)
def test_a_school_offices_roster_imports_160_children_of_8_schools_in_one_go_then_changes_nothing(
    organiser, tournament, name
):
    content = ROSTERS[name]()
    plan = apply(organiser, tournament, content)
    assert plan.refusals == []
    assert plan.summary()["schools"]["add"] == len(SCHOOLS)
    assert plan.summary()["players"]["add"] == len(SCHOOLS) * PER_SCHOOL
    schools = {school.code: (school.name_zh, school.name_en) for school in School.objects.all()}
    assert schools == {code: (zh, en) for code, zh, en in SCHOOLS}  # no child's English name on a school
    expected = {
        (child.code, str(child.school_number)): (child.name_zh, child.name_en, child.plain_class)
        for child in children()
    }
    stored = {
        (player.school.code, player.school_number): (player.name_zh, player.name_en, player.class_name)
        for player in Player.objects.select_related("school")
    }
    assert stored == expected
    again = preview(organiser, tournament, content)
    assert again.refusals == []
    assert not again.has_changes
    assert again.summary()["players"]["unchanged"] == 160
    exported = preview(organiser, tournament, people_workbook(tournament, "zh-hant"))
    assert (exported.refusals, exported.has_changes) == ([], False)


def test_player_numbers_are_the_schools_block_plus_the_school_number_and_the_school_number_is_kept(
    organiser, tournament
):
    plan = apply(organiser, tournament, roster_xlsx())
    blocks = {block.code: (block.first, block.last, block.direct) for block in plan.blocks}
    ordered = sorted(code for code, _zh, _en in SCHOOLS)
    assert blocks == {code: (1000 * i + 1, 1000 * i + 999, True) for i, code in enumerate(ordered, start=1)}
    for child in children():
        player = Player.objects.get(school__code=child.code, school_number=str(child.school_number))
        assert player.number == 1000 * (ordered.index(child.code) + 1) + child.school_number
    assert Player.objects.values("number").distinct().count() == 160


def test_two_children_of_one_name_in_one_school_are_two_players_with_their_numbers(organiser, tournament):
    apply(organiser, tournament, roster_xlsx())
    twins = Player.objects.filter(school__code=TWINS_SCHOOL, name_zh="陳大文").order_by("number")
    assert [player.school_number for player in twins] == [str(number) for number in TWINS]
    assert len({player.number for player in twins}) == 2


def test_full_width_classes_are_stored_plain_beside_the_plain_ones(organiser, tournament):
    apply(organiser, tournament, roster_xlsx())
    classes = set(Player.objects.filter(school__code=FULL_WIDTH_SCHOOL).values_list("class_name", flat=True))
    assert classes <= {f"{year}{letter}" for year in (4, 5, 6) for letter in "ABCD"}


def test_how_the_roster_was_read_column_by_column():
    (sheet,) = read_sheets(read_people_file(roster_xlsx()))
    assert sheet.header_row == 3  # below the title and the date, each merged over the columns
    assert [(c.letter, c.field) for c in sheet.columns] == [
        ("A", "school"),
        ("B", "school_zh"),
        ("C", "school_en"),  # "School Name": English by its text
        ("D", "school_number"),
        ("E", "name_zh"),
        ("F", "name_en"),  # "English Name" beside a child's columns is the child's
        ("G", "class_name"),
        ("H", None),  # 性別 is not imported
    ]
    assert sheet.columns[2].how == BY_TEXT
    assert sheet.columns[7].how == UNKNOWN


def test_a_school_list_with_a_school_name_column_fills_the_english_names(organiser, tournament):
    content = (
        "School Code,School Name\r\nHSP,Harbourside Primary School\r\nKLN,Kowloon Bay Primary School\r\n"
    )
    apply(organiser, tournament, content.encode())
    assert list(School.objects.values_list("code", "name_zh", "name_en")) == [
        ("HSP", "", "Harbourside Primary School"),
        ("KLN", "", "Kowloon Bay Primary School"),
    ]


def test_a_roster_without_english_names_leaves_those_registered_alone(organiser, tournament):
    apply(organiser, tournament, roster_xlsx())
    rows = [row[:2] + row[3:5] + row[6:7] for row in roster_rows()]  # no School Name, no English Name
    workbook = openpyxl.Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    plan = preview(organiser, tournament, buffer.getvalue())
    assert (plan.refusals, plan.has_changes) == ([], False)


# --- hostile rows ------------------------------------------------------------------------------------------


HOSTILE_ROWS = [  # (what, row as written, its column letter)
    ("formula", ["HSP", "海濱小學", "Harbourside Primary School", 21, "=1+1", "X", "5A", "M"], "E"),
    (
        "right-to-left override",
        ["HSP", "海濱小學", "Harbourside Primary School", 22, "陳\u202e大文", "", "5A", "M"],
        "E",
    ),
    (
        "control character",
        ["HSP", "海濱小學", "Harbourside Primary School", 23, "陳大文", "Chan\nTai Man", "5A", "M"],
        "F",
    ),
    (
        "duplicate",
        ["HSP", "海濱小學", "Harbourside Primary School", 5, "林俊傑", "Lam Chun Kit", "6B", "M"],
        "D",
    ),
    ("no name", ["HSP", "海濱小學", "Harbourside Primary School", 24, "", "", "5A", "F"], "E"),
]


def test_every_hostile_row_is_named_by_its_row_and_column_and_nothing_is_saved(organiser, tournament):
    extra = [row for _what, row, _letter in HOSTILE_ROWS]
    content = roster_xlsx(extra_rows=extra)
    first_extra = 3 + 160 + 1  # the title, the date and the header, then 160 children
    with pytest.raises(ImportRefused) as refused:
        apply(organiser, tournament, content)
    found = sorted((refusal.row, refusal.letter) for refusal in refused.value.plan.refusals)
    assert found == [
        (first_extra + index, letter) for index, (_what, _row, letter) in enumerate(HOSTILE_ROWS)
    ]
    assert not School.objects.exists()
    assert not Player.objects.exists()


def test_hostile_rows_of_a_csv_are_named_alike(organiser, tournament, school):
    lines = [
        "學校編號,學號,學生姓名,班別",
        "HSP,1,陳大文,5A",
        "HSP,2,@SUM(A1),5A",
        "HSP,1,陳小文,5A",
        "HSP,3,,5A",
        "HSP,4,李\x1b小明,5A",
    ]
    plan = preview(organiser, tournament, ("\r\n".join(lines) + "\r\n").encode("cp950"))
    assert sorted((r.row, r.letter, r.column) for r in plan.refusals) == [
        (3, "C", "學生姓名"),
        (4, "B", "學號"),
        (5, "C", "學生姓名"),
        (6, "C", "學生姓名"),
    ]


# --- the roster read as something else, and columns chosen -------------------------------------------------


def test_a_roster_whose_name_columns_are_not_recognised_says_so_in_one_sentence(organiser, tournament):
    """No column reads as a child's name: one sentence with the header as read, not 160 refusals."""
    headers = ["學校編號", "學校名稱", "School Name", "學生號", "芳名", "洋名", "班", "性別"]
    plan = preview(organiser, tournament, roster_xlsx(headers))
    (refusal,) = plan.refusals
    assert refusal.row == 3
    assert "A 學校編號" in refusal.message
    assert "E 芳名" in refusal.message
    assert not any(change.kind == "players" for change in plan.changes)


def test_a_roster_read_as_a_list_of_schools_says_so_in_one_sentence(organiser, tournament):
    headers = ["學校編號", "學校名稱", "School Name", "學生號", "芳名", "洋名", "級", "性別"]
    plan = preview(organiser, tournament, roster_xlsx(headers))
    (refusal,) = plan.refusals
    assert "list of schools" in refusal.message or "學校名單" in refusal.message
    assert "E 芳名" in refusal.message
    assert not plan.changes


def test_two_columns_read_as_one_field_is_a_warning_and_the_organiser_chooses(organiser, tournament):
    headers = ["學校編號", "學校名稱", "English Name", "學號", "學生姓名", "English Name", "班別", "性別"]
    stored = people_upload_store(
        actor=organiser, tournament=tournament, filename="r.xlsx", content=roster_xlsx(headers)
    )
    plan = people_upload_plan(actor=organiser, upload=stored)
    (sheet,) = plan.sheets
    assert (sheet.columns[2].field, sheet.columns[5].how, sheet.columns[5].same_as) == (
        "name_en",
        DUPLICATE,
        "C",
    )
    people_upload_choose_columns(
        actor=organiser, upload=stored, chosen={"0": {"2": "school_en", "5": "name_en"}}
    )
    stored.refresh_from_db()
    assert stored.choices == {"0": {"2": "school_en", "5": "name_en"}}
    plan = people_upload_plan(actor=organiser, upload=stored)
    (sheet,) = plan.sheets
    assert [(c.field, c.how) for c in sheet.columns[2:6:3]] == [("school_en", CHOSEN), ("name_en", CHOSEN)]
    assert plan.refusals == []
    assert plan.summary()["players"]["add"] == 160


def test_choosing_a_column_as_it_was_read_is_no_choice(organiser, tournament):
    stored = people_upload_store(
        actor=organiser, tournament=tournament, filename="r.xlsx", content=roster_xlsx()
    )
    people_upload_choose_columns(actor=organiser, upload=stored, chosen={"0": {"0": "school", "7": ""}})
    stored.refresh_from_db()
    assert stored.choices == {}


def test_the_preview_never_reads_the_file_again(organiser, tournament, monkeypatch):
    from referee.people.imports import applying

    stored = people_upload_store(
        actor=organiser, tournament=tournament, filename="r.xlsx", content=roster_xlsx()
    )
    monkeypatch.setattr(applying, "read_people_file", lambda content: pytest.fail("the file was read again"))
    assert people_upload_plan(actor=organiser, upload=stored).summary()["players"]["add"] == 160


def test_the_command_reads_a_roster_and_takes_a_columns_meaning(organiser, tournament, tmp_path):
    headers = ["學校編號", "學校名稱", "School Name", "學號", "學生姓名", "洋名", "班別", "性別"]
    path = tmp_path / "roster.xlsx"
    path.write_bytes(roster_xlsx(headers))
    out = io.StringIO()
    call_command("import_people", "cup", str(path), stdout=out)
    assert "F 洋名" in out.getvalue()
    call_command("import_people", "cup", str(path), "--column", "F=name_en", "--apply", stdout=out)
    assert Player.objects.get(school__code="LHP", school_number="4").name_en == "Chan Tai Man"
    with pytest.raises(CommandError):
        call_command("import_people", "cup", str(path), "--column", "F=shoe_size", stdout=out)


def test_a_player_registered_by_hand_is_found_by_name_when_the_roster_brings_the_school_number(
    organiser, tournament
):
    school = school_create(
        actor=organiser,
        tournament=tournament,
        name_zh="海濱小學",
        name_en="Harbourside Primary School",
        code="HSP",
    )
    child = next(c for c in children() if c.code == "HSP")
    player = player_create(actor=organiser, tournament=tournament, school=school, name_zh=child.name_zh)
    apply(organiser, tournament, roster_xlsx())
    player.refresh_from_db()
    assert player.school_number == str(child.school_number)
    assert Player.objects.filter(school=school).count() == PER_SCHOOL


def test_class_numbers_repeating_within_a_school_are_told_apart_by_class(organiser, tournament):
    lines = [
        "學校編號,學校名稱,學號,學生姓名,班別",
        "HSP,海濱小學,3,陳大文,5A",
        "HSP,海濱小學,3,李小明,5B",
        "HSP,海濱小學,4,張家豪,5A",
    ]
    content = ("\r\n".join(lines) + "\r\n").encode()
    plan = apply(organiser, tournament, content)
    assert plan.refusals == []
    assert [block.direct for block in plan.blocks] == [False]
    assert sorted(Player.objects.values_list("class_name", "school_number", "number")) == [
        ("5A", "3", 1001),
        ("5A", "4", 1002),
        ("5B", "3", 1003),
    ]
    assert not preview(organiser, tournament, content).has_changes


def test_the_stored_reading_of_a_roster_is_what_the_file_holds():
    read = read_people_file(roster_xlsx())
    (grid,) = read.grids
    assert grid.rows[2] == (3, CHINESE_HEADERS)
    assert len(grid.rows) == 3 + 160


# --- the organiser's page -------------------------------------------------------------------------------


def upload(client, content: bytes, name: str):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return client.post("/organise/cup/import/", {"file": SimpleUploadedFile(name, content)})


def test_the_preview_page_shows_each_columns_reading_and_a_column_rechosen_is_read_again(
    organiser_client, tournament
):
    headers = ["學校編號", "學校名稱", "School Name", "學號", "學生姓名", "洋名", "班別", "性別"]
    response = upload(organiser_client, roster_xlsx(headers), "名單.xlsx")
    assert response.status_code == 302
    page = organiser_client.get(response["Location"]).content.decode()
    assert 'id="column-0-5"' in page
    assert 'id="import-numbering"' in page
    assert Player.objects.count() == 0
    fields = {f"column-0-{position}": "" for position in range(8)}
    fields.update({"column-0-0": "school", "column-0-1": "school_zh", "column-0-2": "school_en"})
    fields.update({"column-0-3": "school_number", "column-0-4": "name_zh", "column-0-6": "class_name"})
    fields["column-0-5"] = "name_en"
    chosen = organiser_client.post(response["Location"], {"action": "columns", **fields})
    assert chosen.status_code == 302
    assert Player.objects.count() == 0  # choosing saves nothing but the choice
    page = organiser_client.get(response["Location"])
    (sheet,) = page.context["plan"].sheets
    assert (sheet.columns[5].field, sheet.columns[5].how) == ("name_en", CHOSEN)
    done = organiser_client.post(response["Location"], {"action": "import"})
    assert done.status_code == 302
    assert Player.objects.get(school__code="LHP", school_number="4").name_en == "Chan Tai Man"


def test_the_preview_page_lists_at_most_a_hundred_changes_of_a_kind(organiser_client, tournament):
    response = upload(organiser_client, roster_xlsx(), "名單.xlsx")
    page = organiser_client.get(response["Location"])
    groups = {str(label): (added, more) for label, added, _updated, _counts, more in page.context["groups"]}
    added, more = groups["參加者"]
    assert (len(added), more) == (100, 60)


@pytest.mark.parametrize("role", ["table referee", "stranger"])
def test_only_an_organiser_chooses_a_kept_files_columns_or_reads_its_preview(
    organiser, tournament, roles, role
):
    from core.errors import ServiceError

    stored = people_upload_store(
        actor=organiser, tournament=tournament, filename="r.xlsx", content=roster_xlsx()
    )
    with pytest.raises(ServiceError) as refused:
        people_upload_choose_columns(actor=roles[role], upload=stored, chosen={"0": {"5": ""}})
    assert refused.value.code == "forbidden"
    with pytest.raises(ServiceError):
        people_upload_plan(actor=roles[role], upload=stored)
    stored.refresh_from_db()
    assert stored.choices == {}
