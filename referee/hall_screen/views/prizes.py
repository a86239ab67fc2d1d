"""The organiser's prizes page: define the prizes, fill them from the final standings, run the prize-giving
from a phone (each tap reveals the next prize on the hall's screen), and set up the certificates."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django.views.generic import TemplateView

from core.permissions import is_organiser
from core.views import ActionPageView, OrganiserMixin, posted_object
from referee.hall_screen.forms.prizes import PictureForm, PrizesAddForm, SignerForm
from referee.hall_screen.services.certificate_images import (
    IMAGE_BYTES_MAX,
    certificate_image_remove,
    certificate_image_upload,
    certificate_signer_set,
)
from referee.hall_screen.services.prizes import (
    prize_delete,
    prize_giving_show,
    prize_move,
    prize_reveal_next,
    prizes_add,
    prizes_fill,
    prizes_hide,
)
from referee.models import CertificateImage, CertificateImageKind, Tournament
from referee.wording.prizes import prize_title


class PrizesView(OrganiserMixin, ActionPageView, TemplateView):
    template_name = "referee/organiser/prizes.html"
    section = "prizes"
    actions = {
        "add": "add",
        "delete": "delete",
        "earlier": "earlier",
        "later": "later",
        "fill": "fill",
        "show": "show",
        "back": "back",
        "reveal": "reveal",
        "hide": "hide",
        "picture": "picture",
        "remove-picture": "remove_picture",
        "signer": "signer",
    }

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        prizes = list(
            self.tournament.prizes.select_related("school")
            .prefetch_related("players__school", "schools")
            .order_by("position")
        )
        context.update(
            prizes=[(prize, prize_title(prize)) for prize in prizes],
            next_prize=next((prize for prize in prizes if prize.revealed_at is None), None),
            revealed=sum(1 for prize in prizes if prize.revealed_at is not None),
            filled=bool(prizes) and all(prize.filled_at for prize in prizes),
        )
        pictures = {
            image.kind: image
            for image in CertificateImage.objects.filter(tournament=self.tournament).only(
                "kind", "width", "height", "uploaded_at"
            )
        }
        context["pictures"] = [
            (kind, label, pictures.get(kind)) for kind, label in CertificateImageKind.choices
        ]
        context.setdefault("add_form", PrizesAddForm(initial={"kind": "place", "places": 3}))
        context.setdefault("picture_form", PictureForm())
        context.setdefault("signer_form", SignerForm(initial={"signer": self.tournament.certificate_signer}))
        return context

    def add(self) -> HttpResponse:
        def perform(values: dict) -> list:
            return prizes_add(actor=self.request.user, tournament=self.tournament, **values)

        def done(added: list) -> str:
            return _("%(count)d prizes added.") % {"count": len(added)}

        return self.run_form("add_form", PrizesAddForm(self.request.POST), perform, done)

    def _prize(self) -> Any:
        return posted_object(self.request, "prize", self.tournament.prizes.all())

    def delete(self) -> HttpResponse:
        prize = self._prize()
        return self.run_action(
            lambda: prize_delete(actor=self.request.user, prize=prize), _("Prize removed.")
        )

    def earlier(self) -> HttpResponse:
        prize = self._prize()
        return self.run_action(
            lambda: prize_move(actor=self.request.user, prize=prize, earlier=True), _("Prize moved.")
        )

    def later(self) -> HttpResponse:
        prize = self._prize()
        return self.run_action(
            lambda: prize_move(actor=self.request.user, prize=prize, earlier=False),
            _("Prize moved."),
        )

    def fill(self) -> HttpResponse:
        return self.run_action(
            lambda: prizes_fill(actor=self.request.user, tournament=self.tournament),
            _("The prizes are filled from the final standings. Check the winners below."),
        )

    def show(self) -> HttpResponse:
        return self.run_action(
            lambda: prize_giving_show(actor=self.request.user, tournament=self.tournament, shown=True),
            _("The hall's screen shows the prize-giving."),
        )

    def back(self) -> HttpResponse:
        return self.run_action(
            lambda: prize_giving_show(actor=self.request.user, tournament=self.tournament, shown=False),
            _("The hall's screen shows the rounds again."),
        )

    def reveal(self) -> HttpResponse:
        return self.run_action(
            lambda: prize_reveal_next(actor=self.request.user, tournament=self.tournament),
            _("Revealed on the hall's screen."),
        )

    def hide(self) -> HttpResponse:
        return self.run_action(
            lambda: prizes_hide(actor=self.request.user, tournament=self.tournament),
            _("Every prize is hidden again."),
        )

    def picture(self) -> HttpResponse:
        form = PictureForm(self.request.POST, self.request.FILES)

        def perform(values: dict) -> None:
            upload = values["picture"]
            content = upload.read(IMAGE_BYTES_MAX + 1)
            certificate_image_upload(
                actor=self.request.user, tournament=self.tournament, kind=values["kind"], content=content
            )

        return self.run_form("picture_form", form, perform, _("Picture saved for the certificates."))

    def remove_picture(self) -> HttpResponse:
        kind = self.request.POST.get("kind", "")
        return self.run_action(
            lambda: certificate_image_remove(actor=self.request.user, tournament=self.tournament, kind=kind),
            _("Picture removed."),
        )

    def signer(self) -> HttpResponse:
        def perform(values: dict) -> None:
            certificate_signer_set(actor=self.request.user, tournament=self.tournament, **values)

        return self.run_form("signer_form", SignerForm(self.request.POST), perform, _("Saved."))


@require_GET
def certificate_picture(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    """A stored picture, for the organiser's own page: served with its checked type and never sniffed."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not is_organiser(request.user, tournament) or kind not in CertificateImageKind.values:
        raise Http404
    image = get_object_or_404(CertificateImage, tournament=tournament, kind=kind)
    response = HttpResponse(bytes(image.content), content_type=image.content_type)
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "private, no-cache"
    return response
