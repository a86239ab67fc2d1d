"""One-time passwords and the rule that follows them: a login whose password somebody else set (an organiser's
reset, a printed login card) is sent to the change-password page until its owner chooses their own.

The flag lives in `core.Account`; at login it is copied into the session, so the check on every request reads
the session (already loaded) and costs no query. A reset changes the password, which ends the person's other
sessions (Django checks the password's hash on each request), so a stale session never escapes the rule.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from django.contrib.auth.hashers import PBKDF2PasswordHasher, get_hasher, make_password
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from core.models import Account

SESSION_FLAG = "tableref_must_change_password"
# Letters and digits nobody confuses on paper or a phone's keyboard (no 0/o, 1/l/i).
PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
PASSWORD_GROUPS = (5, 5)  # 10 characters, about 49 bits: xxxxx-xxxxx


def one_time_password() -> str:
    groups = ["".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(size)) for size in PASSWORD_GROUPS]
    return "-".join(groups)


# A one-time password is random (about 49 bits), not a person's choice, and is replaced at its first use,
# so it is hashed with fewer rounds than Django's default: printing the cards of 200 referees takes seconds,
# not the 100 s that 200 full-strength hashes take (longer than a worker may run). Django reads the rounds
# from the stored hash, and re-hashes it at full strength when it is used to log in; the password the
# referee then chooses is hashed at Django's default strength, as every other.
ONE_TIME_ITERATIONS = 20_000


def one_time_hash(password: str) -> str:
    hasher = get_hasher("default")
    if isinstance(hasher, PBKDF2PasswordHasher) and hasher.iterations > ONE_TIME_ITERATIONS:
        return hasher.encode(password, hasher.salt(), iterations=ONE_TIME_ITERATIONS)
    return make_password(password)


def password_set_by_someone_else(user: User) -> str:
    """A fresh one-time password for `user`, saved hashed; the caller shows it once and keeps it nowhere."""
    password = one_time_password()
    user.password = one_time_hash(password)
    user.save(update_fields=["password"])
    Account.objects.update_or_create(
        user=user, defaults={"must_change_password": True, "password_reset_at": timezone.now()}
    )
    return password


def must_change_password(user: User) -> bool:
    return Account.objects.filter(user=user, must_change_password=True).exists()


def password_chosen(request: HttpRequest, user: User) -> None:
    """The person chose their own password: the rule no longer applies."""
    Account.objects.filter(user=user, must_change_password=True).update(must_change_password=False)
    request.session.pop(SESSION_FLAG, None)


@receiver(user_logged_in, dispatch_uid="tableref-password-change-flag")
def _copy_flag_into_session(sender: Any, request: HttpRequest | None, user: User, **kwargs: Any) -> None:
    if request is None or not hasattr(request, "session"):
        return
    if must_change_password(user):
        request.session[SESSION_FLAG] = True
    else:
        request.session.pop(SESSION_FLAG, None)


# Views a person with a one-time password may still reach: the change itself, logging out, the language
# switch, and what the browser fetches on its own (the service worker, the manifest, the offline page).
ALLOWED_VIEWS = {
    "password_change",
    "logout",
    "login",
    "set_language",
    "healthz",
    "referee:service_worker",
    "referee:manifest",
    "referee:offline",
}
# Answered in JSON by the referee's console: a redirect would look like a saved game to its queue.
SCRIPT_VIEWS = {"referee:submit", "referee:preview"}


class PasswordChangeRequiredMiddleware:
    """Sends a person whose password was set by someone else to the change-password page, from every page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view_func: Any, view_args: Any, view_kwargs: Any
    ) -> HttpResponse | None:
        session = getattr(request, "session", None)
        if session is None or not session.get(SESSION_FLAG):
            return None
        if not request.user.is_authenticated:
            return None
        match = request.resolver_match
        view_name = match.view_name if match else ""
        if view_name in ALLOWED_VIEWS:
            return None
        if view_name in SCRIPT_VIEWS:
            return JsonResponse(
                {
                    "state": "signed-out",
                    "message": _("Choose your own password first: what you saved waits on this phone."),
                },
                status=401,
            )
        return HttpResponseRedirect(reverse("password_change"))
