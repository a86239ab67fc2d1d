"""Prizes and the certificates' pictures, as the organiser's prizes page asks for them."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.text import validate_single_line
from referee.hall_screen.services.prizes import PLACES_MAX
from referee.models import CertificateImageKind, PrizeKind


class PrizesAddForm(forms.Form):
    kind = forms.ChoiceField(label=_("Prizes"), choices=PrizeKind.choices, widget=forms.RadioSelect)
    places = forms.IntegerField(
        label=_("How many places"),
        min_value=1,
        max_value=PLACES_MAX,
        required=False,
        help_text=_("For overall places and school trophies: places 1 to this number."),
    )


class PictureForm(forms.Form):
    kind = forms.ChoiceField(label=_("Picture"), choices=CertificateImageKind.choices)
    picture = forms.FileField(
        label=_("File (PNG or JPEG)"), help_text=_("At most 512 KB; the file is checked before it is kept.")
    )


class SignerForm(forms.Form):
    signer = forms.CharField(
        label=_("Printed under the signature"),
        max_length=120,
        required=False,
        validators=[validate_single_line],
        help_text=_("For example 陳校長 Principal Chan."),
    )
