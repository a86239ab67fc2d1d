"""Children's data, for the organiser: how long it is kept, the privacy notice, each school's consent, the
requests of a child's parents or school (everything held, erasure), the schools' records, forgetting now."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import FormView, TemplateView

from core.errors import ServiceError
from core.inputs import parse_number, parse_text
from core.views import ActionPageView, OrganiserMixin, show_error_on_form
from referee.models import DataRemoval, PeopleUpload, Player, School, SchoolConsent
from referee.privacy.access import FORMATS, LANGUAGES, access_export
from referee.privacy.backups import backups_holding
from referee.privacy.consent import school_consent_record
from referee.privacy.forgetting import player_erase, tournament_forget
from referee.privacy.forms import ConsentForm, EraseForm, FindChildForm, ForgetForm, NoticeForm, RetentionForm
from referee.privacy.notice import editable_notice, privacy_notice_set
from referee.privacy.retention import retention_of, settings_of
from referee.privacy.retention_setting import retention_set


def access_links(tournament_slug: str, **scope: Any) -> list[dict[str, str]]:
    """The four files of an access request: a workbook and JSON, each in Chinese and in English."""
    base = reverse("organiser:privacy_access", args=[tournament_slug])
    return [
        {
            "format": file_format,
            "language": language,
            "url": f"{base}?{urlencode({**scope, 'format': file_format, 'language': language})}",
        }
        for file_format in FORMATS
        for language in LANGUAGES
    ]


class PrivacyView(OrganiserMixin, ActionPageView):
    template_name = "referee/organiser/privacy.html"
    section = "privacy"
    actions = {"retention": "set_retention", "notice": "set_notice"}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament = self.tournament
        retention = retention_of(tournament)
        kept = settings_of(tournament)
        context["retention"] = retention
        context.setdefault(
            "retention_form",
            RetentionForm(initial={"retention_days": retention.days, "retention_reason": retention.reason}),
        )
        context.setdefault(
            "notice_form",
            NoticeForm(
                initial={
                    "notice_zh": editable_notice(tournament, "zh-hant"),
                    "notice_en": editable_notice(tournament, "en"),
                    "contact": kept.contact,
                }
            ),
        )
        schools = list(School.objects.filter(tournament=tournament).order_by("code"))
        consents = {
            consent.school_id: consent for consent in SchoolConsent.objects.filter(school__in=schools)
        }
        removals: dict[int, int] = {}
        for removal in DataRemoval.objects.filter(tournament=tournament).values_list("school_id", flat=True):
            removals[removal] = removals.get(removal, 0) + 1
        context["schools"] = [
            {
                "school": school,
                "consent": consents.get(school.pk),
                "access": access_links(tournament.slug, school=school.code),
                "removals": removals.get(school.pk, 0),
            }
            for school in schools
        ]
        context["find_form"] = FindChildForm()
        context["held"] = Player.objects.filter(tournament=tournament, forgotten_at__isnull=True).count()
        return context

    def set_retention(self) -> HttpResponse:
        form = RetentionForm(self.request.POST)
        return self.run_form(
            "retention_form",
            form,
            lambda values: retention_set(
                actor=self.request.user,
                tournament=self.tournament,
                days=values["retention_days"],
                reason=values["retention_reason"],
            ),
            lambda retention: _("Kept until %(date)s.") % {"date": retention.kept_until.isoformat()},
        )

    def set_notice(self) -> HttpResponse:
        form = NoticeForm(self.request.POST)
        return self.run_form(
            "notice_form",
            form,
            lambda values: privacy_notice_set(actor=self.request.user, tournament=self.tournament, **values),
            _("Privacy notice saved."),
        )


class SchoolConsentView(OrganiserMixin, FormView):
    template_name = "referee/organiser/school_consent.html"
    form_class = ConsentForm
    section = "privacy"

    def load(self, **kwargs: Any) -> None:
        self.school = get_object_or_404(School, pk=kwargs["pk"], tournament=self.tournament)

    def get_initial(self) -> dict[str, Any]:
        consent = SchoolConsent.objects.filter(school=self.school).first()
        if consent is None:
            return {}
        return {"given": consent.given, "given_on": consent.given_on, "note": consent.note}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["school"] = self.school
        return context

    def form_valid(self, form: ConsentForm) -> HttpResponse:
        try:
            school_consent_record(actor=self.request.user, school=self.school, **form.cleaned_data)
        except ServiceError as error:
            show_error_on_form(form, error)
            return self.form_invalid(form)
        messages.success(self.request, _("The school's consent is recorded."))
        return HttpResponseRedirect(reverse("organiser:privacy", args=[self.tournament.slug]))


class FindChildView(OrganiserMixin, TemplateView):
    """A request names a child by their player number (on their card): go to that child's page."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        number = parse_number(request.GET.get("number"), minimum=1)
        player = Player.objects.filter(tournament=self.tournament, number=number).first() if number else None
        if player is None:
            messages.error(request, _("No player has this number."))
            return HttpResponseRedirect(reverse("organiser:privacy", args=[self.tournament.slug]))
        return HttpResponseRedirect(
            reverse("organiser:privacy_child", args=[self.tournament.slug, player.pk])
        )


