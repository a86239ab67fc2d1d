"""The people file: download the template or the export, upload a file (read once, there), read its preview
and choose what its columns mean, import it."""

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
from referee.models import PeopleUpload, School
from referee.people.imports.applying import (
    ImportRefused,
    people_upload_choose_columns,
    people_upload_import,
    people_upload_plan,
    people_upload_store,
)
from referee.people.imports.columns import (
    FIELDS,
    KIND_LABELS,
    PEOPLE,
    REFEREES,
    TEMPLATE_COLUMNS,
    field_label,
    template_header,
)
from referee.people.imports.layout import BY_TEXT, CHOSEN, DUPLICATE, UNKNOWN, Sheet, language_name
from referee.people.imports.planning import ADD, UPDATE, ImportPlan
from referee.people.imports.reading import MAX_FILE_BYTES, check_size, too_large_message
from referee.people.imports.workbook import people_workbook, template_workbook

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
        language = get_language() or "zh-hant"
        context["columns"] = [
            (KIND_LABELS[kind], [template_header(key, language) for key in keys])
            for kind, keys in TEMPLATE_COLUMNS.items()
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
    """What a kept file would change, planned from what was read at its upload; the organiser may choose what
    each column means (posted as `column-<sheet>-<position>`), then import."""

    template_name = "referee/organiser/import_preview.html"
    section = "players"
    shown_per_group = 100  # changes listed per kind and action; the counts say the rest

    def load(self, **kwargs: Any) -> None:
        self.upload = get_object_or_404(
            PeopleUpload, pk=kwargs["pk"], tournament=self.tournament, uploaded_by=self.request.user
        )

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        plan = kwargs.get("plan") or people_upload_plan(actor=self.request.user, upload=self.upload)
        _label_changed_fields(plan)
        context.update(upload=self.upload, plan=plan)
        context["sheets"] = [_sheet_context(sheet) for sheet in plan.sheets if sheet.columns]
        context["without_consent"] = _schools_without_consent(self.tournament, plan)
        context["groups"] = [
            (
                KIND_LABELS[kind],
                plan.of(kind, ADD)[: self.shown_per_group],
                plan.of(kind, UPDATE)[: self.shown_per_group],
                counts,
                max(0, counts["add"] - self.shown_per_group)
                + max(0, counts["update"] - self.shown_per_group),
            )
            for kind, counts in plan.summary().items()
        ]
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.POST.get("action") == "columns":
            people_upload_choose_columns(
                actor=request.user, upload=self.upload, chosen=_posted_columns(request)
            )
            messages.success(request, _("The file was read again with the columns as you chose them."))
            return HttpResponseRedirect(request.path)
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


def _schools_without_consent(tournament: Any, plan: ImportPlan) -> list[str]:
    """The codes of the file's schools whose agreement is not recorded (a new school's never is)."""
    codes = {change.values.get("code") for change in plan.changes if change.kind == "schools"}
    codes |= {change.values.get("school") for change in plan.changes if change.kind == "players"}
    agreed = set(
        School.objects.filter(tournament=tournament, consent__given=True).values_list("code", flat=True)
    )
    return sorted(code for code in codes if isinstance(code, str) and code and code not in agreed)


def _posted_columns(request: HttpRequest) -> dict[str, dict[str, str]]:
    chosen: dict[str, dict[str, str]] = {}
    for name, value in request.POST.items():
        parts = name.split("-")
        if len(parts) == 3 and parts[0] == "column" and parts[1].isdigit() and parts[2].isdigit():
            chosen.setdefault(parts[1], {})[parts[2]] = value
    return chosen


def _sheet_context(sheet: Sheet) -> dict[str, Any]:
    """A sheet's columns for the page: each with its header, an example, the meanings it may take and a note
    on how it was read."""
    options = [("", str(field_label("")))] + [
        (field.key, str(field.label))
        for field in FIELDS
        if field.sheet == (REFEREES if sheet.kind == REFEREES else PEOPLE)
    ]
    return {
        "sheet": sheet,
        "options": options,
        "columns": [{"column": column, "note": _column_note(column)} for column in sheet.columns],
    }


def _column_note(column: Any) -> str:
    if column.how == DUPLICATE:
        return _(
            "Also reads as the field of column %(letter)s, which keeps it: choose what this column holds."
        ) % {"letter": column.same_as}
    if column.how == BY_TEXT:
        return _("Read as %(language)s by its text.") % {"language": language_name(column.language)}
    if column.how == CHOSEN:
        return _("As you chose.")
    if column.how == UNKNOWN and column.header:
        return _("Not a column of people: not imported.")
    return ""


_SCHOOL_FIELD_KEYS = {"code": "school", "name_zh": "school_zh", "name_en": "school_en"}


def _label_changed_fields(plan: ImportPlan) -> None:
    """Each update names its changed columns in the page's language."""
    for change in plan.changes:
        keys = [
            _SCHOOL_FIELD_KEYS.get(name, name) if change.kind == "schools" else name
            for name in change.changed_fields
        ]
        change.fields_text = ", ".join(field_label(key) for key in keys)


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
