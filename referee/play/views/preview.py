"""The live preview behind the table page's script: the engine's scores (or a table's arrangement) as the
referee types, returned as a small piece of HTML plus the errors by field. It never saves anything."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views import View

from core.errors import ServiceError
from referee import permissions
from referee.models import Table
from referee.play.selectors.sheets import sheet_seats, table_sheet
from referee.play.views.saving import add_service_error, incident_form, posted_entry_form, preview_of
from referee.results.previews import restore_preview
from referee.results.table_rules import table_ruleset


def _errors(form: Any) -> dict[str, list[str]]:
    return {
        field or "__all__": [str(message) for message in messages] for field, messages in form.errors.items()
    }


class TablePreviewView(LoginRequiredMixin, View):
    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        table = get_object_or_404(Table.objects.select_related("round__tournament"), pk=kwargs["pk"])
        if not permissions.can_enter_results(request.user, table):
            raise PermissionDenied(_("This table is not assigned to you."))
        if request.POST.get("action") == "preview-restore":
            return self._restore(request, table, table_sheet(table))
        # Sent at each pause in the referee's typing: the game's form needs only who sits where.
        form = posted_entry_form(table, sheet_seats(table), request.POST)
        preview = preview_of(table, form)
        html = render_to_string("referee/_preview.html", {"preview": preview}, request=request)
        return JsonResponse({"html": html, "errors": _errors(form)})

    def _restore(self, request: HttpRequest, table: Table, sheet: Any) -> HttpResponse:
        form = incident_form(table, sheet, request.POST)
        restored = None
        if form.is_valid():
            try:
                restored = restore_preview(
                    table_ruleset(table.round.tournament, len(sheet.seats)),
                    form.cleaned_data["kind"],
                    form.cleaned_data.get("table_tiles") or "",
                )
            except ServiceError as error:
                add_service_error(form, error, error.field)
        html = render_to_string("referee/_restore.html", {"restored": restored}, request=request)
        return JsonResponse({"html": html, "errors": _errors(form)})
