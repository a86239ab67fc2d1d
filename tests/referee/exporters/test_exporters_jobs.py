"""Long exports made in the background: asked for, made, downloaded; refused, failed, interrupted, cleaned
up; seen only by the tournament's organisers; the scoresheets read in bulk, whatever the round's size."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from benchmarks.builders import BulkPlan, build_tournament
from referee.exports.exporters import ExportRequest, get_exporter
from referee.exports.making import _progress_writer, make_export_file
from referee.exports.services.exports import export_job_request
from referee.exports.tasks import export_make
from referee.models import ExportJob, ExportJobStatus, Round
from referee.tournaments.services.schedule import round_create
from referee.tournaments.services.tournaments import tournament_create
from tests.referee.exporters.making import make_waiting_exports


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
    assert make_waiting_exports() == 1
    done = status(organiser_client, job)
    assert (done["status"], done["percent"]) == ("done", 100)
    download = organiser_client.get(done["download"])
    assert download["Content-Disposition"] == 'attachment; filename="cup-scoresheets-pdf-en.pdf"'
    assert "李詠琳" in pdf.text(download.content)
    listed = organiser_client.get(reverse("exports:page", args=[tournament.slug])).content.decode()
    assert reverse("exports:job", args=[tournament.slug, job.pk]) in listed
    assert make_waiting_exports() == 0
    assert make_export_file(job.pk) == ExportJobStatus.DONE  # a task run twice leaves the file as it is


def test_a_long_export_is_never_made_inside_a_get(organiser_client, tournament):
    response = organiser_client.get(reverse("exports:download", args=[tournament.slug, "results-xlsx"]))
    assert response["Location"] == reverse("exports:page", args=[tournament.slug])
    assert not ExportJob.objects.exists()


def test_the_progress_is_written_as_the_pages_are_made(organiser, tournament, finished_table):
    job = export_job_request(
        actor=organiser,
        request=ExportRequest(tournament=tournament),
        identifier="scoresheets-pdf",
        ui_language="en",
    )
    ExportJob.objects.filter(pk=job.pk).update(status=ExportJobStatus.RUNNING)
    seen = []
    writer = _progress_writer(job)
    writer(0, 1)
    seen.append(ExportJob.objects.values_list("done", "total").get(pk=job.pk))
    writer(1, 1)
    seen.append(ExportJob.objects.values_list("done", "total").get(pk=job.pk))
    assert seen == [(0, 1), (1, 1)]


@pytest.mark.parametrize("who", ["other referee", "table referee", "stranger", "other organiser"])
def test_only_the_tournaments_organisers_see_its_jobs(client, roles, organiser, tournament, who):
    job = export_job_request(
        actor=organiser,
        request=ExportRequest(tournament=tournament),
        identifier="results-xlsx",
        ui_language="en",
    )
    make_waiting_exports()
    if who == "other organiser":
        person = organiser.__class__.objects.create_user("other-organiser", password="long-enough-1")
        tournament_create(actor=organiser, name="Else", slug="else", ruleset="hk-school").organisers.add(
            person
        )
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
    assert make_waiting_exports() == 1
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
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="R9",
        date=datetime.date(2026, 12, 6),
        start_time=datetime.time(9),
    )
    job = ask(organiser_client, tournament, round=round_.pk)
    Round.objects.filter(pk=round_.pk).delete()
    make_waiting_exports()
    job.refresh_from_db()
    assert (job.status, job.error) == (ExportJobStatus.FAILED, "This round is not part of the tournament.")


def _request(organiser, tournament) -> ExportJob:
    return export_job_request(
        actor=organiser,
        request=ExportRequest(tournament=tournament),
        identifier="results-xlsx",
        ui_language="en",
    )


def test_the_task_is_queued_once_the_job_is_committed(
    organiser, tournament, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        job = _request(organiser, tournament)
    assert len(callbacks) == 1
    queued = export_make.get_backend().results[-1]
    assert (queued.task.name, queued.args) == ("export_make", [job.pk])
    job.refresh_from_db()
    assert job.task_id == str(queued.id)


def test_a_job_whose_progress_stopped_is_shown_interrupted_and_asked_for_afresh(
    organiser, organiser_client, tournament, settings
):
    job = _request(organiser, tournament)
    quiet_since = timezone.now() - datetime.timedelta(seconds=settings.EXPORT_STALLED_SECONDS + 1)
    ExportJob.objects.filter(pk=job.pk).update(status=ExportJobStatus.RUNNING, progress_at=quiet_since)
    state = organiser_client.get(
        reverse("exports:job_status", args=[tournament.slug, job.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).json()
    assert state["status"] == "failed"
    assert state["message"].startswith("The export stopped before its file was ready")
    assert _request(organiser, tournament).pk != job.pk


def test_a_job_making_progress_is_not_interrupted(organiser, tournament):
    job = _request(organiser, tournament)
    ExportJob.objects.filter(pk=job.pk).update(status=ExportJobStatus.RUNNING, progress_at=timezone.now())
    job.refresh_from_db()
    assert job.shown_status == ExportJobStatus.RUNNING
    assert _request(organiser, tournament).pk == job.pk


def test_old_jobs_and_their_files_are_cleaned_up_when_another_is_asked_for(organiser, tournament, settings):
    job = _request(organiser, tournament)
    make_waiting_exports()
    long_ago = timezone.now() - datetime.timedelta(hours=settings.EXPORT_KEEP_HOURS, minutes=1)
    ExportJob.objects.filter(pk=job.pk).update(created_at=long_ago)
    export_job_request(
        actor=organiser,
        request=ExportRequest(tournament=tournament),
        identifier="scoresheets-pdf",
        ui_language="en",
    )
    assert not ExportJob.objects.filter(pk=job.pk).exists()


def test_a_job_made_already_is_not_made_again(organiser, tournament):
    job = _request(organiser, tournament)
    assert make_export_file(job.pk) == ExportJobStatus.DONE
    first = ExportJob.objects.get(pk=job.pk).finished_at
    assert make_export_file(job.pk) == ExportJobStatus.DONE
    assert ExportJob.objects.get(pk=job.pk).finished_at == first
    assert make_export_file(10**9) == "gone"


def test_the_scoresheets_of_a_round_run_the_same_queries_at_ten_times_the_size(organiser):
    counts = []
    for players, slug in ((24, "small"), (240, "large")):
        tournament = build_tournament(BulkPlan(slug=slug, players=players, referees=2), organiser=organiser)
        exporter = get_exporter("scoresheets-pdf")(ExportRequest(tournament=tournament))
        with CaptureQueriesContext(connection) as captured:
            exporter.render()
        counts.append(len(captured))
    assert counts[0] == counts[1]


def test_asking_again_for_a_file_being_made_gives_the_same_job(organiser_client, tournament, finished_table):
    """A second tap, or thirty in a row, on one button queued one job each: the worker made the same file
    again and again, and other tournaments' files waited behind them (security review)."""
    first = ask(organiser_client, tournament, "results-xlsx")
    assert [ask(organiser_client, tournament, "results-xlsx").pk for _ in range(3)] == [first.pk] * 3
    other = ask(organiser_client, tournament, "results-xlsx", language="zh-hant", lang="zh-hant")
    assert other.pk != first.pk  # another file: the workbook in the other language
    assert make_waiting_exports() == 2
    assert ask(organiser_client, tournament, "results-xlsx").pk not in (first.pk, other.pk)  # made: a new one
    assert ExportJob.objects.count() == 3
