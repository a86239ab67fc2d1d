"""The language switch: a plain link (`/language/en/?next=/t/cup/`) that remembers the choice in Django's
language cookie and goes back to the page.

A link rather than Django's `set_language` form: the form needs a CSRF token, which made every public page
different for every reader, so no two readers could share one cached page. The cookie is Django's own, read by
its locale middleware, so the choice follows the person on every page, logged in or not.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@never_cache
@require_safe
def switch_language(request: HttpRequest, code: str) -> HttpResponseRedirect:
    if code not in dict(settings.LANGUAGES):
        raise Http404(f"No language {code!r}.")
    back = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    response = HttpResponseRedirect(back)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