class ChildView(OrganiserMixin, FormView):
    """One child, for a request: what is held, the files of everything held, and erasure."""

    template_name = "referee/organiser/privacy_child.html"
    form_class = EraseForm
    section = "privacy"

    def load(self, **kwargs: Any) -> None:
        self.player = get_object_or_404(
            Player.objects.select_related("school"), pk=kwargs["pk"], tournament=self.tournament
        )

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["player"] = self.player
        context["access"] = access_links(self.tournament.slug, player=self.player.number)
        return context

    def form_valid(self, form: EraseForm) -> HttpResponse:
        try:
            player_erase(actor=self.request.user, player=self.player, reason=form.cleaned_data["reason"])
        except ServiceError as error:
            show_error_on_form(form, error)
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("The child's personal data is removed: they are Player %(number)d from now on.")
            % {"number": self.player.number},
        )
        return HttpResponseRedirect(self.request.path)


class AccessView(OrganiserMixin, TemplateView):
    """The file of everything held about one child (?player=103) or one school's children (?school=HSP)."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        file_format, language = request.GET.get("format"), request.GET.get("language")
        if file_format not in FORMATS or language not in LANGUAGES:
            raise Http404
        number = parse_number(request.GET.get("player"), minimum=1)
        code = parse_text(request.GET.get("school"), max_length=12)
        player = school = None
        if number is not None:
            player = get_object_or_404(Player, tournament=self.tournament, number=number)
        elif code:
            school = get_object_or_404(School, tournament=self.tournament, code=code)
        else:
            raise Http404
        try:
            filename, mimetype, content = access_export(
                actor=request.user,
                tournament=self.tournament,
                file_format=file_format,
                language=language,
                player=player,
                school=school,
            )
        except ServiceError as error:
            raise PermissionDenied(str(error)) from None
        response = HttpResponse(content, content_type=mimetype)
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        response["Cache-Control"] = "no-store"
        return response


class ForgetNowView(OrganiserMixin, FormView):
    """Forget every child of the tournament now, before the end of its period, after a confirmation."""

    template_name = "referee/organiser/privacy_forget.html"
    form_class = ForgetForm
    section = "settings"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        tournament = self.tournament
        context["retention"] = retention_of(tournament)
        context["held"] = Player.objects.filter(tournament=tournament, forgotten_at__isnull=True).count()
        context["files"] = tournament.export_jobs.count()
        context["uploads"] = PeopleUpload.objects.filter(tournament=tournament).count()
        context["backups"] = backups_holding(tournament)
        return context

    def form_valid(self, form: ForgetForm) -> HttpResponse:
        backups = backups_holding(self.tournament)
        try:
            done = tournament_forget(actor=self.request.user, tournament=self.tournament)
        except ServiceError as error:
            show_error_on_form(form, error)
            return self.form_invalid(form)
        for backup in backups:
            backup.path.unlink(missing_ok=True)
        messages.success(
            self.request,
            _("%(players)d children's personal data removed; %(backups)d backups holding them deleted.")
            % {"players": done.players, "backups": len(backups)},
        )
        return HttpResponseRedirect(reverse("organiser:privacy", args=[self.tournament.slug]))
