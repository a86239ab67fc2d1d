"""Printing the referees' login cards. Printing gives a fresh one-time password to every referee who has not
yet chosen their own, so it is a POST behind a page that says so, and the PDF is its answer (never cached,
never stored: the passwords exist nowhere else)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.text import slugify
from django.views.generic import TemplateView

from core.errors import ServiceError
from core.views import OrganiserMixin
from referee.exports.exporters.login_cards import LoginCard, login_cards_pdf
from referee.tournaments.selectors.accounts import by_table_then_name, card_rows, referee_table_numbers
from referee.tournaments.services.accounts import referee_cards_passwords_reset


def site_address(request: HttpRequest) -> str:
    """The address referees type: the hall's (`make hall` sets HALL_URL), else this page's own."""
    return settings.HALL_URL or request.build_absolute_uri("/")


class RefereeCardsView(OrganiserMixin, TemplateView):
    template_name = "referee/organiser/referee_cards.html"
    section = "referees"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        rows = card_rows(self.tournament)
        context["rows"] = rows
        context["awaiting_count"] = sum(1 for row in rows if row.awaiting_own_password)
        context["address"] = site_address(self.request)
        return context

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            logins = referee_cards_passwords_reset(actor=request.user, tournament=self.tournament)
        except ServiceError as error:
            raise PermissionDenied(str(error)) from None
        tables = referee_table_numbers(self.tournament)
        logins.sort(key=lambda login: by_table_then_name(login.referee, tables))  # handed out table by table
        cards = [
            LoginCard(
                name=login.referee.get_full_name() or login.referee.get_username(),
                username=login.referee.get_username(),
                password=login.password,
                tables=tables.get(login.referee.pk, []),
                resettable=login.resettable,
            )
            for login in logins
        ]
        address = site_address(request)
        pdf = login_cards_pdf(
            cards,
            tournament_name=self.tournament.name,
            address=address,
            login_url=address.rstrip("/") + reverse("login"),
        )
        response = HttpResponse(pdf, content_type="application/pdf")
        filename = f"{slugify(self.tournament.slug) or 'tournament'}-referee-cards.pdf"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        response["Cache-Control"] = "no-store"
        return response
