"""Downloads: the organiser's export page, and a table's scoresheet for its referee (blank or completed)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import translation
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from core.inputs import parse_number, parse_text
from core.views import OrganiserMixin
from referee import permissions
from referee.exports.exporters import Exporter, ExportError, ExportRequest, all_exporters, get_exporter
from referee.exports.exporters.base import LANGUAGES, ROUND, SCHOOL
from referee.exports.exporters.links import entry_path
from referee.exports.selectors.exports import exporter_name, recent_export_jobs
from referee.exports.services.exports import export_job_request
from referee.models import Round, School, Table
from referee.models.tournament import Language
from referee.wording.audiences import exporter_audience
from referee.wording.exports import export_job_message


def file_response(exporter: Exporter) -> HttpResponse:
    _filename, mimetype, content = exporter.render()
    response = HttpResponse(content, content_type=mimetype)
    response["Content-Disposition"] = content_disposition_header(True, exporter.download_name())
    return response


def entry_url_builder(request: HttpRequest):
    """Absolute addresses for the QR codes, on whatever host the organiser is using."""
    return lambda table: request.build_absolute_uri(entry_path(table))


def chosen_language(data: QueryDict) -> str | None:
    language = data.get("lang") or None
    return language if language in LANGUAGES else None


class ExportPageView(OrganiserMixin, TemplateView):
    """Every exporter, with the choices it takes (round, school, language) and a download button."""

    template_name = "referee/exports/page.html"
    section = "exports"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["exporters"] = [
            {
                "identifier": exporter.identifier,
                "name": exporter.verbose_name,
                "description": exporter.description,
                "extension": exporter.extension,
                "by_round": ROUND in exporter.accepts,
                "needs_round": ROUND in exporter.requires,
                "by_school": SCHOOL in exporter.accepts,
                "needs_school": SCHOOL in exporter.requires,
                "provisional": exporter.offers_provisional,
                "background": exporter.background,
                "audience": exporter.audience,
                "audience_text": exporter_audience(exporter.audience),
            }
            for exporter in all_exporters()
        ]
        context["rounds"] = self.tournament.rounds.order_by("order")
        context["schools"] = self.tournament.schools.order_by("code")
        context["languages"] = Language.choices
        context["jobs"] = [
            {"job": job, "name": exporter_name(job.identifier), "message": export_job_message(job)}
            for job in recent_export_jobs(self.tournament)
        ]
        return context


class ExportDownloadView(OrganiserMixin, View):
    """One export of the organiser's tournament; a bad choice goes back to the page with a message.

    A small file is made at once (GET). A long one (`background`) is asked for with POST and made by the
    export worker: the organiser lands on the job's page, which shows its progress and then its download."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            exporter_class = get_exporter(kwargs["identifier"])
            if exporter_class.background:
                return HttpResponseRedirect(self._page_url())
            return file_response(exporter_class(self._export_request()))
        except ExportError as error:
            messages.error(request, str(error))
            return HttpResponseRedirect(self._page_url())

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            exporter_class = get_exporter(kwargs["identifier"])
            export_request = self._export_request()
            exporter_class(export_request)  # its checks of the choices, before anything is queued
            job = export_job_request(
                actor=request.user,
                request=export_request,
                identifier=exporter_class.identifier,
                ui_language=translation.get_language() or settings.LANGUAGE_CODE,
                entry_base=request.build_absolute_uri("/"),
            )
        except ExportError as error:
            messages.error(request, str(error))
            return HttpResponseRedirect(self._page_url())
        return HttpResponseRedirect(reverse("exports:job", args=[self.tournament.slug, job.pk]))

    def _page_url(self) -> str:
        return reverse("exports:page", args=[self.tournament.slug])

    def _export_request(self) -> ExportRequest:
        data = self.request.POST if self.request.method == "POST" else self.request.GET
        return ExportRequest(
            tournament=self.tournament,
            round_=self._round(data.get("round", "")),
            school=self._school(data.get("school", "")),
            language=chosen_language(data),
            include_unsigned=data.get("include") == "unsigned",
            for_posting=data.get("for") == "posting",
            entry_url=entry_url_builder(self.request),
            site_url=self.request.build_absolute_uri("/").rstrip("/"),
        )

    def _round(self, raw: str) -> Round | None:
        if not raw:
            return None
        key = parse_number(raw)
        found = Round.objects.filter(tournament=self.tournament, pk=key).first() if key else None
        if found is None:
            raise ExportError(_("This round is not part of the tournament."), field="round", code="bad-round")
        return found

    def _school(self, raw: str) -> School | None:
        if not raw.strip():
            return None
        code = parse_text(raw, max_length=School._meta.get_field("code").max_length)
        found = School.objects.filter(tournament=self.tournament, code=code.upper()).first() if code else None
        if found is None:
            raise ExportError(
                _("This school is not part of the tournament."), field="school", code="bad-school"
            )
        return found


class TableScoresheetView(LoginRequiredMixin, View):
    """A table's own scoresheet, for its referee or an organiser: completed, or blank with its QR code."""

    blank = False

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        table = get_object_or_404(
            Table.objects.select_related("round__tournament", "referee"), pk=kwargs["pk"]
        )
        if not permissions.can_view_table(request.user, table):
            raise PermissionDenied(_("This table is not assigned to you."))
        identifier = "blank-scoresheets-pdf" if self.blank else "scoresheets-pdf"
        export_request = ExportRequest(
            tournament=table.round.tournament,
            table=table,
            language=chosen_language(request.GET),
            entry_url=entry_url_builder(request),
        )
        return file_response(get_exporter(identifier)(export_request))
