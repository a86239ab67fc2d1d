"""The site's URLs plus three that fail on purpose, for the error-page and logging tests."""

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import path

from tableref.urls import handler500
from tableref.urls import urlpatterns as site_patterns

__all__ = ["handler500", "urlpatterns"]


class DeliberateFailure(RuntimeError):
    """Raised by /boom/ so that the log can be searched for it."""


def boom(request: HttpRequest) -> HttpResponse:
    raise DeliberateFailure("a deliberate failure for the test")


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied


urlpatterns = [path("boom/", boom), path("forbidden/", forbidden), *site_patterns]
