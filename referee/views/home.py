"""The front door: everyone lands where their work is."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from referee import permissions
from referee.forms import LoginForm
from referee.selectors import public_tournaments


def home(request: HttpRequest) -> HttpResponse:
    """An organiser lands on their tournaments, a referee on their tables, anyone else on the public list."""
    user = request.user
    if user.is_authenticated:
        if permissions.can_create_tournament(user) or user.organised_tournaments.exists():
            return redirect("organiser:tournaments")
        if user.refereed_tournaments.exists():
            return redirect("referee:my_tables")
    return render(request, "public/index.html", {"tournaments": public_tournaments()})


class LoginView(auth_views.LoginView):
    template_name = "referee/login.html"
    authentication_form = LoginForm
    redirect_authenticated_user = True


class LogoutView(auth_views.LogoutView):
    """POST only (Django's rule): a link cannot log anyone out behind their back."""
