"""Where a QR code on a blank scoresheet leads (the table's page, where its referee enters the results), and
where the tournament's privacy notice is, for the files handed to children and schools."""

from __future__ import annotations

from django.urls import reverse

from referee.models import Table, Tournament

ENTRY_URL_NAME = "referee:table"


def entry_path(table: Table) -> str:
    return reverse(ENTRY_URL_NAME, args=[table.pk])


def absolute_entry_url(base_url: str, table: Table) -> str:
    """The site's address (https://example.org) joined to the table's page."""
    return base_url.rstrip("/") + entry_path(table)


def privacy_notice_url(base_url: str, tournament: Tournament) -> str:
    """The notice's address, absolute when the site's address is known."""
    return base_url.rstrip("/") + reverse("public:privacy", args=[tournament.slug])
