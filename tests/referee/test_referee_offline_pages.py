"""The referee's pages without network: the service worker (its scope, its content type, never cached long,
named after the files it keeps so that a deploy replaces it), the web app manifest and its icons, the
offline page, and which pages the worker may keep."""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from referee.play.services.signoff import table_sign_off
from referee.play.views import offline


def test_the_service_worker_covers_the_referee_pages_and_is_never_cached_long(client):
    response = client.get(reverse("referee:service_worker"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache, max-age=0"
    assert reverse("referee:service_worker") == "/referee/sw.js"  # its default scope is /referee/
    assert response["Service-Worker-Allowed"] == "/referee/"
    source = response.content.decode()
    assert f'var VERSION = "{offline.cache_version()}";' in source
    assert '"/static/js/table.js"' in source
    assert "{{" not in source


def test_every_kept_file_exists():
    for name in offline.OFFLINE_ASSETS:
        assert finders.find(name), name


def test_a_changed_file_is_a_new_cache_name(settings, monkeypatch, tmp_path):
    settings.DEBUG = True
    before = offline.cache_version()
    changed = tmp_path / "table.js"
    changed.write_text("/* a new deploy */")
    real_find = finders.find
    monkeypatch.setattr(
        offline.finders,
        "find",
        lambda name, **kw: str(changed) if name == "js/table.js" else real_find(name, **kw),
    )
    assert offline.cache_version() != before


def test_the_manifest_makes_an_app_of_the_referee_pages(client):
    response = client.get(reverse("referee:manifest"))
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == manifest["scope"] == "/referee/"
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        name = icon["src"].removeprefix("/static/")
        assert Path(finders.find(name)).stat().st_size > 0


def test_the_manifest_speaks_the_visitors_language():
    english = json.loads(Client(headers={"accept-language": "en"}).get(reverse("referee:manifest")).content)
    chinese = json.loads(
        Client(headers={"accept-language": "zh-hk"}).get(reverse("referee:manifest")).content
    )
    assert english["name"] == "TableRef referee"
    assert chinese["name"] == "TableRef 評審"


def test_the_offline_page_needs_no_login():
    page = Client().get(reverse("referee:offline"))
    assert page.status_code == 200
    assert "沒有網絡" in page.content.decode()


def test_a_table_in_play_may_be_kept_and_a_signed_off_one_is_dropped(referee_client, finished_table, referee):
    url = reverse("referee:table", args=[finished_table.pk])
    page = referee_client.get(url)
    assert page[offline.OFFLINE_COPY_HEADER] == "keep"
    assert 'data-service-worker="/referee/sw.js"' in page.content.decode()
    assert 'rel="manifest"' in page.content.decode()
    table_sign_off(actor=referee, table=finished_table)
    assert referee_client.get(url)[offline.OFFLINE_COPY_HEADER] == "forget"
    assert referee_client.get(reverse("referee:my_tables"))[offline.OFFLINE_COPY_HEADER] == "keep"


def test_a_confirming_referee_keeps_no_copy(client, finished_table, tournament, referee, other_referee):
    tournament.requires_confirmation = True
    tournament.save(update_fields=["requires_confirmation"])
    table_sign_off(actor=referee, table=finished_table)
    client.force_login(other_referee)
    assert (
        client.get(reverse("referee:table", args=[finished_table.pk]))[offline.OFFLINE_COPY_HEADER]
        == "forget"
    )


def test_after_logout_the_login_page_forgets_the_device(referee_client):
    referee_client.post(reverse("logout"))
    page = referee_client.get(reverse("login") + "?logged-out")
    assert "data-forget-device" in page.content.decode()
    assert "data-forget-device" not in referee_client.get(reverse("login")).content.decode()
