"""Importing schools, players and referees from real files: the bytes Excel writes in Hong Kong."""

from __future__ import annotations

import io
import zipfile

import openpyxl
import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from core.errors import ServiceError
from core.models import AuditEntry
from referee.models import Player, School, Table
from referee.people.imports.applying import ImportRefused, people_import, people_import_preview
from referee.people.imports.reading import MAX_FILE_BYTES, ImportFileError, read_people_file
from referee.people.imports.workbook import people_workbook, template_workbook
from referee.people.services.people import player_create, school_create
from referee.people.views.imports import FORM_OVERHEAD
from referee.tournaments.services.referees import referee_account_create, referee_remove
from referee.tournaments.services.schedule import table_create
from referee.tournaments.services.tournaments import tournament_create

pytestmark = pytest.mark.django_db

SCHOOLS_CSV = "學校代號,學校中文名稱,學校英文名稱\r\nHSP,海濱小學,Harbourside Primary\r\nKLN,九龍小學,\r\n"
PLAYERS_CSV = (
    "學校代號,選手編號,中文姓名,英文姓名,班別\r\nHSP,1,陳俊傑,Chan Chun Kit,5A\r\nHSP,2,李詠琳,,5B\r\n"
)


def preview(organiser, tournament, content: bytes):
    return people_import_preview(actor=organiser, tournament=tournament, content=content)


def apply(organiser, tournament, content: bytes):
    return people_import(actor=organiser, tournament=tournament, content=content, filename="people.csv")


def workbook_bytes(sheets: dict[str, list[list[object]]], merge: dict[str, str] | None = None) -> bytes:
    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    for title, rows in sheets.items():
        sheet = workbook.create_sheet(title)
        for row in rows:
            sheet.append(row)
        for cells in (merge or {}).get(title, "").split():
            sheet.merge_cells(cells)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def test_csv_utf8_with_bom_adds_schools(organiser, tournament):
    content = b"\xef\xbb\xbf" + SCHOOLS_CSV.encode("utf-8")
    plan = apply(organiser, tournament, content)
    assert plan.summary()["schools"] == {"add": 2, "update": 0, "unchanged": 0}
    assert list(School.objects.values_list("code", "name_zh", "name_en")) == [
        ("HSP", "海濱小學", "Harbourside Primary"),
        ("KLN", "九龍小學", ""),
    ]


def test_utf16_unicode_text_tab_separated(organiser, tournament):
    content = SCHOOLS_CSV.replace(",", "\t").encode("utf-16")  # Excel's "Unicode text": a BOM, tabs
    assert content[:2] == b"\xff\xfe"
    plan = apply(organiser, tournament, content)
    assert plan.ok
    assert School.objects.get(code="KLN").name_zh == "九龍小學"


def test_big5_cp950_from_traditional_chinese_windows(organiser, tournament):
    content = SCHOOLS_CSV.encode("cp950")
    with pytest.raises(UnicodeDecodeError):
        content.decode("utf-8")
    apply(organiser, tournament, content)
    assert School.objects.get(code="HSP").name_zh == "海濱小學"


def test_full_width_digits_and_spaces_numbers_as_text_and_trailing_rows(organiser, tournament, school):
    content = workbook_bytes(
        {
            "選手": [
                ["學校代號", "選手編號", "中文姓名", "英文姓名", "班別"],
                ["ｈｓｐ", "０１２", "\u3000陳俊傑\u3000", "Chan Chun Kit ", "５Ａ"],
                ["HSP", 13.0, "李詠琳", None, None],
                [None, None, None, None, None],
                ["", "", "", "", ""],
            ]
        }
    )
    plan = apply(organiser, tournament, content)
    assert plan.ok
    assert list(Player.objects.order_by("number").values_list("number", "name_zh", "name_en")) == [
        (12, "陳俊傑", "Chan Chun Kit"),
        (13, "李詠琳", ""),
    ]
    assert Player.objects.get(number=12).class_name == "5A"  # a class is made plain; a name kept as typed


