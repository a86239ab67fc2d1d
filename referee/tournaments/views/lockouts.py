"""The tournament's locked logins, and a button to let each try again at once."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _

from core.views import ActionPageView, OrganiserMixin
from referee.tournaments.selectors.lockouts import lockouts
from referee.tournaments.services.lockouts import lockout_lift


class LockoutsView(OrganiserMixin, ActionPageView):
    template_name = "referee/organiser/lockouts.html"
    section = "referees"
    actions = {"unlock": "unlock"}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["lockouts"] = lockouts(self.tournament)
        return context

    def unlock(self) -> HttpResponse:
        login_name = self.request.POST.get("login_name", "")[:150]
        address = self.request.POST.get("address", "")[:64]
        return self.run_action(
            lambda: lockout_lift(
                actor=self.request.user, tournament=self.tournament, login_name=login_name, address=address
            ),
            _("Unlocked: the next try is counted afresh."),
        )
