"""The certificates' pictures: a PNG or JPEG checked by its content, capped in size, stored in the database;
anything else refused with a message in the organiser's language and nothing stored."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from core.errors import ServiceError
from referee.hall_screen.services.certificate_images import (
    IMAGE_BYTES_MAX,
    IMAGE_SIDE_MAX,
    certificate_image_upload,
)
from referee.models import CertificateImage


def picture(kind: str = "PNG", size: tuple[int, int] = (120, 60)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 40, 40)).save(buffer, kind)
    return buffer.getvalue()


@pytest.mark.parametrize("kind", ["PNG", "JPEG"])
def test_a_png_or_jpeg_is_kept_with_its_checked_type(organiser, tournament, kind):
    image = certificate_image_upload(
        actor=organiser, tournament=tournament, kind="logo", content=picture(kind)
    )
    assert (image.content_type, image.width, image.height) == (f"image/{kind.lower()}", 120, 60)


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"", "empty"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'></svg>", "not-image"),
        (b"GIF89a" + b"\x00" * 40, "not-image"),
        (picture("PNG")[:60], "not-image"),  # cut short
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * (IMAGE_BYTES_MAX), "too-large"),
        (picture("PNG", (IMAGE_SIDE_MAX + 1, 4)), "too-many-pixels"),
    ],
)
def test_anything_else_is_refused_and_nothing_is_kept(organiser, tournament, content, code):
    with pytest.raises(ServiceError) as refused:
        certificate_image_upload(actor=organiser, tournament=tournament, kind="logo", content=content)
    assert refused.value.code == code
    assert not CertificateImage.objects.exists()


def test_a_gif_named_png_on_the_page_is_refused_in_the_organisers_language(organiser_client, tournament):
    buffer = io.BytesIO()
    Image.new("RGB", (10, 10)).save(buffer, "GIF")
    upload = SimpleUploadedFile("logo.png", buffer.getvalue(), content_type="image/png")
    address = reverse("organiser:prizes", args=[tournament.slug])
    response = organiser_client.post(address, {"action": "picture", "kind": "logo", "picture": upload})
    assert response.status_code == 200
    assert "此檔案不是 PNG 或 JPEG 圖片" in response.content.decode()
    assert not CertificateImage.objects.exists()


def test_the_stored_picture_is_served_to_the_organiser_only_with_its_type(
    organiser_client, organiser, tournament, client
):
    certificate_image_upload(
        actor=organiser, tournament=tournament, kind="signature", content=picture("JPEG")
    )
    address = reverse("organiser:certificate_picture", args=[tournament.slug, "signature"])
    served = organiser_client.get(address)
    assert (served.status_code, served["Content-Type"], served["X-Content-Type-Options"]) == (
        200,
        "image/jpeg",
        "nosniff",
    )
    organiser_client.logout()
    assert client.get(address).status_code == 404