def test_merged_title_and_header_cells(organiser, tournament):
    content = workbook_bytes(
        {
            "Sheet1": [
                ["2026 學校名單", None, None],
                ["School code", "School name (Chinese)", "School name (English)"],
                [None, None, None],
                ["HSP", "海濱小學", "Harbourside Primary"],
            ]
        },
        merge={"Sheet1": "A1:C1 A2:A3 B2:B3 C2:C3"},
    )
    plan = apply(organiser, tournament, content)
    assert plan.summary()["schools"]["add"] == 1
    assert School.objects.get().code == "HSP"


def test_same_file_twice_changes_nothing_and_an_edited_file_updates(organiser, tournament):
    content = (SCHOOLS_CSV + "\r\n").encode()
    apply(organiser, tournament, content)
    apply(organiser, tournament, PLAYERS_CSV.encode())
    entries = AuditEntry.objects.count()
    again = apply(organiser, tournament, PLAYERS_CSV.encode())
    assert again.summary()["players"] == {"add": 0, "update": 0, "unchanged": 2}
    assert AuditEntry.objects.count() == entries
    edited = PLAYERS_CSV.replace("李詠琳,,5B", "李詠琳,Lee Wing Lam,5C")
    plan = apply(organiser, tournament, edited.encode())
    assert plan.summary()["players"] == {"add": 0, "update": 1, "unchanged": 1}
    assert Player.objects.count() == 2
    assert Player.objects.get(number=2).name_en == "Lee Wing Lam"


def test_a_player_without_number_is_matched_by_name_within_the_school(organiser, tournament, players):
    content = "學校代號,中文姓名,班別\nHSP,陳俊傑,6A\nHSP,新同學,6B\n".encode()
    plan = apply(organiser, tournament, content)
    assert plan.summary()["players"] == {"add": 1, "update": 1, "unchanged": 0}
    assert Player.objects.get(name_zh="陳俊傑").class_name == "6A"
    assert Player.objects.get(name_zh="新同學").number == 6  # the next free number


def test_refused_rows_save_nothing_and_say_where(organiser, tournament):
    content = (SCHOOLS_CSV + "ABC,,\r\n").encode() + PLAYERS_CSV.encode()
    with pytest.raises(ImportRefused) as refused:
        apply(organiser, tournament, SCHOOLS_CSV.encode() + b"XYZ,,\r\n")
    (refusal,) = refused.value.plan.refusals
    assert (refusal.row, refusal.column) == (4, "學校中文名稱")
    assert "name" in refusal.message or "名稱" in refusal.message
    assert not School.objects.exists()
    assert content  # a second sheet in a CSV is just more rows: the headers do not match


def test_a_player_number_of_another_school_is_refused(organiser, tournament, players):
    school_create(actor=organiser, tournament=tournament, name_zh="九龍小學", name_en="", code="KLN")
    plan = preview(organiser, tournament, "學校代號,選手編號,中文姓名\nKLN,1,王小明\n".encode())
    (refusal,) = plan.refusals
    assert (refusal.row, refusal.column) == (2, "選手編號")


@pytest.mark.parametrize(
    "cell",
    ["=cmd|' /C calc'!A0", "+1+1", "@SUM(A1)", "-2+3", "陳\u202e大文", "陳\x07大文", "陳\n大文"],
)
def test_hostile_cells_are_refused_with_their_row_and_column(organiser, tournament, school, cell):
    content = f'學校代號,中文姓名\nHSP,"{cell}"\n'.encode()
    plan = preview(organiser, tournament, content)
    (refusal,) = plan.refusals
    assert (refusal.row, refusal.column) == (2, "中文姓名")


def test_a_formula_cell_in_a_workbook_is_refused(organiser, tournament, school):
    content = workbook_bytes({"Players": [["School code", "Name (Chinese)"], ["HSP", '=HYPERLINK("x")']]})
    plan = preview(organiser, tournament, content)
    assert [(r.row, r.column) for r in plan.refusals] == [(2, "Name (Chinese)")]


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\x00\x00", "not-a-spreadsheet"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not-a-spreadsheet"),
        (b"PK\x03\x04 not really a zip", "not-a-spreadsheet"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, "old-excel"),
        (b"", "empty"),
        (b"a" * (MAX_FILE_BYTES + 1), "too-large"),
    ],
)
def test_files_that_are_not_spreadsheets_are_refused(content, code):
    with pytest.raises(ImportFileError) as refused:
        read_people_file(content)
    assert refused.value.code == code


