"""Error pages with DEBUG off, in both languages, with the site's header: 400, 403, expired form, 404, 500."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.tableref.failing_urls")]

LANGUAGES = {
    "en": {"lang": 'lang="en"', "brand": "TableRef"},
    "zh-hant": {"lang": 'lang="zh-Hant-HK"', "brand": "TableRef 賽桌裁判"},
}
HEADINGS = {
    400: {"en": "This request cannot be handled", "zh-hant": "無法處理這項要求"},
    403: {"en": "Not allowed", "zh-hant": "沒有權限"},
    404: {"en": "Not found", "zh-hant": "找不到頁面"},
    500: {"en": "Server error", "zh-hant": "系統錯誤"},
}


def get(path: str, language: str, client: Client | None = None) -> tuple[int, str]:
    client = client or Client(raise_request_exception=False)
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    return response.status_code, response.content.decode()


def assert_site_page(body: str, language: str) -> None:
    expected = LANGUAGES[language]
    assert expected["lang"] in body
    assert 'class="site-header"' in body
    assert f'class="brand" href="/">{expected["brand"]}</a>' in body


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("path", "status"), [("/bad/", 400), ("/forbidden/", 403), ("/no/such/page/", 404), ("/boom/", 500)]
)
def test_error_pages_speak_the_visitors_language_with_the_header(
    settings, path: str, status: int, language: str
) -> None:
    settings.DEBUG = False
    code, body = get(path, language)
    assert code == status
    assert_site_page(body, language)
    assert f"<h1>{HEADINGS[status][language]}</h1>" in body
    assert "Traceback" not in body


@pytest.mark.parametrize(("path", "status"), [("/boom/", 500), ("/bad/", 400)])
def test_the_plain_pages_survive_a_missing_static_manifest(
    settings, tmp_path, path: str, status: int
) -> None:
    """With hashed static names and no collectstatic, {% static %} itself raises: the page is still drawn."""
    settings.DEBUG = False
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    settings.STATIC_ROOT = tmp_path  # nothing collected there: no manifest
    code, body = get(path, "en")
    assert code == status
    assert_site_page(body, "en")
    assert "stylesheet" not in body


def test_a_broken_500_template_still_answers(settings, monkeypatch) -> None:
    settings.DEBUG = False

    def failing_render(*args: object, **kwargs: object) -> str:
        raise RuntimeError("the template cannot be drawn")

    monkeypatch.setattr("tableref.errors.render_to_string", failing_render)
    code, body = get("/boom/", "en")
    assert code == 500
    assert "Server error" in body


@pytest.mark.parametrize(
    ("language", "heading", "reload"),
    [("en", "This page has expired", "Reload the page"), ("zh-hant", "此頁已過期", "重新載入此頁")],
)
def test_an_expired_form_says_so_and_offers_to_reload(
    settings, language: str, heading: str, reload: str
) -> None:
    settings.DEBUG = False
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        "/login/",
        {"username": "someone", "password": "x"},
        HTTP_ACCEPT_LANGUAGE=language,
        HTTP_REFERER="http://testserver/login/?next=/organise/",
    )
    body = response.content.decode()
    assert response.status_code == 403
    assert_site_page(body, language)
    assert f"<h1>{heading}</h1>" in body
    assert f'href="http://testserver/login/?next=/organise/">{reload}</a>' in body
    assert "CSRF" not in body


def test_an_expired_form_never_reloads_another_site(settings) -> None:
    settings.DEBUG = False
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        "/login/", {}, HTTP_ACCEPT_LANGUAGE="en", HTTP_REFERER="https://elsewhere.example/"
    )
    assert response.status_code == 403
    assert 'href="/">Reload the page</a>' in response.content.decode()
