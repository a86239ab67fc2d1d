"""The site's URLs plus four that fail on purpose, for the error-page and logging tests."""

from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.http import HttpRequest, HttpResponse
from django.urls import path

from tableref.urls import handler400, handler500
from tableref.urls import urlpatterns as site_patterns

__all__ = ["handler400", "handler500", "urlpatterns"]


class DeliberateFailure(RuntimeError):
    """Raised by /boom/ so that the log can be searched for it."""


def boom(request: HttpRequest) -> HttpResponse:
    raise DeliberateFailure("a deliberate failure for the test")


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied


def bad(request: HttpRequest) -> HttpResponse:
    raise SuspiciousOperation("as Django refuses a form of too many fields or too large a body")


urlpatterns = [path("boom/", boom), path("forbidden/", forbidden), path("bad/", bad), *site_patterns]
