"""A people file between its preview and its import, as read once when it was uploaded.

The preview shows what a file would change; the organiser may choose what a column means, and then presses
Import. What the file holds is read once, at the upload, and kept here as text (`reading`, the grids of
`referee/people/imports/reading.py`), with the organiser's choices of columns: the preview and the import plan
from it and never parse the file again. Not in the session (a session is a signed cookie or a row every
request reads), and not re-uploaded (a phone's file picker would be asked twice). The file's own bytes are
not kept: its name, size and SHA-256 go to the audit entry. An organiser's new upload replaces their older
ones in the tournament, uploads older than a day are deleted at the next upload, and an imported one at once.
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
    size = models.PositiveIntegerField(_("size in bytes"), default=0)
    reading = models.JSONField(_("the file as read"), default=dict, editable=False)
    choices = models.JSONField(_("columns chosen"), default=dict, editable=False)
    created_at = models.DateTimeField(_("uploaded at"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("people file")
        verbose_name_plural = _("people files")

    def __str__(self) -> str:
        return self.filename
