"""Shared view machinery for both apps: a page of small forms that each call one service, a tournament loaded
once per request for its organisers, and service errors shown on the form."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.db.models import Model, QuerySet
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.generic import TemplateView
from django.views.generic.base import ContextMixin

from core.errors import ServiceError
from core.inputs import parse_number
from core.models import tournament_model
from core.permissions import is_organiser

AnyModel = TypeVar("AnyModel", bound=Model)

if TYPE_CHECKING:
    # The organiser pages combine the mixin with a view that has a context (TemplateView, FormView).
    _PageView = ContextMixin
else:
    _PageView = object


def show_error_on_form(form: Form, error: ServiceError) -> None:
    """A refused write appears next to its field (or above the form); a forbidden one is a 403."""
    if error.code == "forbidden":
        raise PermissionDenied(str(error))
    field = error.field if error.field in form.fields else None
    form.add_error(field, str(error.message))


def posted_object(request: HttpRequest, name: str, queryset: QuerySet[AnyModel]) -> AnyModel:
    """The object a button names by primary key; a forged or stale key is a 404, never a 500."""
    key = parse_number(request.POST.get(name))
    if key is None:
        raise Http404
    return get_object_or_404(queryset, pk=key)


class ActionPageView(TemplateView):
    """A page with several small forms; each POST names its `action`, and each action calls one service.

    A valid action redirects back (so a reload never repeats it); an invalid one shows the page again
    with the bound form and its errors, and nothing saved.
    """

    actions: dict[str, str] = {}

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        method_name = self.actions.get(request.POST.get("action", ""))
        if method_name is None:
            messages.error(request, _("This action is not known. Reload the page and try again."))
            return HttpResponseRedirect(request.path)
        action: Callable[[], HttpResponse] = getattr(self, method_name)
        return action()

    def success_url(self) -> str:
        return self.request.path

    def run_form(
        self,
        form_name: str,
        form: Form,
        perform: Callable[[dict[str, Any]], Any],
        done: str | Callable[[Any], str],
    ) -> HttpResponse:
        """`done` is the message after success, or a function of what `perform` returned that words it."""
        if form.is_valid():
            try:
                result = perform(form.cleaned_data)
            except ServiceError as error:
                show_error_on_form(form, error)
            else:
                messages.success(self.request, done(result) if callable(done) else done)
                return HttpResponseRedirect(self.success_url())
        return self.render_to_response(self.get_context_data(**{form_name: form}))

    def run_action(
        self, perform: Callable[[], Any], done: str, redirect_to: str | None = None
    ) -> HttpResponse:
        """A button without fields: its refusal is shown as a message at the top of the page."""
        try:
            perform()
        except ServiceError as error:
            if error.code == "forbidden":
                raise PermissionDenied(str(error)) from None
            messages.error(self.request, str(error.message))
            return HttpResponseRedirect(self.success_url())
        messages.success(self.request, done)
        return HttpResponseRedirect(redirect_to or self.success_url())


class OrganiserMixin(LoginRequiredMixin, _PageView):
    """Loads `self.tournament` from the address; only its organisers get past."""

    tournament: Any  # a referee.models.Tournament
    section = ""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.tournament = get_object_or_404(tournament_model(), slug=kwargs["slug"])
        if not is_organiser(request.user, self.tournament):
            raise PermissionDenied(_("Only this tournament's organisers can open this page."))
        self.load(**kwargs)
        return super().dispatch(request, *args, **kwargs)

    def load(self, **kwargs: Any) -> None:
        """Load the page's other objects, once the visitor is known to be an organiser."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["tournament"] = self.tournament
        context["section"] = self.section
        return context
