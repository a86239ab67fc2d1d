"""The pages: public (no login, both languages, JSON) and the organiser's (one test per role)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.weather.weather_payloads import MATCH_DAY, cyclone, hk, rain
from weather.models import BureauAnnouncement, MatchDayOverride

pytestmark = pytest.mark.django_db


@pytest.fixture
def stormy_morning(store, frozen_now):
    store("06:55", rain("WRAINR", hk("05:00")))
    store("07:05", rain("WRAINR", hk("05:00")))
    frozen_now(hk("07:30"))


class TestPublicPage:
    def test_no_login_needed_and_chinese_by_default(self, client, tournament, stormy_morning) -> None:
        response = client.get(reverse("weather:public", args=[tournament.slug]))
        assert response.status_code == 200
        html = response.content.decode()
        assert 'data-status="cancelled"' in html
        assert "紅色暴雨警告信號" in html
        assert "取消" in html
        assert "09:00" in html

    def test_english_on_request(self, client, tournament, stormy_morning) -> None:
        client.cookies["django_language"] = "en"
        html = client.get(reverse("weather:public", args=[tournament.slug])).content.decode()
        assert "Cancelled: the red rainstorm signal was still in force at 07:01." in html

    def test_past_days_are_not_shown(self, client, tournament, frozen_now) -> None:
        frozen_now(hk("08:00", MATCH_DAY.replace(day=MATCH_DAY.day + 1)))
        html = client.get(reverse("weather:public", args=[tournament.slug])).content.decode()
        assert "data-status" not in html

    def test_unknown_tournament_is_404(self, client, db) -> None:
        assert client.get(reverse("weather:public", args=["nope"])).status_code == 404

    def test_index_lists_tournaments_with_days_to_come(self, client, tournament, frozen_now) -> None:
        html = client.get(reverse("weather:index")).content.decode()
        assert reverse("weather:public", args=[tournament.slug]) in html


class TestJson:
    def test_the_same_facts_as_the_page(
        self, client, tournament, stormy_morning, organiser, announce
    ) -> None:
        announce(suspended=False)
        body = client.get(reverse("weather:status_json", args=[tournament.slug]), {"lang": "en"}).json()
        (day,) = body["match_days"]
        assert day["date"] == MATCH_DAY.isoformat()
        assert day["session_start"] == "09:00"
        assert (day["status"], day["reason_code"], day["status_label"]) == (
            "cancelled",
            "severe-at-cutoff",
            "Cancelled",
        )
        assert day["last_checked"] == hk("07:05").isoformat()
        assert day["bureau"][0]["suspended"] is False
        assert day["bureau"][0]["scope"] == "primary"
        assert day["override"] is None
        assert body["language"] == "en"

    def test_an_unknown_tournament_is_a_json_404(self, client, db) -> None:
        response = client.get(reverse("weather:status_json", args=["nope"]), {"lang": "en"})
        assert response.status_code == 404
        assert response["Content-Type"] == "application/json"
        assert response.json()["error"]["code"] == "not-found"
        assert response.json()["error"]["message"] == "No such tournament."

    def test_chinese_texts_with_lang_zh_hant(self, client, tournament, stormy_morning) -> None:
        body = client.get(reverse("weather:status_json", args=[tournament.slug]), {"lang": "zh-hant"}).json()
        assert body["match_days"][0]["status_label"] == "取消"

    def test_override_is_shown_as_such(self, client, tournament, stormy_morning, organiser) -> None:
        from weather.services import override_set

        override_set(
            actor=organiser, tournament=tournament, day=MATCH_DAY, status="goes-ahead", reason="Indoor hall"
        )
        day = client.get(reverse("weather:status_json", args=[tournament.slug]), {"lang": "en"}).json()[
            "match_days"
        ][0]
        assert (day["status"], day["reason_code"]) == ("goes-ahead", "override")
        assert day["override"]["reason"] == "Indoor hall"
        assert day["override"]["set_at"] == hk("07:30").isoformat()
        assert day["reason"] == "Decided by the organiser: Indoor hall"
        html = client.get(reverse("weather:public", args=[tournament.slug])).content.decode()
        assert "wx-override" in html


class TestOrganiserPage:
    def url(self, tournament) -> str:
        return reverse("weather:manage", args=[tournament.slug])

    def test_anonymous_is_sent_to_log_in(self, client, tournament) -> None:
        response = client.get(self.url(tournament))
        assert response.status_code == 302
        assert "login" in response["Location"]

    @pytest.mark.parametrize("who", ["referee_user", "stranger"])
    def test_others_are_refused(self, request, client, tournament, who: str) -> None:
        client.force_login(request.getfixturevalue(who))
        assert client.get(self.url(tournament)).status_code == 403
        response = client.post(
            self.url(tournament),
            {"action": "override-set", "day": MATCH_DAY.isoformat(), "status": "cancelled", "reason": "x"},
        )
        assert response.status_code == 403
        assert not MatchDayOverride.objects.exists()

    def test_organiser_sets_and_clears_an_override(self, client, tournament, organiser, frozen_now) -> None:
        frozen_now(hk("06:00"))
        client.force_login(organiser)
        assert client.get(self.url(tournament)).status_code == 200
        data = {
            "action": "override-set",
            "day": MATCH_DAY.isoformat(),
            "status": "cancelled",
            "reason": "Venue flooded",
        }
        assert client.post(self.url(tournament), data).status_code == 302
        override = MatchDayOverride.objects.get()
        assert (override.set_by, override.reason) == (organiser, "Venue flooded")
        client.post(self.url(tournament), {"action": "override-clear", "day": MATCH_DAY.isoformat()})
        override.refresh_from_db()
        assert override.cleared_by == organiser

    def test_an_override_without_reason_shows_the_error_on_the_form(
        self, client, tournament, organiser, frozen_now
    ) -> None:
        client.force_login(organiser)
        data = {"action": "override-set", "day": MATCH_DAY.isoformat(), "status": "cancelled", "reason": ""}
        response = client.post(self.url(tournament), data)
        assert response.status_code == 200
        assert response.context["days"][0]["override_form"].errors
        assert not MatchDayOverride.objects.exists()

    def test_organiser_records_a_bureau_announcement(self, client, tournament, organiser, frozen_now) -> None:
        client.force_login(organiser)
        data = {
            "action": "bureau-record",
            "day": MATCH_DAY.isoformat(),
            "scope": "all-schools",
            "suspended": "yes",
            "announced_at": f"{MATCH_DAY.isoformat()}T06:10",
            "source_url": "https://www.info.gov.hk/",
        }
        assert client.post(self.url(tournament), data).status_code == 302
        notice = BureauAnnouncement.objects.get()
        assert notice.suspended
        assert notice.announced_at == hk("06:10")
        assert notice.recorded_by == organiser
        html = client.get(reverse("weather:public", args=[tournament.slug])).content.decode()
        assert 'data-status="cancelled"' in html

    @pytest.mark.parametrize(
        ("changes", "field"),
        [
            ({"announced_at": "0001-01-01T00:00"}, "announced_at"),
            ({"announced_at": "9999-12-31T23:59"}, "announced_at"),
            ({"day": "0001-01-01"}, "day"),
            ({"day": "9999-12-31"}, "day"),
        ],
    )
    def test_a_date_at_the_ends_of_the_calendar_is_refused_on_its_field(
        self, client, tournament, organiser, frozen_now, changes, field
    ) -> None:
        client.force_login(organiser)
        data = {
            "action": "bureau-record",
            "day": MATCH_DAY.isoformat(),
            "scope": "primary",
            "suspended": "yes",
            "announced_at": f"{MATCH_DAY.isoformat()}T06:10",
            **changes,
        }
        response = client.post(self.url(tournament), data)
        assert response.status_code == 200
        assert response.context["bureau_form"].errors[field] == ["請輸入 2000 年至 2100 年之間的日期。"]
        english = client.post(self.url(tournament), data, HTTP_ACCEPT_LANGUAGE="en")
        assert english.context["bureau_form"].errors[field] == [
            "Enter a date between the years 2000 and 2100."
        ]
        assert not BureauAnnouncement.objects.exists()

    def test_deleting_an_announcement_asks_first(
        self, client, tournament, organiser, frozen_now, announce
    ) -> None:
        announce(suspended=True)
        client.force_login(organiser)
        english = client.get(self.url(tournament), HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert 'data-confirm="Delete the Education Bureau announcement for 19 Jul 2025?"' in english
        chinese = client.get(self.url(tournament)).content.decode()
        assert 'data-confirm="要刪除 2025年7月19日 的教育局公布嗎？"' in chinese

    def test_organiser_deletes_an_announcement(
        self, client, tournament, organiser, frozen_now, announce
    ) -> None:
        notice = announce(suspended=True)
        client.force_login(organiser)
        client.post(self.url(tournament), {"action": "bureau-delete", "announcement": str(notice.pk)})
        assert not BureauAnnouncement.objects.exists()

    @pytest.mark.parametrize("key", ["²", "１", "٣", "-1", "", "99999999999999999999999", str(2**63)])
    def test_an_announcement_named_in_anything_but_ascii_digits_is_not_found(
        self, client, tournament, organiser, frozen_now, key, announce
    ) -> None:
        announce(suspended=True)
        client.force_login(organiser)
        response = client.post(self.url(tournament), {"action": "bureau-delete", "announcement": key})
        assert response.status_code == 404
        assert BureauAnnouncement.objects.count() == 1


class TestSnapshotHistory:
    def test_organiser_sees_readings_with_codes_in_force(self, client, tournament, organiser, store) -> None:
        store("06:55", cyclone("TC8NE", hk("02:00")))
        client.force_login(organiser)
        html = client.get(reverse("weather:snapshots", args=[tournament.slug])).content.decode()
        assert "TC8NE" in html
        assert "2025-07-19 06:55:00" in html

    def test_others_are_refused(self, client, tournament, stranger) -> None:
        client.force_login(stranger)
        assert client.get(reverse("weather:snapshots", args=[tournament.slug])).status_code == 403


def test_clearing_without_a_day_changes_nothing(client, tournament, organiser, frozen_now) -> None:
    from weather.services import override_set

    override_set(actor=organiser, tournament=tournament, day=MATCH_DAY, status="cancelled", reason="Flooded")
    client.force_login(organiser)
    response = client.post(reverse("weather:manage", args=[tournament.slug]), {"action": "override-clear"})
    assert response.status_code == 302
    assert MatchDayOverride.objects.get().is_active


def test_an_override_for_a_day_no_longer_on_the_page_is_refused_with_a_message(
    client, tournament, organiser, frozen_now
) -> None:
    client.force_login(organiser)
    url = reverse("weather:manage", args=[tournament.slug])
    for day in ("garbage", "2025-07-26"):
        response = client.post(
            url, {"action": "override-set", "day": day, "status": "cancelled", "reason": "x"}, follow=True
        )
        assert response.status_code == 200
        assert "這一天已不是比賽日" in response.content.decode(), day
    assert not MatchDayOverride.objects.exists()


class TestDatesAndNames:
    """Short dates that a Hong Kong reader cannot take the wrong way round, and people by their names."""

    @pytest.fixture
    def notices(self, tournament, organiser, frozen_now, announce):
        from weather.services import override_clear, override_set

        organiser.first_name = "黃主任"
        organiser.save()
        frozen_now(hk("06:00"))
        day = {"actor": organiser, "tournament": tournament, "day": MATCH_DAY}
        override_set(**day, status="cancelled", reason="水浸")
        override_clear(**day)
        override_set(**day, status="goes-ahead", reason="室內")
        announce(suspended=False, at="05:50")

    def test_chinese_pages(self, client, tournament, organiser, notices) -> None:
        client.force_login(organiser)
        html = client.get(reverse("weather:manage", args=[tournament.slug])).content.decode()
        assert "小學：不停課（7月19日 05:50）" in html
        assert "大會決定由 黃主任 於 7月19日 06:00 設定。" in html
        assert "由 黃主任 於 7月19日 06:00 撤銷" in html
        assert "由 黃主任 記錄" in html
        assert "於 7月19日 05:50 公布" in html
        assert "7/19" not in html
        assert "由 organiser" not in html
        public = client.get(reverse("weather:public", args=[tournament.slug])).content.decode()
        assert "小學：不停課（7月19日 05:50）" in public

    def test_english_pages(self, client, tournament, organiser, notices) -> None:
        client.force_login(organiser)
        client.cookies["django_language"] = "en"
        html = client.get(reverse("weather:manage", args=[tournament.slug])).content.decode()
        assert "Primary schools: no class suspension (19 Jul 05:50)" in html
        assert "Override set by 黃主任 at 19 Jul 06:00." in html
        assert "announced 19 Jul 05:50" in html
        assert "7/19" not in html
        assert "by organiser" not in html
