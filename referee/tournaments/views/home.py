"""The front door: everyone lands where their work is."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from referee import permissions
from referee.tournaments.forms.login import LoginForm
from referee.tournaments.selectors.tournaments import public_tournaments


def home(request: HttpRequest) -> HttpResponse:
    """An organiser lands on their tournaments, a referee on their tables, anyone else on the public list."""
    user = request.user
    if user.is_authenticated:
        if permissions.can_create_tournament(user) or user.organised_tournaments.exists():
            return redirect("organiser:tournaments")
        if user.refereed_tournaments.exists():
            return redirect("referee:my_tables")
    return render(request, "public/index.html", {"tournaments": public_tournaments()})


LOGGED_OUT = "logged-out"


class LoginView(auth_views.LoginView):
    template_name = "referee/login.html"
    authentication_form = LoginForm
    redirect_authenticated_user = True

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["forget_device"] = LOGGED_OUT in self.request.GET
        return context


class LogoutView(auth_views.LogoutView):
    """POST only (Django's rule): a link cannot log anyone out behind their back.

    Logging out also empties the phone of what the referee's console kept there (drafts, the queue of
    saves, the copies of pages): the browser clears it on the `Clear-Site-Data` header (Chromium, over
    HTTPS or on this machine), the logout button's script clears it before sending, and the login page
    that follows clears it once more (`static/js/forget.js`), so one of the three always runs."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"cache", "storage"'
        return response

    def get_success_url(self) -> str:
        return f"{reverse('login')}?{LOGGED_OUT}"
