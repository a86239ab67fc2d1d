"""A request body larger than any form of the site is refused before anything reads it.

Django's `DATA_UPLOAD_MAX_MEMORY_SIZE` does not count the files in a form, and the CSRF middleware reads a
POST's form (files included) before any view can look at it: an anonymous POST to the login page with a file
part of 200 MB was written whole to the server's temporary folder, and a few such posts could fill the
laptop's disk, after which SQLite could no longer save a result. The largest body the site takes is a people
file (2 MB) with its form around it, so `MAX_REQUEST_BYTES` (3 MB unless set) refuses anything declared
larger with a 413 page in the visitor's language. A body sent without a length (chunked) is not read by
Django at all.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from core.inputs import parse_number


class RequestSizeLimit:
    """`MIDDLEWARE`, after the locale middleware (the page speaks the visitor's language) and before the CSRF
    middleware (the first to read a body)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        declared = parse_number(request.META.get("CONTENT_LENGTH", ""), minimum=0) or 0
        if declared > settings.MAX_REQUEST_BYTES:
            megabytes = settings.MAX_REQUEST_BYTES // (1024 * 1024)
            return render(request, "errors/too_large.html", {"megabytes": megabytes}, status=413)
        return self.get_response(request)
