"""The certificate's pictures (the host school's logo, a signature) and the name printed under the signature.

An upload is checked by its content, never its name: Pillow must read it as a PNG or a JPEG whole, within
`IMAGE_BYTES_MAX` bytes and `IMAGE_SIDE_MAX` pixels a side, before it is stored (in the database, so backups
hold it and the hall serves no upload folder). Anything else is refused with a message and nothing stored.
"""

from __future__ import annotations

import io

from django.db import transaction
from django.utils.translation import gettext as _
from PIL import Image, UnidentifiedImageError

from core.audit import audit_record
from core.errors import ServiceError
from core.permissions import AnyUser
from referee import permissions
from referee.checks import clean_text, require_choice
from referee.locks import lock_tournament
from referee.models import CertificateImage, CertificateImageKind, Tournament

IMAGE_BYTES_MAX = 512 * 1024
IMAGE_SIDE_MAX = 3000
CONTENT_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg"}


def _read_image(content: bytes) -> tuple[str, int, int]:
    """The image's type and size, or a refusal that says what is wrong with the file."""
    if not content:
        raise ServiceError(_("Choose a picture to upload."), field="picture", code="empty")
    if len(content) > IMAGE_BYTES_MAX:
        raise ServiceError(
            _("The picture is too large: at most %(kilobytes)d KB.") % {"kilobytes": IMAGE_BYTES_MAX // 1024},
            field="picture",
            code="too-large",
        )
    try:
        with Image.open(io.BytesIO(content)) as opened:
            kind, width, height = opened.format, opened.width, opened.height
            if kind in CONTENT_TYPES and width <= IMAGE_SIDE_MAX and height <= IMAGE_SIDE_MAX:
                opened.load()  # the whole picture decodes: a cut or damaged file is refused here
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        kind, width, height = None, 0, 0
    if kind not in CONTENT_TYPES:
        raise ServiceError(
            _("This file is not a PNG or JPEG picture (or it is damaged)."), field="picture", code="not-image"
        )
    if width > IMAGE_SIDE_MAX or height > IMAGE_SIDE_MAX:
        raise ServiceError(
            _("The picture is too big: at most %(pixels)d pixels a side.") % {"pixels": IMAGE_SIDE_MAX},
            field="picture",
            code="too-many-pixels",
        )
    return CONTENT_TYPES[kind], width, height


@transaction.atomic
def certificate_image_upload(
    *, actor: AnyUser, tournament: Tournament, kind: str, content: bytes
) -> CertificateImage:
    """Store the logo or the signature, replacing the one before."""
    permissions.require_organiser(actor, tournament)
    kind = require_choice(kind, CertificateImageKind.values, field="kind")
    content_type, width, height = _read_image(content)
    tournament = lock_tournament(tournament)
    image, _created = CertificateImage.objects.update_or_create(
        tournament=tournament,
        kind=kind,
        defaults={
            "content": content,
            "content_type": content_type,
            "width": width,
            "height": height,
            "uploaded_by": actor,
        },
    )
    audit_record(
        actor=actor,
        tournament=tournament,
        action="certificate.image",
        after={"kind": kind, "type": content_type, "width": width, "height": height, "bytes": len(content)},
        public=False,
    )
    return image


@transaction.atomic
def certificate_image_remove(*, actor: AnyUser, tournament: Tournament, kind: str) -> None:
    permissions.require_organiser(actor, tournament)
    kind = require_choice(kind, CertificateImageKind.values, field="kind")
    tournament = lock_tournament(tournament)
    removed, _rows = CertificateImage.objects.filter(tournament=tournament, kind=kind).delete()
    if not removed:
        raise ServiceError(_("There is no such picture to remove."), code="none")
    audit_record(
        actor=actor,
        tournament=tournament,
        action="certificate.image_remove",
        before={"kind": kind},
        public=False,
    )


@transaction.atomic
def certificate_signer_set(*, actor: AnyUser, tournament: Tournament, signer: str) -> Tournament:
    """The name (and title) printed under the signature."""
    permissions.require_organiser(actor, tournament)
    signer = clean_text(signer, field="signer", max_length=120)
    tournament = lock_tournament(tournament)
    before = tournament.certificate_signer
    tournament.certificate_signer = signer
    tournament.save(update_fields=["certificate_signer"])
    audit_record(
        actor=actor,
        tournament=tournament,
        action="certificate.signer",
        before={"signer": before},
        after={"signer": signer},
        public=False,
    )
    return tournament
