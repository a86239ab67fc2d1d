"""`python manage.py export`: the same exporters for scripts."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation
from openpyxl import load_workbook

from referee.exports.exporters import all_exporters
from referee.management.demo import load_demo, read_demo
from referee.standings.selectors.standings import standings


def export(*arguments: str) -> str:
    out = io.StringIO()
    call_command("export", *arguments, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_list_names_every_exporter(db):
    with translation.override("en"):
        listed = export("--list")
    for exporter in all_exporters():
        assert exporter.identifier in listed
    assert "--school required" in listed


def test_a_round_of_scoresheets_to_a_file(pdf, tmp_path, event):
    target = tmp_path / "round1.pdf"
    export("cup", "scoresheets-pdf", "--round", "1", "--lang", "en", "-o", str(target))
    assert pdf.info(target.read_bytes())["Pages"] == "3"
    assert "Organiser's stamp" in pdf.text(target.read_bytes())
    assert not list(tmp_path.glob("*.part"))


def test_one_table_blank_with_the_sites_address(tmp_path, event, tie_table):
    target = tmp_path / "t2.pdf"
    export(
        "cup",
        "blank-scoresheets-pdf",
        "--round",
        "1",
        "--table",
        "2",
        "--base-url",
        "https://ref.example.org/",
        "-o",
        str(target),
    )
    assert f"https://ref.example.org/referee/tables/{tie_table.pk}/".encode() in target.read_bytes()


def test_the_school_pack_for_a_school_code(tmp_path, event):
    target = tmp_path / "pack.zip"
    export("cup", "school-pack", "--school", "hsp", "-o", str(target))
    assert len(zipfile.ZipFile(target).namelist()) == 2


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["nowhere", "standings-pdf"], "No tournament"),
        (["cup", "minutes-docx"], "no export called"),
        (["cup", "school-pack"], "Choose a school"),
        (["cup", "scoresheets-pdf", "--round", "7"], "no round 7"),
        (["cup", "scoresheets-pdf", "--table", "1"], "--round"),
        (["cup", "school-pack", "--school", "XYZ"], "no school"),
        (["cup"], "Give a tournament and an exporter"),
    ],
)
def test_mistakes_are_explained(tmp_path, event, arguments, message):
    with translation.override("en"), pytest.raises(CommandError, match=message):
        export(*arguments, "-o", str(tmp_path / "out"))
    assert not (tmp_path / "out").exists()


def test_the_demo_workbook_matches_its_standings(tmp_path, db):
    tournament = load_demo(read_demo())
    target = tmp_path / "demo.xlsx"
    export("demo", "results-xlsx", "--lang", "en", "-o", str(target))
    rows = list(load_workbook(target)["Standings"].iter_rows(min_row=2, values_only=True))
    expected = standings(tournament)
    assert [(row[2], row[9], row[11]) for row in rows] == [
        (standing.player.number, standing.games_won, standing.total) for standing in expected
    ]


@pytest.mark.parametrize("target", ["missing-folder/out.pdf", "."])
def test_a_file_that_cannot_be_written_is_a_one_line_error(tmp_path, event, monkeypatch, target):
    monkeypatch.chdir(tmp_path)
    with translation.override("en"), pytest.raises(CommandError, match="Cannot write"):
        export("cup", "standings-pdf", "-o", target)
    assert not list(tmp_path.rglob("*.part"))
    assert not list(tmp_path.parent.glob("*.part"))


def test_an_export_that_fails_half_way_leaves_no_partial_file(tmp_path, event, monkeypatch):
    from referee.exports.exporters import standings_pdf

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(standings_pdf.StandingsPdf, "write_content", broken)
    target = tmp_path / "out.pdf"
    with translation.override("en"), pytest.raises(CommandError, match="disk full"):
        export("cup", "standings-pdf", "-o", str(target))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "arguments, english, chinese",
    [
        (["nowhere", "standings-pdf"], "No tournament has the short name", "沒有比賽"),
        (["cup", "minutes-docx"], "There is no export called", "沒有名為"),
        (["cup", "scoresheets-pdf", "--round", "7"], "The tournament has no round 7", "第 7 輪"),
        (["cup", "school-pack", "--school", "XYZ"], "no school with the code", "XYZ"),
        (["cup", "school-pack"], "Choose a school", "請為此匯出選擇學校"),
    ],
)
def test_mistakes_speak_the_language_asked_for(tmp_path, event, arguments, english, chinese):
    target = str(tmp_path / "out")
    with translation.override("zh-hant"):
        with pytest.raises(CommandError, match=english):
            export(*arguments, "--lang", "en", "-o", target)
        with pytest.raises(CommandError) as error:
            export(*arguments, "-o", target)
    message = str(error.value)
    assert chinese in message
    for argument in arguments:  # what the user typed comes back as typed
        message = message.replace(argument, "")
    assert not any("a" <= character.lower() <= "z" for character in message)


def test_list_speaks_the_language_asked_for(db):
    with translation.override("zh-hant"):
        english = export("--list", "--lang", "en")
        chinese = export("--list")
    assert "Scoresheets (PDF)" in english
    assert "whole tournament" in english
    assert "記分表（PDF）" in chinese
    assert "整個比賽" in chinese
