"""Where a QR code on a blank scoresheet leads: the table's page, where its referee enters the results."""

from __future__ import annotations

from django.urls import reverse

from referee.models import Table

ENTRY_URL_NAME = "referee:table"


def entry_path(table: Table) -> str:
    return reverse(ENTRY_URL_NAME, args=[table.pk])


def absolute_entry_url(base_url: str, table: Table) -> str:
    """The site's address (https://example.org) joined to the table's page."""
    return base_url.rstrip("/") + entry_path(table)
