"""After its retention period, a tournament names no child anywhere, and reads as it did.

The event (`event.py`) holds every kind of record: players registered three ways and one deleted, draws,
games, a correction and an incident whose texts name a child, a withdrawal and its repair, files made and
stored, public pages cached with full names, an import left in its preview, and a backup in the backup
folder. `forget_expired --as-of` a date past the period, and then no child's name or class is in any column
of any table (read generically: `scanning.py`), in any stored file, in the cache or in the backup folder;
the standings' numbers and every game's result are as they were, and the audit log keeps its shape.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command

from core.models import AuditEntry
from referee.models import HandResult, Player, Tournament
from referee.standings.selectors.standings import standings
from tests.referee.privacy.event import build_event, personal_texts
from tests.referee.privacy.scanning import database_places, findings, folder_places, places_named

pytestmark = pytest.mark.django_db(transaction=True)
PAST_THE_PERIOD = "2027-03-06"  # 90 days after 5 December 2026


@pytest.fixture
def backups(settings, tmp_path: Path) -> Path:
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


def standings_numbers(tournament: Tournament) -> list[tuple]:
    return [
        (row.rank, row.number, row.school_code, row.games_played, row.games_won, row.total, row.tables_won)
        for row in standings(tournament)
    ]


def results() -> list[tuple]:
    fields = ["game_id", "seat_id", "went_out", "rack", "rack_value", "penalty", "score_sixtieths", "won"]
    return list(HandResult.objects.order_by("pk").values_list(*fields))


def audit_shape() -> list[tuple]:
    """Each entry's action, objects and the keys it recorded: what must stay when the names go."""
    return [
        (entry.action, entry.table_id, entry.game_id, sorted(entry.changes), bool(entry.reason))
        for entry in AuditEntry.objects.order_by("pk")
    ]


def test_forgetting_leaves_no_child_named_anywhere_and_the_results_as_they_were(
    organiser, backups: Path
) -> None:
    event = build_event(organiser)
    tournament = event.tournament
    names = personal_texts()

    before = findings([*database_places(), *folder_places(backups)], names)
    # The scan can fail: before forgetting it finds the children where the event put them.
    assert {
        "referee_player",
        "referee_auditentry",
        "referee_exportjob",
        "referee_peopleupload",
        "referee_incident",
        "tableref_cache",
        "files",
    } <= places_named(before)
    kept_standings, kept_results, kept_shape = standings_numbers(tournament), results(), audit_shape()

    out = io.StringIO()
    call_command("forget_expired", "--as-of", PAST_THE_PERIOD, stdout=out)

    assert findings([*database_places(), *folder_places(backups)], names) == set()
    assert not list(backups.iterdir()), "the backup holding the children is deleted"
    assert standings_numbers(tournament) == kept_standings
    assert results() == kept_results
    assert audit_shape()[: len(kept_shape)] == kept_shape
    assert Player.objects.filter(tournament=tournament).count() == 12
    child = Player.objects.get(pk=event.named_child.pk)
    assert (child.name_en, child.class_name, child.school_number) == (f"Player {child.number}", "", "")
    assert "cup" in out.getvalue()


def test_a_backup_made_after_forgetting_holds_no_child(organiser, backups: Path) -> None:
    """Rows rewritten in place leave nothing of the old names in the database's free pages either: a copy of
    the whole file, page by page, holds none of them."""
    build_event(organiser)
    call_command("forget_expired", "--as-of", PAST_THE_PERIOD, stdout=io.StringIO())
    call_command("backup", stdout=io.StringIO())
    assert len(list(backups.iterdir())) == 1
    assert findings(folder_places(backups), personal_texts()) == set()


def test_the_day_before_nothing_is_forgotten(organiser, backups: Path) -> None:
    event = build_event(organiser)
    names = personal_texts()
    before = findings(database_places(), names)
    call_command("forget_expired", "--as-of", "2027-03-05", stdout=io.StringIO())
    assert findings(database_places(), names) == before
    assert len(list(backups.iterdir())) == 1
    assert Player.objects.get(pk=event.named_child.pk).name_zh == event.named_child.name_zh
