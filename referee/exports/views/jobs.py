"""A file being made in the background: its page (progress, then the download), its status for the page's
script, and the download itself. Only the tournament's organisers see its jobs."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.http import content_disposition_header
from django.views import View
from django.views.generic import TemplateView

from core.views import OrganiserMixin
from referee.exports.selectors.exports import export_job, exporter_name
from referee.models import ExportJob, ExportJobStatus
from referee.wording.exports import export_job_message


class _JobMixin(OrganiserMixin):
    job: ExportJob

    def load(self, **kwargs: Any) -> None:
        found = export_job(self.tournament, kwargs["pk"])
        if found is None:
            raise Http404
        self.job = found

    def download_url(self) -> str:
        if self.job.status != ExportJobStatus.DONE:
            return ""
        return reverse("exports:job_download", args=[self.tournament.slug, self.job.pk])


class ExportJobView(_JobMixin, TemplateView):
    """Progress while the worker makes the file (a script asks for it; without one, a link reloads)."""

    template_name = "referee/exports/job.html"
    section = "exports"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.update(
            job=self.job,
            name=exporter_name(self.job.identifier),
            message=export_job_message(self.job),
            download_url=self.download_url(),
            status_url=reverse("exports:job_status", args=[self.tournament.slug, self.job.pk]),
            finished=self.job.shown_status in (ExportJobStatus.DONE, ExportJobStatus.FAILED),
        )
        return context


class ExportJobStatusView(_JobMixin, View):
    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = JsonResponse(
            {
                "status": self.job.shown_status,
                "percent": self.job.percent,
                "message": export_job_message(self.job),
                "download": self.download_url(),
            }
        )
        add_never_cache_headers(response)
        return response


class ExportJobDownloadView(_JobMixin, View):
    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if self.job.status != ExportJobStatus.DONE:
            raise Http404
        content = ExportJob.objects.filter(pk=self.job.pk).values_list("content", flat=True).get()
        response = HttpResponse(bytes(content), content_type=self.job.mimetype)
        response["Content-Disposition"] = content_disposition_header(True, self.job.filename)
        return response
