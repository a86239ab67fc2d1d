"""The exporter contract and its one registry."""

from __future__ import annotations

import pytest

from referee.exports.exporters import Exporter, ExportError, all_exporters, get_exporter, register
from referee.exports.exporters.base import ROUND, SCHOOL, TABLE

ISSUE_EXPORTERS = [
    "scoresheets-pdf",
    "blank-scoresheets-pdf",
    "standings-pdf",
    "results-xlsx",
    "school-pack",
    "player-cards-pdf",
    "certificates-pdf",
    "school-data-record-pdf",  # issue 35: a school's record of its children's data
]


def test_every_exporter_of_the_issue_is_registered_in_page_order():
    assert [exporter.identifier for exporter in all_exporters()] == ISSUE_EXPORTERS


def test_every_exporter_states_its_contract():
    for exporter in all_exporters():
        assert issubclass(exporter, Exporter)
        assert str(exporter.verbose_name)
        assert str(exporter.description)
        assert exporter.extension in {"pdf", "xlsx", "zip"}
        assert exporter.mimetype
        assert exporter.requires <= exporter.accepts <= {ROUND, SCHOOL, TABLE}


def test_an_unknown_exporter_is_a_clear_error():
    with pytest.raises(ExportError) as caught:
        get_exporter("minutes-docx")
    assert caught.value.code == "unknown-exporter"


def test_an_identifier_is_registered_once():
    class Impostor(Exporter):
        identifier = "standings-pdf"

    with pytest.raises(ValueError):
        register(Impostor)
    assert get_exporter("standings-pdf") is not Impostor


def test_the_school_pack_needs_a_school(export_request):
    with pytest.raises(ExportError) as caught:
        get_exporter("school-pack")(export_request())
    assert caught.value.code == "missing-school"


def test_an_export_refuses_a_scope_it_cannot_narrow_to(export_request, round_, school):
    with pytest.raises(ExportError) as caught:
        get_exporter("results-xlsx")(export_request(round_=round_))
    assert caught.value.code == "not-accepted"
    with pytest.raises(ExportError):
        get_exporter("scoresheets-pdf")(export_request(school=school))


def test_an_unknown_language_is_refused(export_request):
    with pytest.raises(ExportError) as caught:
        get_exporter("standings-pdf")(export_request(language="fr"))
    assert caught.value.code == "bad-language"


def test_filenames_name_the_tournament_scope_and_export(export_request, round_, school):
    assert get_exporter("standings-pdf")(export_request()).filename() == "cup-standings-pdf.pdf"
    assert get_exporter("scoresheets-pdf")(export_request(round_=round_)).filename() == (
        "cup-round-1-scoresheets-pdf.pdf"
    )
    assert get_exporter("school-pack")(export_request(school=school)).filename() == "cup-hsp-school-pack.zip"


def test_the_language_defaults_to_the_tournaments(export_request):
    assert export_request(language=None).effective_language == "zh-hant"
    assert export_request().effective_language == "en"
