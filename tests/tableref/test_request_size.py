"""A request body larger than any form of the site is refused before it is read: an anonymous POST with a
file part was written to the server's temporary folder whatever its size (Django's limits do not count
files), so a few of them could fill the laptop's disk."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse

from referee.people.imports.reading import MAX_FILE_BYTES
from referee.people.views.imports import FORM_OVERHEAD


class Unreadable:
    """A request body that fails the test if anything reads it."""

    def read(self, *args: object) -> bytes:
        raise AssertionError("the body was read")

    readline = read


def post_declaring(client: Client, path: str, size: int, **extra: str):
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": path,
        "CONTENT_TYPE": "multipart/form-data; boundary=x",
        "CONTENT_LENGTH": str(size),
        "wsgi.input": Unreadable(),
        **extra,
    }
    return client.request(**environ)


@pytest.mark.django_db
def test_a_body_larger_than_any_form_is_refused_unread():
    response = post_declaring(Client(), reverse("login"), 200 * 1024 * 1024, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 413
    assert "What was sent is too large" in response.content.decode()


@pytest.mark.django_db
def test_the_refusal_speaks_the_visitors_language():
    response = post_declaring(
        Client(), reverse("login"), settings.MAX_REQUEST_BYTES + 1, HTTP_ACCEPT_LANGUAGE="zh-HK"
    )
    assert response.status_code == 413
    page = response.content.decode()
    assert "太大" in page
    assert "site-header" in page


@pytest.mark.django_db
def test_a_body_within_the_limit_goes_on(client):
    assert client.post(reverse("login"), {"username": "nobody", "password": "x"}).status_code == 200


def test_the_limit_leaves_room_for_the_largest_people_file():
    assert settings.MAX_REQUEST_BYTES >= MAX_FILE_BYTES + FORM_OVERHEAD


@pytest.mark.django_db
@override_settings(MAX_REQUEST_BYTES=1000)
def test_the_limit_is_a_setting():
    assert post_declaring(Client(), reverse("login"), 1001).status_code == 413
