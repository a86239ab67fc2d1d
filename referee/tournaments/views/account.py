"""A person's own account: changing their password (Django's view, the site's page and words).

The old password is checked as a login is, so guessing it counts towards the login's lockout
(`referee/tournaments/forms/account.py`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import SetPasswordForm
from django.forms import Form
from django.http import HttpResponse
from django.urls import reverse_lazy
from django.utils.translation import gettext as _

from core.accounts import SESSION_FLAG, password_chosen
from referee.tournaments.forms.account import ThrottledPasswordChangeForm


class PasswordChangeView(auth_views.PasswordChangeView):
    """With a one-time password (an organiser's reset, a login card) the person has just typed it to log in,
    so they only choose the new one; otherwise they confirm the old one first, as Django asks, and a wrong one
    counts as a wrong login."""

    template_name = "account/password_change.html"
    success_url = reverse_lazy("home")

    @property
    def one_time(self) -> bool:
        return bool(self.request.session.get(SESSION_FLAG))

    def get_form_class(self) -> type[Form]:
        return SetPasswordForm if self.one_time else ThrottledPasswordChangeForm

    def get_form_kwargs(self) -> dict[str, Any]:
        """The old password's check needs the request: axes counts failures by login name and address."""
        kwargs = super().get_form_kwargs()
        if not self.one_time:
            kwargs["request"] = self.request
        return kwargs

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["one_time"] = self.one_time
        return context

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)  # saves, and keeps this session logged in
        password_chosen(self.request, form.user)
        messages.success(self.request, _("Your new password is saved. Use it from now on."))
        return response