def test_unknown_headers_are_refused_with_the_header_as_read(organiser, tournament):
    plan = preview(organiser, tournament, b"foo,bar\n1,2\n")
    (refusal,) = plan.refusals
    assert "A foo" in refusal.message
    assert "B bar" in refusal.message


def test_referees_get_accounts_without_a_usable_password_and_their_table(organiser, tournament, round_):
    table_create(actor=organiser, round_=round_)
    content = "登入名稱,裁判姓名,檯號\nｒｅｆ９,陳老師,１\nref10,李老師,\n".encode()
    plan = apply(organiser, tournament, content)
    assert plan.summary()["referees"]["add"] == 2
    user = get_user_model().objects.get(username="ref9@cup")  # the short name, @, the tournament's
    assert not user.has_usable_password()
    assert tournament.referees.filter(pk=user.pk).exists()
    assert Table.objects.get(number=1).referee == user
    assert apply(organiser, tournament, content).summary()["referees"]["unchanged"] == 2


def test_a_login_name_elsewhere_on_the_site_is_neither_matched_nor_reported(organiser, tournament, stranger):
    """`stranger` and `organiser` exist on the site; rows naming them are new referees of this tournament,
    exactly like a name nobody has: the preview says the same for all three, and no account is touched."""
    content = "登入名稱,裁判姓名\nstranger,甲\norganiser,乙\nnobody-has-this,丙\n".encode()
    plan = preview(organiser, tournament, content)
    assert plan.refusals == []
    assert [(change.action, change.label) for change in plan.changes] == [
        ("add", "stranger@cup"),
        ("add", "organiser@cup"),
        ("add", "nobody-has-this@cup"),
    ]
    apply(organiser, tournament, content)
    stranger.refresh_from_db()
    organiser.refresh_from_db()
    assert (stranger.username, stranger.first_name) == ("stranger", "")
    assert (organiser.username, organiser.first_name) == ("organiser", "黃主任")
    assert not tournament.referees.filter(pk__in=[stranger.pk, organiser.pk]).exists()
    assert tournament.referees.count() == 3


def test_a_full_login_name_elsewhere_is_refused_alike_whether_it_exists_or_not(organiser, tournament):
    """`amy@away` is no short name of this tournament: refused with the same words whether or not such an
    account exists, so a row cannot probe for it."""
    referee_account_create(
        actor=organiser,
        tournament=tournament_create(actor=organiser, name="外", slug="away", ruleset="hk-school"),
        username="amy",
        display_name="A",
        password="long-enough-1",
    )
    answers = []
    for name in ["amy@away", "zoe@away"]:
        plan = preview(organiser, tournament, f"登入名稱,裁判姓名\n{name},甲\n".encode())
        answers.append([(refusal.column, refusal.message) for refusal in plan.refusals])
    assert answers[0] == answers[1]
    assert answers[0][0][0] == "登入名稱"


def test_rows_find_this_tournaments_referees_by_short_or_full_login_name(organiser, tournament, referee):
    """`referee` is ref1@cup: `ref1`, `REF1@CUP` and `ref1@cup` all find them, and change nothing."""
    for typed in ["ref1", "REF1@CUP", "ref1@cup"]:
        plan = preview(organiser, tournament, f"登入名稱,裁判姓名\n{typed},{referee.first_name}\n".encode())
        assert [(change.action, change.pk) for change in plan.changes] == [("unchanged", referee.pk)]


def test_a_referee_of_this_tournament_from_before_the_rule_is_found_by_their_own_login_name(
    organiser, tournament
):
    older = get_user_model().objects.create_user("chan-tm", first_name="陳老師")
    tournament.referees.add(older)
    plan = preview(organiser, tournament, "登入名稱,裁判姓名\nCHAN-TM,陳老師\n".encode())
    assert [(change.action, change.pk) for change in plan.changes] == [("unchanged", older.pk)]


