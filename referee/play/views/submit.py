"""Where the table page's script sends what the referee saved: a game or an incident, answered in JSON.

The script keeps each submission on the phone until this view has answered it (`static/js/table-queue.js`),
so it may send the same one twice (the answer was lost on the way back); the submission key makes the second
send return what the first one stored. Every answer says plainly what became of it:

- `saved`: stored (or stored already); the script forgets it.
- `refused`: the rules or the form refuse it; `errors` by field, and the values to show again.
- `conflict`: another device saved this game first; `values` hold the entry aimed at the saved version and
  `conflict_html` lists what each device changed, so the referee chooses.
- `signed-out`: the session ended; the script keeps the submission until the referee logs in again.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views import View

from referee import permissions
from referee.models import Table
from referee.play.views.saving import game_save, incident_save


def _errors(form: Any) -> dict[str, list[str]]:
    return {
        field or "__all__": [str(message) for message in messages] for field, messages in form.errors.items()
    }


def _first_error(errors: dict[str, list[str]]) -> str:
    for messages_ in errors.values():
        if messages_:
            return messages_[0]
    return ""


def _refused(message: str, status: int, state: str = "refused") -> JsonResponse:
    return JsonResponse({"state": state, "message": message}, status=status)


class TableSubmitView(View):
    """POST only; the same actions as the table page's forms (`save-game`, `record-incident`)."""

    http_method_names = ["post"]

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return _refused(
                _("You are logged out. Log in again: what you saved waits on this phone."), 401, "signed-out"
            )
        table = get_object_or_404(Table.objects.select_related("round__tournament"), pk=kwargs["pk"])
        if not permissions.can_enter_results(request.user, table):
            return _refused(_("This table is not assigned to you."), 403)
        action = request.POST.get("action", "")
        try:
            if action == "save-game":
                return self._game(request, table)
            if action == "record-incident":
                return self._incident(request, table)
        except PermissionDenied as denied:
            return _refused(str(denied) or _("This table is not assigned to you."), 403)
        return _refused(_("This action is not known. Reload the page and try again."), 400)

    def _game(self, request: HttpRequest, table: Table) -> HttpResponse:
        saved = game_save(request, table)
        if saved.game is not None:
            if request.POST.get("reload"):
                messages.success(request, saved.done)  # shown by the page the script loads next
            return JsonResponse(
                {
                    "state": "saved",
                    "message": saved.done,
                    "game": saved.game.number,
                    "version": saved.game.version,
                }
            )
        errors = _errors(saved.form)
        answer: dict[str, Any] = {"state": "refused", "errors": errors, "message": _first_error(errors)}
        if saved.conflict is not None:
            answer["state"] = "conflict"
            answer["values"] = {name: saved.form[name].value() for name in saved.form.fields}
            answer["conflict_html"] = render_to_string(
                "referee/_conflict.html", {"conflict": saved.conflict}, request=request
            )
        return JsonResponse(answer)

    def _incident(self, request: HttpRequest, table: Table) -> HttpResponse:
        saved = incident_save(request, table)
        if saved.incident is not None:
            if request.POST.get("reload"):
                messages.success(request, _("Incident recorded."))
            return JsonResponse({"state": "saved", "message": _("Incident recorded.")})
        errors = _errors(saved.form)
        return JsonResponse({"state": "refused", "errors": errors, "message": _first_error(errors)})
