"""The noticeboard's page, its QR code and its PDF. Public: they show only the site's address."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from tableref.hall.noticeboard import Noticeboard
from tableref.hall.noticeboard_pdf import noticeboard_pdf


def current_noticeboard(request: HttpRequest) -> Noticeboard:
    """The address `make hall` found for the hall's Wi-Fi (HALL_URL), else the one this page was asked at."""
    return Noticeboard(url=settings.HALL_URL or request.build_absolute_uri("/"), wifi=settings.HALL_WIFI)


@require_safe
def noticeboard_page(request: HttpRequest) -> HttpResponse:
    return render(request, "hall/noticeboard.html", {"noticeboard": current_noticeboard(request)})


@require_safe
def noticeboard_qr(request: HttpRequest) -> HttpResponse:
    return HttpResponse(current_noticeboard(request).qr_svg(), content_type="image/svg+xml")


@require_safe
def noticeboard_download(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(noticeboard_pdf(current_noticeboard(request)), content_type="application/pdf")
    response["Content-Disposition"] = 'inline; filename="tableref-noticeboard.pdf"'
    return response
