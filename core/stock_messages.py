"""Django's own form messages, reworded for the site's readers. The site's catalogues come before Django's,
so these words replace Django's stock ones: its Chinese showed the posted value itself (an English code such
as "present") after a half-width comma, and half-width brackets. Marked here so that `make messages` keeps
them in the catalogues; nothing calls this list."""

from __future__ import annotations

from django.utils.translation import gettext_noop, ngettext_lazy

STOCK_MESSAGES = (
    gettext_noop("Select a valid choice. %(value)s is not one of the available choices."),
    gettext_noop("Select a valid choice. That choice is not one of the available choices."),
    gettext_noop("Enter a whole number."),
    gettext_noop("Enter a valid date."),
    ngettext_lazy(
        "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
        "limit_value",
    ),
)
