"""The people file: download the template or the export, upload a file, read its preview, import it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from core.errors import ServiceError
from core.inputs import parse_number
from core.views import OrganiserMixin
from referee.imports.applying import (
    ImportRefused,
    people_import_preview,
    people_upload_import,
    people_upload_store,
)
from referee.imports.columns import COLUMNS, KIND_LABELS
from referee.imports.planning import ADD, UPDATE, ImportPlan
from referee.imports.reading import MAX_FILE_BYTES, check_size, too_large_message
from referee.imports.workbook import people_workbook, template_workbook
from referee.models import PeopleUpload

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
FORM_OVERHEAD = 64 * 1024  # the form's other fields and the multipart boundaries around the file


class PeopleFileForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("File (.xlsx or .csv)"),
        help_text=gettext_lazy("Up to 2 MB. Nothing is saved before you see the preview."),
    )


def _language(request: HttpRequest) -> str:
    asked = request.GET.get("language", "")
    return asked if asked in ("zh-hant", "en") else (get_language() or "zh-hant")


class ImportView(OrganiserMixin, TemplateView):
    template_name = "referee/organiser/import.html"
    section = "players"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.setdefault("form", PeopleFileForm())
        chinese = (get_language() or "").startswith("zh")
        context["columns"] = [
            (KIND_LABELS[kind], [(c.chinese if chinese else c.english, c.required) for c in columns])
            for kind, columns in COLUMNS.items()
        ]
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        declared = parse_number(request.META.get("CONTENT_LENGTH", ""), minimum=0) or 0
        if declared > MAX_FILE_BYTES + FORM_OVERHEAD:  # refused before the body is read at all
            context = self.get_context_data(upload_error=too_large_message())
            return self.render_to_response(context, status=413)
        form = PeopleFileForm(request.POST, request.FILES)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                check_size(upload.size)  # before reading it into memory
                stored = people_upload_store(
                    actor=request.user,
                    tournament=self.tournament,
                    filename=upload.name or "",
                    content=upload.read(MAX_FILE_BYTES + 1),
                )
            except ServiceError as error:
                if error.code == "forbidden":
                    raise PermissionDenied(str(error)) from None
                form.add_error("file", str(error.message))
            else:
                return HttpResponseRedirect(
                    reverse("organiser:import_preview", args=[self.tournament.slug, stored.pk])
                )
        return self.render_to_response(self.get_context_data(form=form))


class ImportPreviewView(OrganiserMixin, TemplateView):
    template_name = "referee/organiser/import_preview.html"
    section = "players"

    def load(self, **kwargs: Any) -> None:
        self.upload = get_object_or_404(
            PeopleUpload, pk=kwargs["pk"], tournament=self.tournament, uploaded_by=self.request.user
        )

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        plan = kwargs.get("plan")
        error = None
        if plan is None:
            try:
                plan = people_import_preview(
                    actor=self.request.user, tournament=self.tournament, content=bytes(self.upload.content)
                )
            except ServiceError as refused:
                error = str(refused.message)
        context.update(upload=self.upload, plan=plan, file_error=error)
        if plan is not None:
            _label_changed_fields(plan)
            context["groups"] = [
                (KIND_LABELS[kind], plan.of(kind, ADD), plan.of(kind, UPDATE), counts)
                for kind, counts in plan.summary().items()
            ]
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            plan = people_upload_import(actor=request.user, upload=self.upload)
        except ImportRefused as refused:
            messages.error(request, str(refused.message))
            return self.render_to_response(self.get_context_data(plan=refused.plan))
        except ServiceError as error:
            if error.code == "forbidden":
                raise PermissionDenied(str(error)) from None
            messages.error(request, str(error.message))
            return HttpResponseRedirect(request.path)
        messages.success(request, _import_done(plan))
        return HttpResponseRedirect(reverse("organiser:checkin", args=[self.tournament.slug]))


def _label_changed_fields(plan: ImportPlan) -> None:
    """Each update names its changed columns by their headers, in the page's language."""
    chinese = (get_language() or "").startswith("zh")
    for change in plan.changes:
        headers = {c.field: (c.chinese if chinese else c.english) for c in COLUMNS[change.kind]}
        change.fields_text = ", ".join(headers.get(name, name) for name in change.changed_fields)


def _import_done(plan: ImportPlan) -> str:
    if not plan.has_changes:
        return _("Nothing to change: everyone in the file is already registered as it says.")
    return _("Imported: %(added)d added, %(updated)d updated.") % {
        "added": plan.count(ADD),
        "updated": plan.count(UPDATE),
    }


class TemplateDownloadView(OrganiserMixin, TemplateView):
    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        language = _language(request)
        response = HttpResponse(template_workbook(language), content_type=XLSX)
        response["Content-Disposition"] = f'attachment; filename="tableref-people-template-{language}.xlsx"'
        return response


class PeopleExportView(OrganiserMixin, TemplateView):
    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        language = _language(request)
        response = HttpResponse(people_workbook(self.tournament, language), content_type=XLSX)
        response["Content-Disposition"] = f'attachment; filename="{self.tournament.slug}-people.xlsx"'
        return response
