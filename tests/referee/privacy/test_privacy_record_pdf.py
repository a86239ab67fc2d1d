"""The school's record: in both languages, what was held, each removal with its date, why and the player
numbers, and what remains; no child named."""

from __future__ import annotations

import datetime
import re

import pytest

from referee.exports.exporters import ExportRequest, get_exporter
from referee.privacy.consent import school_consent_record
from referee.privacy.forgetting import player_erase, tournament_forget
from tests.referee.exporters.conftest import pdf_text

pytestmark = pytest.mark.django_db


def record(tournament, school) -> bytes:
    request = ExportRequest(tournament=tournament, school=school, site_url="https://hall.example")
    filename, mimetype, content = get_exporter("school-data-record-pdf")(request).render()
    assert (filename, mimetype) == ("cup-hsp-school-data-record-pdf.pdf", "application/pdf")
    return content


def test_the_record_says_what_was_held_removed_and_remains_in_both_languages(
    organiser, tournament, school, players, finished_table
):
    names = [player.name_zh for player in players]
    school_consent_record(
        actor=organiser, school=school, given=True, given_on=datetime.date(2026, 10, 3), note="校長陳太"
    )
    player_erase(actor=organiser, player=players[1], reason="家長 10 月 3 日來電要求")
    tournament_forget(actor=organiser, tournament=tournament)
    content = record(tournament, school)
    text = "".join(pdf_text(content).split())
    rows = pdf_text(content, layout=True)
    for words in (
        "個人資料紀錄",
        "Recordofpersonaldata",
        "曾保存的資料",
        "Whatwasheld",
        "仍保留的資料",
        "Whatremains",
    ):
        assert words in text
    assert "應要求移除一名學生的資料" in text
    assert "Onrequest,foronechild" in text
    assert "主辦人在保存期完結前移除" in text
    assert re.search(r"應要求移除一名學生的資料\s+2\s+家長 10 月 3 日來電要求", rows)  # the child, by number
    assert re.search(r"主辦人在保存期完結前移除\s+1, 3, 4, 5\s+-", rows)  # the rest, forgotten together
    assert "家長10月3日來電要求" in text
    assert "校長陳太" in text
    assert "https://hall.example/t/cup/privacy/" in text
    assert not [name for name in names if name in text]


def test_before_anything_is_removed_it_says_so_and_until_when(tournament, school, players, round_):
    text = "".join(pdf_text(record(tournament, school)).split())
    assert "尚未移除任何資料。" in text
    assert "Nothinghasbeenremovedyet." in text
    assert "5名學生的資料保存至2027年3月5日" in text
