"""A people file between its preview and its import.

The preview shows what a file would change; the organiser then presses Import. The file is kept here, not
in the session (a session is a signed cookie or a row every request reads, and a 2 MiB file in it would slow
every page), and not re-uploaded (a phone's file picker would be asked twice). A row holds one file of at most
2 MiB (`referee/imports/reading.py`), an organiser's new upload replaces their older ones in the tournament,
uploads older than a day are deleted at the next upload, and an imported file's row is deleted at once: the
audit entry keeps its name, size and SHA-256.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PeopleUpload(models.Model):
    tournament = models.ForeignKey(
        "referee.Tournament", on_delete=models.CASCADE, related_name="+", verbose_name=_("tournament")
    )
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("by")
    )
    filename = models.CharField(_("file name"), max_length=200)
    sha256 = models.CharField(max_length=64)
    content = models.BinaryField(editable=False)
    created_at = models.DateTimeField(_("uploaded at"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("people file")
        verbose_name_plural = _("people files")

    def __str__(self) -> str:
        return self.filename