def test_a_removed_referees_short_name_is_refused_not_reused(organiser, tournament, referee):
    referee_remove(actor=organiser, tournament=tournament, referee=referee)
    plan = preview(organiser, tournament, "登入名稱,裁判姓名\nref1,陳大文\n".encode())
    assert [refusal.column for refusal in plan.refusals] == ["登入名稱"]
    assert "重新加入" in plan.refusals[0].message


def test_an_organiser_who_referees_here_is_not_renamed_by_a_row(organiser, tournament):
    tournament.referees.add(organiser)
    plan = preview(organiser, tournament, "登入名稱,裁判姓名\norganiser,黃主任\n".encode())
    assert plan.refusals[0].column == "登入名稱"


def test_one_audit_entry_for_the_import(organiser, tournament):
    before = AuditEntry.objects.count()
    apply(organiser, tournament, SCHOOLS_CSV.encode())
    entry = AuditEntry.objects.latest("pk")
    assert AuditEntry.objects.count() == before + 1
    assert entry.action == "people.import"
    assert entry.changes["after"]["counts"]["schools"]["add"] == 2


def test_only_organisers_import(referee, tournament):
    with pytest.raises(ServiceError) as refused:
        people_import(actor=referee, tournament=tournament, content=SCHOOLS_CSV.encode())
    assert refused.value.code == "forbidden"


def test_the_template_imports_nothing_and_the_export_round_trips(
    organiser, tournament, players, referee, table
):
    for language in ("zh-hant", "en"):
        plan = preview(organiser, tournament, template_workbook(language))
        assert plan.ok
        assert not plan.changes
    exported = people_workbook(tournament, "en")
    plan = preview(organiser, tournament, exported)
    assert plan.ok
    assert not plan.has_changes
    assert plan.summary()["players"]["unchanged"] == len(players)
    assert plan.summary()["referees"]["unchanged"] == 1


def test_the_command_previews_then_applies(organiser, tournament, tmp_path):
    path = tmp_path / "schools.csv"
    path.write_bytes(SCHOOLS_CSV.encode("cp950"))
    out = io.StringIO()
    call_command("import_people", "cup", str(path), stdout=out)
    assert not School.objects.exists()
    call_command("import_people", "cup", str(path), "--apply", stdout=out)
    assert School.objects.count() == 2
    path.write_bytes(b"\xef\xbb\xbf" + SCHOOLS_CSV.encode() + b"=1+1,x,y\r\n")
    with pytest.raises(CommandError):
        call_command("import_people", "cup", str(path), "--apply", stdout=out, stderr=io.StringIO())


# --- the organiser's page -------------------------------------------------------------------------------


