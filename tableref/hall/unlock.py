"""/unlock/: lift a login's lockout with the one-time code the hall printed in its terminal at start.

For the organiser locked out of their own login with no second organiser account to unlock it: whoever can
read the laptop's screen can type the code (`tableref/hall/unlock_code.py`). The code works once per start; a
few wrong codes from one address close the page to that address until the lockout time has passed, and
enough wrong codes from anywhere close it until the hall is started again.
"""

from __future__ import annotations

import hmac
import logging

from axes.utils import reset as axes_reset
from django import forms
from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from tableref.hall.unlock_code import code_digest
from tableref.throttling import client_address

logger = logging.getLogger(__name__)
WRONG_CODES_BY_ADDRESS = 5
WRONG_CODES_IN_ALL = 50


class UnlockForm(forms.Form):
    login_name = forms.CharField(label=_("Login name"), max_length=150)
    code = forms.CharField(label=_("Code shown on the hall's computer"), max_length=32)


def _key(kind: str, value: str = "") -> str:
    return f"hall-unlock:{kind}:{settings.HALL_UNLOCK_CODE_DIGEST}:{value}"


def _count_wrong(address: str) -> None:
    seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
    for key, timeout in ((_key("wrong", address), seconds), (_key("wrong-all"), None)):
        cache.add(key, 0, timeout)
        cache.incr(key)


def _closed(address: str) -> bool:
    return (
        cache.get(_key("spent")) is not None
        or cache.get(_key("wrong", address), 0) >= WRONG_CODES_BY_ADDRESS
        or cache.get(_key("wrong-all"), 0) >= WRONG_CODES_IN_ALL
    )


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def unlock_page(request: HttpRequest) -> HttpResponse:
    if not settings.HALL_UNLOCK_CODE_DIGEST:
        raise Http404  # only the hall prints a code
    address = client_address(request) or ""
    form = UnlockForm(request.POST or None)
    context: dict[str, object] = {"form": form, "closed": _closed(address), "unlocked": ""}
    if request.method == "POST" and not context["closed"] and form.is_valid():
        typed = code_digest(form.cleaned_data["code"])
        if hmac.compare_digest(typed, settings.HALL_UNLOCK_CODE_DIGEST) and cache.add(
            _key("spent"), True, None
        ):
            login_name = form.cleaned_data["login_name"].strip().lower()
            axes_reset(username=login_name)
            logger.warning("hall: the one-time unlock code was used for the login %r", login_name)
            context["unlocked"] = login_name
        else:
            _count_wrong(address)
            form.add_error(
                "code", _("This is not the code shown on the hall's computer, or it was used already.")
            )
            context["closed"] = _closed(address)
    return render(request, "hall/unlock.html", context, status=429 if context["closed"] else 200)
