"""The tournament's referees: create accounts on the spot, add existing ones, remove them."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Q
from django.http import HttpResponse
from django.utils.translation import gettext as _

from core.views import ActionPageView, OrganiserMixin, posted_object
from referee import services
from referee.forms import RefereeAccountForm, RefereeAddForm


class RefereesView(OrganiserMixin, ActionPageView):
    template_name = "referee/organiser/referees.html"
    section = "referees"
    actions = {"create": "create_account", "add": "add_existing", "remove": "remove_referee"}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context.setdefault("account_form", RefereeAccountForm())
        context.setdefault("add_form", RefereeAddForm())
        context["referees"] = self.tournament.referees.annotate(
            table_count=Count("refereed_tables", filter=Q(refereed_tables__round__tournament=self.tournament))
        ).order_by("first_name", "username")
        return context

    def create_account(self) -> HttpResponse:
        def perform(values: dict) -> None:
            services.referee_account_create(actor=self.request.user, tournament=self.tournament, **values)

        form = RefereeAccountForm(self.request.POST)
        return self.run_form("account_form", form, perform, _("Referee account created."))

    def add_existing(self) -> HttpResponse:
        def perform(values: dict) -> None:
            services.referee_add(actor=self.request.user, tournament=self.tournament, **values)

        return self.run_form("add_form", RefereeAddForm(self.request.POST), perform, _("Referee added."))

    def remove_referee(self) -> HttpResponse:
        user = posted_object(
            self.request, "user", get_user_model().objects.filter(refereed_tournaments=self.tournament)
        )
        return self.run_action(
            lambda: services.referee_remove(
                actor=self.request.user, tournament=self.tournament, referee=user
            ),
            _("Referee removed."),
        )
