"""The tournament's referees: create accounts on the spot, add existing ones, remove them."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.views import ActionPageView, OrganiserMixin, posted_object
from referee.tournaments.forms.referees import RefereeAccountForm, RefereeAddForm
from referee.tournaments.selectors.accounts import referee_table_numbers
from referee.tournaments.services.accounts import referee_password_reset
from referee.tournaments.services.referees import referee_account_create, referee_add, referee_remove
from referee.wording.sentences import natural_key


class RefereesView(OrganiserMixin, ActionPageView):
    template_name = "referee/organiser/referees.html"
    section = "referees"
    actions = {
        "create": "create_account",
        "add": "add_existing",
        "remove": "remove_referee",
        "reset-password": "reset_password",
    }

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.setdefault("account_form", RefereeAccountForm(tournament_slug=self.tournament.slug))
        context.setdefault("add_form", RefereeAddForm())
        tables = referee_table_numbers(self.tournament)
        referees = list(self.tournament.referees.all())
        for person in referees:
            person.table_numbers = tables.get(person.pk, [])
        # 評審員2號 before 評審員10號: names are read as people number them, not as text.
        referees.sort(key=lambda person: (natural_key(person.get_full_name()), natural_key(person.username)))
        context["referees"] = referees
        return context

    def create_account(self) -> HttpResponse:
        def perform(values: dict) -> Any:
            return referee_account_create(actor=self.request.user, tournament=self.tournament, **values)

        def done(user: Any) -> str:
            return _("Referee account created. %(name)s logs in as %(login)s.") % {
                "name": user.first_name,
                "login": user.username,
            }

        form = RefereeAccountForm(self.request.POST, tournament_slug=self.tournament.slug)
        return self.run_form("account_form", form, perform, done)

    def add_existing(self) -> HttpResponse:
        def perform(values: dict) -> None:
            referee_add(actor=self.request.user, tournament=self.tournament, **values)

        return self.run_form("add_form", RefereeAddForm(self.request.POST), perform, _("Referee added."))

    def remove_referee(self) -> HttpResponse:
        user = posted_object(
            self.request, "user", get_user_model().objects.filter(refereed_tournaments=self.tournament)
        )
        return self.run_action(
            lambda: referee_remove(actor=self.request.user, tournament=self.tournament, referee=user),
            _("Referee removed."),
        )

    def reset_password(self) -> HttpResponse:
        """The new one-time password is shown on this answer only: not kept in the session or the messages
        (both are stored), not in the audit log, and the answer is never cached."""
        user = posted_object(
            self.request, "user", get_user_model().objects.filter(refereed_tournaments=self.tournament)
        )
        try:
            password = referee_password_reset(
                actor=self.request.user, tournament=self.tournament, referee=user
            )
        except ServiceError as error:
            if error.code == "forbidden":
                raise PermissionDenied(str(error)) from None
            messages.error(self.request, str(error.message))
            return HttpResponseRedirect(self.success_url())
        response = self.render_to_response(
            self.get_context_data(new_password={"user": user, "password": password})
        )
        response["Cache-Control"] = "no-store"
        return response
