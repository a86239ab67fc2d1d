"""Long exports made in the background: asked for, made, downloaded; refused, failed, interrupted, cleaned
up; seen only by the tournament's organisers; the scoresheets read in bulk, whatever the round's size."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from benchmarks.builders import BulkPlan, build_tournament
from referee import exports_worker, services
from referee.exporters import ExportRequest, get_exporter
from referee.models import ExportJob, ExportJobStatus, Round

WORKER = "test-worker:1"


def ask(client, tournament, identifier: str = "scoresheets-pdf", language: str = "en", **data):
    url = reverse("exports:download", args=[tournament.slug, identifier])
    response = client.post(url, data, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302
    return ExportJob.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[-1]))


def status(client, job) -> dict:
    return client.get(reverse("exports:job_status", args=[job.tournament.slug, job.pk])).json()


def test_a_job_from_the_button_to_the_download(organiser_client, tournament, finished_table, pdf):
    job = ask(organiser_client, tournament, lang="en")
    page = organiser_client.get(
        reverse("exports:job", args=[tournament.slug, job.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "Waiting for the export worker" in page.content.decode()
    assert "js/export-job.js" in page.content.decode()
    assert status(organiser_client, job)["status"] == "queued"
    assert exports_worker.work_once(WORKER)
    done = status(organiser_client, job)
    assert (done["status"], done["percent"]) == ("done", 100)
    download = organiser_client.get(done["download"])
    assert download["Content-Disposition"] == 'attachment; filename="cup-scoresheets-pdf-en.pdf"'
    assert "李詠琳" in pdf.text(download.content)
    listed = organiser_client.get(reverse("exports:page", args=[tournament.slug])).content.decode()
    assert reverse("exports:job", args=[tournament.slug, job.pk]) in listed
    assert not exports_worker.work_once(WORKER)


def test_a_long_export_is_never_made_inside_a_get(organiser_client, tournament):
    response = organiser_client.get(reverse("exports:download", args=[tournament.slug, "results-xlsx"]))
    assert response["Location"] == reverse("exports:page", args=[tournament.slug])
    assert not ExportJob.objects.exists()


def test_the_progress_is_written_as_the_pages_are_made(organiser, tournament, finished_table):
    job = services.export_job_request(
        actor=organiser,
        request=ExportRequest(tournament=tournament),
        identifier="scoresheets-pdf",
        ui_language="en",
    )
    claimed = exports_worker.claim(WORKER)
    seen = []
    writer = exports_worker._progress_writer(claimed)
    writer(0, 1)
    seen.append(ExportJob.objects.values_list("done", "total").get(pk=job.pk))
    writer(1, 1)
    seen.append(ExportJob.objects.values_list("done", "total").get(pk=job.pk))
    assert seen == [(0, 1), (1, 1)]


@pytest.mark.parametrize("who", ["other referee", "table referee", "stranger", "other organiser"])
def test_only_the_tournaments_organisers_see_its_jobs(client, roles, organiser, tournament, who):
    job = services.export_job_request(
        actor=organiser,
        request=ExportRequest(tournament=tournament),
        identifier="results-xlsx",
        ui_language="en",
    )
    exports_worker.work_once(WORKER)
    if who == "other organiser":
        person = organiser.__class__.objects.create_user("other-organiser", password="long-enough-1")
        services.tournament_create(
            actor=organiser, name="Else", slug="else", ruleset="hk-school"
        ).organisers.add(person)
    else:
        person = roles[who]
    client.force_login(person)
    for name in ("exports:job", "exports:job_status", "exports:job_download"):
        assert client.get(reverse(name, args=[tournament.slug, job.pk])).status_code == 403
        if who == "other organiser":
            assert client.get(reverse(name, args=["else", job.pk])).status_code == 404


def test_a_fault_fails_the_job_not_the_worker(organiser_client, tournament, monkeypatch):
    job = ask(organiser_client, tournament, "results-xlsx")

    def broken(self):
        raise RuntimeError("disk full")

    monkeypatch.setattr(get_exporter("results-xlsx"), "render", broken)
    assert exports_worker.work_once(WORKER)
    job.refresh_from_db()
    assert (job.status, job.error) == (ExportJobStatus.FAILED, "fault")
    state = organiser_client.get(
        reverse("exports:job_status", args=[tournament.slug, job.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).json()
    assert state["message"].startswith("Something went wrong while making this file.")
    assert state["download"] == ""
    assert (
        organiser_client.get(reverse("exports:job_download", args=[tournament.slug, job.pk])).status_code
        == 404
    )


def test_a_round_deleted_meanwhile_is_a_clear_refusal(organiser_client, organiser, tournament):
    round_ = services.round_create(
        actor=organiser,
        tournament=tournament,
        name="R9",
        date=datetime.date(2026, 12, 6),
        start_time=datetime.time(9),
    )
    job = ask(organiser_client, tournament, round=round_.pk)
    Round.objects.filter(pk=round_.pk).delete()
    exports_worker.work_once(WORKER)
    job.refresh_from_db()
    assert (job.status, job.error) == (ExportJobStatus.FAILED, "This round is not part of the tournament.")


def _running(job, worker: str, *, seconds_ago: int, attempts: int = 1) -> None:
    beat = timezone.now() - datetime.timedelta(seconds=seconds_ago)
    ExportJob.objects.filter(pk=job.pk).update(
        status=ExportJobStatus.RUNNING, worker=worker, heartbeat_at=beat, attempts=attempts
    )


def test_a_job_whose_worker_died_is_made_again_once_then_failed(organiser, tournament):
    job = services.export_job_request(
        actor=organiser,
        request=ExportRequest(tournament=tournament),
        identifier="results-xlsx",
        ui_language="en",
    )
    _running(job, "another-machine:42", seconds_ago=5)
    assert exports_worker.sweep() == 0  # its heartbeat is fresh: still being made
    _running(job, "another-machine:42", seconds_ago=exports_worker.STALE_AFTER_SECONDS + 1)
    assert exports_worker.sweep() == 1
    job.refresh_from_db()
    assert job.status == ExportJobStatus.QUEUED
    _running(job, "another-machine:42", seconds_ago=600, attempts=exports_worker.MAX_ATTEMPTS)
    exports_worker.sweep()
    job.refresh_from_db()
    assert (job.status, job.error) == (ExportJobStatus.FAILED, "interrupted")


def test_a_restarted_worker_on_the_same_machine_need_not_wait(organiser, tournament):
    job = services.export_job_request(
        actor=organiser,
        request=ExportRequest(tournament=tournament),
        identifier="results-xlsx",
        ui_language="en",
    )
    gone = exports_worker.worker_name().rsplit(":", 1)[0] + ":999999999"
    _running(job, gone, seconds_ago=1)
    assert exports_worker.sweep() == 1
    assert exports_worker.work_once(WORKER)
    job.refresh_from_db()
    assert (job.status, job.attempts) == (ExportJobStatus.DONE, 2)


def test_old_jobs_and_their_files_are_cleaned_up(organiser, tournament, settings):
    job = services.export_job_request(
        actor=organiser,
        request=ExportRequest(tournament=tournament),
        identifier="results-xlsx",
        ui_language="en",
    )
    exports_worker.work_once(WORKER)
    later = timezone.now() + datetime.timedelta(hours=settings.EXPORT_KEEP_HOURS, minutes=1)
    assert exports_worker.clean(later) == 1
    assert not ExportJob.objects.filter(pk=job.pk).exists()


def test_two_workers_never_claim_the_same_job(organiser, tournament):
    services.export_job_request(
        actor=organiser,
        request=ExportRequest(tournament=tournament),
        identifier="results-xlsx",
        ui_language="en",
    )
    assert exports_worker.claim("first:1") is not None
    assert exports_worker.claim("second:2") is None


def test_the_scoresheets_of_a_round_run_the_same_queries_at_ten_times_the_size(organiser):
    counts = []
    for players, slug in ((24, "small"), (240, "large")):
        tournament = build_tournament(BulkPlan(slug=slug, players=players, referees=2), organiser=organiser)
        exporter = get_exporter("scoresheets-pdf")(ExportRequest(tournament=tournament))
        with CaptureQueriesContext(connection) as captured:
            exporter.render()
        counts.append(len(captured))
    assert counts[0] == counts[1]


def test_the_worker_gives_way_to_the_web_server(monkeypatch, tmp_path):
    """A round's scoresheets must not slow the referees' saves on the hall's two cores."""
    niced = []
    monkeypatch.setattr("os.nice", niced.append)
    monkeypatch.setattr("tableref.priority.AUTOGROUP", tmp_path / "no-autogroup")  # leave pytest's session be
    # No job to make: the worker's turn tidies the database connections, which a test's transaction keeps.
    monkeypatch.setattr(
        "referee.management.commands.export_worker.work_once_tidily", lambda worker=None: False
    )
    call_command("export_worker", "--once")
    call_command("export_worker", "--once", "--nice", "0")
    assert niced == [10]


def test_asking_again_for_a_file_being_made_gives_the_same_job(organiser_client, tournament, finished_table):
    """A second tap, or thirty in a row, on one button queued one job each: the worker made the same file
    again and again, and other tournaments' files waited behind them (security review)."""
    first = ask(organiser_client, tournament, "results-xlsx")
    assert [ask(organiser_client, tournament, "results-xlsx").pk for _ in range(3)] == [first.pk] * 3
    other = ask(organiser_client, tournament, "results-xlsx", language="zh-hant", lang="zh-hant")
    assert other.pk != first.pk  # another file: the workbook in the other language
    assert exports_worker.work_once(WORKER)
    assert exports_worker.work_once(WORKER)
    assert ask(organiser_client, tournament, "results-xlsx").pk not in (first.pk, other.pk)  # made: a new one
    assert ExportJob.objects.count() == 3