def upload(client, content: bytes, name: str = "people.csv"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return client.post("/organise/cup/import/", {"file": SimpleUploadedFile(name, content)})


@pytest.mark.parametrize(
    ("role", "status"), [("organiser", 200), ("table referee", 403), ("stranger", 403), ("anonymous", 302)]
)
def test_who_opens_the_import_page(client, roles, tournament, role, status):
    if role != "anonymous":
        client.force_login(roles[role])
    for path in (
        "/organise/cup/import/",
        "/organise/cup/import/template.xlsx",
        "/organise/cup/import/people.xlsx",
    ):
        assert client.get(path).status_code == status


def test_upload_preview_then_import(organiser_client, organiser, tournament):
    response = upload(organiser_client, SCHOOLS_CSV.encode("cp950"))
    assert response.status_code == 302
    preview_page = organiser_client.get(response["Location"])
    assert preview_page.status_code == 200
    assert not School.objects.exists()
    assert 'id="import-apply"' in preview_page.content.decode()
    done = organiser_client.post(response["Location"])
    assert done.status_code == 302
    assert School.objects.count() == 2
    assert organiser_client.get(response["Location"]).status_code == 404  # the kept file is gone


def test_a_refused_row_is_shown_with_its_row_and_column_and_cannot_be_imported(organiser_client, tournament):
    response = upload(organiser_client, (SCHOOLS_CSV + "XYZ,,\r\n").encode())
    page = organiser_client.get(response["Location"]).content.decode()
    assert 'id="import-refusals"' in page
    assert 'id="import-apply"' not in page
    assert organiser_client.post(response["Location"]).status_code == 200
    assert not School.objects.exists()


def test_a_file_that_is_not_a_spreadsheet_is_refused_at_the_upload_and_not_kept(organiser_client, tournament):
    from referee.models import PeopleUpload

    response = upload(organiser_client, b"\x89PNG\r\n\x1a\n\x00\x00\x00", "photo.csv")
    assert response.status_code == 200
    assert response.context["form"].errors["file"]
    assert not PeopleUpload.objects.exists()


def test_a_file_too_large_is_refused_before_it_is_kept(organiser_client, tournament):
    response = upload(organiser_client, b"a" * (MAX_FILE_BYTES + 1))
    assert response.status_code == 200
    assert response.context["form"].errors["file"]


def test_another_organisers_upload_is_not_found(organiser_client, organiser, tournament, client):
    from referee.people.imports.applying import people_upload_store

    other = get_user_model().objects.create_user("other-organiser")
    tournament.organisers.add(other)
    kept = people_upload_store(actor=other, tournament=tournament, filename="x.csv", content=b"a,b")
    assert organiser_client.get(f"/organise/cup/import/{kept.pk}/").status_code == 404


def test_an_upload_declared_too_large_is_refused_before_its_body_is_read(organiser_client, tournament):
    response = organiser_client.post(
        "/organise/cup/import/",
        data=b"",
        content_type="multipart/form-data; boundary=x",
        CONTENT_LENGTH=str(MAX_FILE_BYTES + FORM_OVERHEAD + 1),  # larger still: the site's own limit, first
    )
    assert response.status_code == 413
    assert response.context["upload_error"]


def test_hong_kong_characters_outside_cp950_read_from_big5_hkscs(organiser, tournament):
    content = "學校代號,學校中文名稱\nHSP,𡃁仔小學\n".encode("big5hkscs")
    with pytest.raises(UnicodeEncodeError):
        "𡃁".encode("cp950")
    apply(organiser, tournament, content)
    assert School.objects.get().name_zh == "𡃁仔小學"


def test_two_players_of_one_school_with_the_same_name_need_their_number(organiser, tournament, school):
    player_create(actor=organiser, tournament=tournament, school=school, name_zh="陳大文")
    player_create(actor=organiser, tournament=tournament, school=school, name_zh="陳大文")
    plan = preview(organiser, tournament, "學校代號,中文姓名,班別\nHSP,陳大文,6A\n".encode())
    (refusal,) = plan.refusals
    assert refusal.row == 2
    plan = preview(organiser, tournament, "學校代號,選手編號,中文姓名,班別\nHSP,2,陳大文,6A\n".encode())
    assert plan.summary()["players"]["update"] == 1


def test_an_edited_school_name_updates_the_school(organiser, tournament):
    apply(organiser, tournament, SCHOOLS_CSV.encode())
    plan = apply(organiser, tournament, SCHOOLS_CSV.replace("九龍小學", "九龍灣小學").encode())
    assert plan.summary()["schools"] == {"add": 0, "update": 1, "unchanged": 1}
    assert School.objects.get(code="KLN").name_zh == "九龍灣小學"


def test_the_example_row_left_in_the_template_is_not_imported(organiser, tournament):
    content = "學校代號,學校中文名稱,學校英文名稱\nEXAMPLE,示例小學,Example Primary School\nHSP,海濱小學,\n"
    plan = apply(organiser, tournament, content.encode())
    assert plan.summary()["schools"]["add"] == 1
    assert not School.objects.filter(code="EXAMPLE").exists()


def test_the_command_refuses_an_unknown_tournament_and_a_file_that_is_not_a_spreadsheet(
    organiser, tournament, tmp_path
):
    path = tmp_path / "photo.csv"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(CommandError):
        call_command("import_people", "nothing", str(path))
    with pytest.raises(CommandError) as refused:
        call_command("import_people", "cup", str(path))
    assert "CSV" in str(refused.value)
    assert not School.objects.exists()


@pytest.mark.parametrize(
    ("role", "status"), [("organiser", 200), ("table referee", 403), ("stranger", 403), ("anonymous", 302)]
)
def test_who_opens_an_uploads_preview_and_imports_it(organiser, tournament, roles, role, status):
    from django.test import Client

    from referee.people.imports.applying import people_upload_store

    kept = people_upload_store(
        actor=organiser, tournament=tournament, filename="s.csv", content=SCHOOLS_CSV.encode()
    )
    client = Client()
    if role != "anonymous":
        client.force_login(roles[role])
    url = f"/organise/cup/import/{kept.pk}/"
    assert client.get(url).status_code == status
    assert client.post(url).status_code == (302 if status == 200 else status)
    assert School.objects.exists() == (role == "organiser")


def test_utf16_saved_without_its_mark(organiser, tournament):
    content = SCHOOLS_CSV.replace(",", "\t").encode("utf-16-le")
    apply(organiser, tournament, content)
    assert School.objects.get(code="HSP").name_en == "Harbourside Primary"


def test_a_login_taken_in_the_meantime_refuses_the_whole_import(organiser, tournament, monkeypatch):
    from referee.people.imports import applying

    real = applying._apply_referees

    def taken_meanwhile(tournament, plan):
        get_user_model().objects.create_user(
            "ref10@cup"
        )  # made meanwhile outside the lock (the site's admin)
        real(tournament, plan)

    monkeypatch.setattr(applying, "_apply_referees", taken_meanwhile)
    with pytest.raises(ServiceError) as refused:
        apply(organiser, tournament, "登入名稱,裁判姓名\nref10,李老師\n".encode())
    assert refused.value.code == "conflict"
    assert not get_user_model().objects.filter(username="ref10@cup").exists()


@pytest.mark.parametrize(
    ("parent", "subs", "headers"),
    [
        ("姓名", ["中文", "英文"], ["學校代號", "選手編號"]),
        ("Name", ["Chinese", "English"], ["School code", "Player number"]),
    ],
)
def test_a_header_merged_over_two_columns_above_its_parts(
    organiser, tournament, school, parent, subs, headers
):
    content = workbook_bytes(
        {
            "Sheet1": [
                [*headers, parent, None, "班別"],
                [None, None, *subs, None],
                ["HSP", "7", "陳俊傑", "Chan Chun Kit", "5A"],
            ]
        },
        merge={"Sheet1": "C1:D1 A1:A2 B1:B2 E1:E2"},
    )
    plan = apply(organiser, tournament, content)
    assert plan.summary()["players"]["add"] == 1
    player = Player.objects.get()
    assert (player.number, player.name_zh, player.name_en, player.class_name) == (
        7,
        "陳俊傑",
        "Chan Chun Kit",
        "5A",
    )


def test_a_school_name_merged_over_chinese_and_english(organiser, tournament):
    content = workbook_bytes(
        {
            "學校": [
                ["學校代號", "學校名稱", None],
                [None, "中文", "英文"],
                ["HSP", "海濱小學", "Harbourside"],
            ]
        },
        merge={"Sheet1": "B1:C1 A1:A2"},
    )
    apply(organiser, tournament, content)
    assert list(School.objects.values_list("name_zh", "name_en")) == [("海濱小學", "Harbourside")]


@pytest.mark.parametrize(
    ("headers", "kind", "fields"),
    [
        (["School code", "Chinese name", "English name"], "people", ["school", "school_zh", "school_en"]),
        (["學校代號", "學校中文名稱", "學校英文名稱"], "people", ["school", "school_zh", "school_en"]),
        (["學校代號", "學校名稱", "姓名"], "people", ["school", "school_zh", "name_zh"]),
        (["學校代號", "中文姓名", "英文姓名"], "people", ["school", "name_zh", "name_en"]),
        (["School code", "Player number", "Name"], "people", ["school", "number", "name_zh"]),
        (["登入名稱", "姓名"], "referees", ["username", "display_name"]),
        (["foo", "bar"], "people", [None, None]),
    ],
)
def test_what_a_csv_holds_is_told_by_its_headers(headers, kind, fields):
    """The sheet's kind and each column's field; "Name" holds Chinese text here, so it is the Chinese name."""
    from referee.people.imports.layout import read_sheets

    content = ",".join(headers) + "\n" + ",".join(["HSP", "陳大文", "陳大文"][: len(headers)]) + "\n"
    (sheet,) = read_sheets(read_people_file(content.encode()))
    assert sheet.kind == kind
    assert [column.field for column in sheet.columns] == fields


def test_the_export_of_people_never_fails_on_text_stored_before_the_checks(tournament, school):
    """A bell character stored before the validators existed would make the people workbook invalid XML."""
    Player.objects.create(tournament=tournament, school=school, name_zh="陳\x07大文", number=7)
    exported = openpyxl.load_workbook(io.BytesIO(people_workbook(tournament, "en")))
    names = [cell.value for row in exported.worksheets[1].iter_rows() for cell in row]
    assert "陳大文" in names


def test_players_sheets_per_class_share_one_numbering(organiser, tournament, school):
    """A workbook with a sheet per class: rows without a number on both sheets get different numbers, and a
    number given on one sheet cannot be given again on the next."""
    workbook = openpyxl.Workbook()
    first = workbook.active
    first.title = "P5A"
    second = workbook.create_sheet("P5B")
    for sheet, name in ((first, "陳大文"), (second, "李小明")):
        sheet.append(["School code", "Player number", "Name (Chinese)", "Class"])
        sheet.append([school.code, None, name, sheet.title])
        sheet.append([school.code, 40, f"{name}二", sheet.title])
    buffer = io.BytesIO()
    workbook.save(buffer)
    plan = preview(organiser, tournament, buffer.getvalue())
    numbers = [
        change.values["number"]
        for change in plan.changes
        if change.values.get("name_zh") in ("陳大文", "李小明")
    ]
    assert len(set(numbers)) == 2
    assert len(plan.refusals) == 1  # number 40 a second time


def test_a_school_code_typed_with_a_space_or_full_width_round_trips(organiser, tournament):
    """The page and the import read a code the same way, so an exported file imports again with no change."""
    school = school_create(
        actor=organiser, tournament=tournament, name_zh="全寬小學", name_en="", code="ｆｗ 1"
    )
    assert school.code == "FW1"
    plan = preview(organiser, tournament, people_workbook(tournament, "en"))
    assert not plan.refusals
    assert not plan.has_changes


def _with_entities(content: bytes, secret_file: str, part: str) -> bytes:
    """The workbook with a DOCTYPE in `part` that declares an entity reading a file of this machine, used
    where "Players" was."""
    doctype = f'<!DOCTYPE x [<!ENTITY secret SYSTEM "file://{secret_file}">]>'.encode()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(content)) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == part:
                assert b"Players" in data
                assert not data.startswith(b"<?xml")  # the DOCTYPE goes first
                data = doctype + data.replace(b"Players", b"&secret;")
            target.writestr(item, data)
    return out.getvalue()


@pytest.mark.parametrize("part", ["xl/workbook.xml", "xl/worksheets/sheet1.xml"])
def test_a_workbook_s_entities_never_read_a_file_of_the_server(tmp_path, part):
    """openpyxl reads the workbook part (the sheets' names) with lxml, installed for the exports, and the
    sheets with Python's own parser: neither may bring a file of the server into what the import shows."""
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-LINE")
    plain = workbook_bytes({"Players": [["學校代號", "選手編號", "中文姓名"], ["HSP", 1, "Players"]]})
    try:
        read = read_people_file(_with_entities(plain, str(secret), part))
    except ImportFileError as refused:
        assert refused.code == "not-a-spreadsheet"
    else:
        assert "TOP-SECRET-LINE" not in repr(read)
