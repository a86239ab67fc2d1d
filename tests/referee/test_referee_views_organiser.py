"""The organiser's pages: who may open them, and every form with good and bad input (never a 500)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.models import AuditEntry
from referee.draws.services.seats import seat_assign
from referee.models import Player, Round, School, Seat, Table, Tournament
from referee.people.services.people import player_create, school_create
from referee.play.services.signoff import table_sign_off
from referee.tournaments.services.schedule import table_create
from referee.tournaments.services.tournaments import tournament_create
from tests.referee.conftest import form_errors

PAGES = ["dashboard", "settings", "schools", "players", "rounds", "referees", "standings"]


@pytest.mark.parametrize("page", PAGES)
def test_pages_are_for_the_tournaments_organisers(client, tournament, organiser, referee, stranger, page):
    url = reverse(f"organiser:{page}", args=[tournament.slug])
    assert client.get(url).status_code == 302
    assert client.get(url)["Location"].startswith(reverse("login"))
    for outsider in (referee, stranger):
        client.force_login(outsider)
        assert client.get(url).status_code == 403
    client.force_login(organiser)
    assert client.get(url).status_code == 200


def test_object_pages_answer_for_the_organiser(organiser_client, tournament, table, school, players):
    slug = tournament.slug
    for url in (
        reverse("organiser:round", args=[slug, table.round_id]),
        reverse("organiser:table", args=[slug, table.pk]),
        reverse("organiser:school_edit", args=[slug, school.pk]),
        reverse("organiser:player_edit", args=[slug, players[0].pk]),
    ):
        assert organiser_client.get(url).status_code == 200, url


def test_objects_of_another_tournament_are_not_found(organiser_client, organiser, table, school):
    from referee.tournaments.services.tournaments import tournament_create

    other = tournament_create(actor=organiser, name="Other", slug="other", ruleset="hk-school")
    assert organiser_client.get(reverse("organiser:table", args=[other.slug, table.pk])).status_code == 404
    assert (
        organiser_client.get(reverse("organiser:school_edit", args=[other.slug, school.pk])).status_code
        == 404
    )


def test_home_sends_each_role_to_its_work(client, organiser, referee, stranger, table):
    assert client.get("/").status_code == 200
    client.force_login(organiser)
    assert client.get("/")["Location"] == reverse("organiser:tournaments")
    client.force_login(referee)
    assert client.get("/")["Location"] == reverse("referee:my_tables")
    client.force_login(stranger)
    assert client.get("/").status_code == 200


def test_login_and_logout(client, organiser):
    from tests.referee.conftest import PASSWORD

    wrong = client.post(reverse("login"), {"username": "organiser", "password": "nope"})
    assert wrong.status_code == 200
    assert wrong.context["form"].errors
    right = client.post(reverse("login"), {"username": "organiser", "password": PASSWORD})
    assert right["Location"] == reverse("home")
    logged_out = client.post(reverse("logout"))
    assert logged_out["Location"] == reverse("login") + "?logged-out"
    assert logged_out["Clear-Site-Data"] == '"cache", "storage"'  # the referee's console forgets the phone
    assert client.get(reverse("organiser:tournaments")).status_code == 302


@pytest.mark.parametrize(
    ("language", "label", "message"),
    [
        ("en", "Login name", "Wrong login name or password. The password is case-sensitive."),
        ("zh-hant", "登入名稱", "登入名稱或密碼不正確。密碼區分大小寫。"),
    ],
)
def test_a_failed_login_speaks_of_the_login_name(client, organiser, language, label, message):
    client.cookies["django_language"] = language
    page = client.post(reverse("login"), {"username": "organiser", "password": "nope"}).content.decode()
    assert message in page
    assert f">{label}" in page
    assert "使用者名稱" not in page
    assert "Username" not in page


@pytest.mark.parametrize(
    ("language", "help_text"),
    [
        (
            "en",
            "English letters, digits, dots, hyphens or underscores, for example amy: "
            "the referee then logs in as amy@cup.",
        ),
        ("zh-hant", "英文字母、數字、點、連字號或底線，例如 amy；評審員便以 amy@cup 登入。"),
    ],
)
def test_the_login_name_help_says_what_is_accepted(organiser_client, tournament, language, help_text):
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(reverse("organiser:referees", args=[tournament.slug])).content.decode()
    assert help_text in page


class TestTournamentForms:
    def valid(self, **changes) -> dict:
        return {
            "name": "新比賽",
            "slug": "new-cup",
            "ruleset": "hk-school",
            "shared_win_credit": "full",
            "privacy": "initials",
            "language": "zh-hant",
            **changes,
        }

    def test_create(self, organiser_client):
        response = organiser_client.post(reverse("organiser:tournament_create"), self.valid())
        assert response["Location"] == reverse("organiser:dashboard", args=["new-cup"])
        assert Tournament.objects.get(slug="new-cup").games_per_table == 3

    @pytest.mark.parametrize(
        ("changes", "field"),
        [
            ({"name": ""}, "name"),
            ({"slug": "有中文"}, "slug"),
            ({"slug": "new"}, "slug"),
            ({"ruleset": "chess"}, "ruleset"),
            ({"games_per_table": "0"}, "games_per_table"),
            ({"games_per_table": "three"}, "games_per_table"),
            ({"privacy": "all"}, "privacy"),
            ({"ruleset": "uno", "target_score": "-1"}, "target_score"),
        ],
    )
    def test_create_bad_input(self, organiser_client, changes, field):
        response = organiser_client.post(reverse("organiser:tournament_create"), self.valid(**changes))
        assert field in form_errors(response, "form")
        assert not Tournament.objects.exists()

    def test_duplicate_slug_is_shown_on_the_field(self, organiser_client, tournament):
        response = organiser_client.post(
            reverse("organiser:tournament_create"), self.valid(slug=tournament.slug)
        )
        assert "slug" in form_errors(response, "form")
        assert Tournament.objects.count() == 1

    def test_a_referee_cannot_open_the_create_page(self, referee_client):
        assert referee_client.get(reverse("organiser:tournament_create")).status_code == 403

    def test_settings(self, organiser_client, tournament):
        url = reverse("organiser:settings", args=[tournament.slug])
        data = {
            "name": "改名",
            "shared_win_credit": "split",
            "privacy": "player-numbers",
            "language": "en",
            "games_per_table": "4",
            "standings_released": "on",
        }
        assert organiser_client.post(url, data)["Location"] == url
        tournament.refresh_from_db()
        assert (tournament.name, tournament.games_per_table, tournament.standings_released) == (
            "改名",
            4,
            True,
        )
        bad = organiser_client.post(url, {**data, "name": "", "games_per_table": "x"})
        assert set(form_errors(bad, "form")) == {"name", "games_per_table"}
        tournament.refresh_from_db()
        assert tournament.name == "改名"

    def test_frozen_setting_shows_next_to_its_field(self, organiser_client, tournament, table, play):
        play(table)
        url = reverse("organiser:settings", args=[tournament.slug])
        data = {
            "name": tournament.name,
            "shared_win_credit": "split",
            "privacy": "initials",
            "language": "zh-hant",
            "games_per_table": "3",
        }
        assert "shared_win_credit" in form_errors(organiser_client.post(url, data), "form")


class TestSchoolAndPlayerForms:
    def test_add_school(self, organiser_client, tournament):
        url = reverse("organiser:schools", args=[tournament.slug])
        response = organiser_client.post(
            url, {"action": "add", "name_zh": "獅山小學", "name_en": "", "code": "lhp"}
        )
        assert response["Location"] == url
        assert School.objects.get().code == "LHP"

    @pytest.mark.parametrize(
        ("data", "field"),
        [
            ({"name_zh": "", "name_en": "", "code": "A"}, "name_zh"),
            ({"name_zh": "學校", "name_en": "", "code": ""}, "code"),
            ({"name_zh": "學校", "name_en": "", "code": "HSP"}, "code"),
            ({"name_zh": "學校", "name_en": "", "code": "X" * 20}, "code"),
        ],
    )
    def test_add_school_bad_input(self, organiser_client, tournament, school, data, field):
        url = reverse("organiser:schools", args=[tournament.slug])
        response = organiser_client.post(url, {"action": "add", **data})
        assert field in form_errors(response, "school_form")
        assert School.objects.count() == 1

    def test_edit_school(self, organiser_client, tournament, school):
        url = reverse("organiser:school_edit", args=[tournament.slug, school.pk])
        bad = organiser_client.post(url, {"name_zh": "", "name_en": "", "code": "HSP"})
        assert "name_zh" in form_errors(bad, "form")
        organiser_client.post(url, {"name_zh": "海濱", "name_en": "Harbourside", "code": "HB"})
        school.refresh_from_db()
        assert (school.name_zh, school.code) == ("海濱", "HB")

    def test_delete_school_in_use_shows_a_message(self, organiser_client, tournament, school, players):
        url = reverse("organiser:schools", args=[tournament.slug])
        response = organiser_client.post(url, {"action": "delete", "school": school.pk}, follow=True)
        assert School.objects.filter(pk=school.pk).exists()
        assert [m.level_tag for m in response.context["messages"]] == ["error"]

    @pytest.mark.parametrize("forged", ["abc", "", "999999", "-1"])
    def test_forged_keys_are_not_found(self, organiser_client, tournament, school, forged):
        url = reverse("organiser:schools", args=[tournament.slug])
        assert organiser_client.post(url, {"action": "delete", "school": forged}).status_code == 404

    def test_unknown_action_goes_back_with_a_message(self, organiser_client, tournament):
        url = reverse("organiser:schools", args=[tournament.slug])
        response = organiser_client.post(url, {"action": "explode"}, follow=True)
        assert response.status_code == 200
        assert [m.level_tag for m in response.context["messages"]] == ["error"]

    def test_add_player(self, organiser_client, tournament, school):
        url = reverse("organiser:players", args=[tournament.slug])
        data = {
            "action": "add",
            "name_zh": "司徒樂怡",
            "name_en": "Szeto Lok Yi",
            "school": school.pk,
            "class_name": "5D",
            "number": "",
        }
        response = organiser_client.post(url, data)
        assert response["Location"] == f"{url}?school={school.pk}#player-form"  # the school stays chosen
        assert organiser_client.get(response["Location"]).context["player_form"].initial["school"] == school
        player = Player.objects.get()
        assert (player.name_zh, player.number) == ("司徒樂怡", 1)

    @pytest.mark.parametrize(
        ("changes", "field"),
        [
            ({"name_zh": "", "name_en": ""}, "name_zh"),
            ({"school": "999999"}, "school"),
            ({"school": "abc"}, "school"),
            ({"number": "abc"}, "number"),
            ({"number": "0"}, "number"),
            ({"number": "1"}, "number"),
        ],
    )
    def test_add_player_bad_input(self, organiser_client, tournament, school, players, changes, field):
        url = reverse("organiser:players", args=[tournament.slug])
        data = {
            "action": "add",
            "name_zh": "新",
            "name_en": "",
            "school": school.pk,
            "class_name": "",
            "number": "",
        }
        response = organiser_client.post(url, {**data, **changes})
        assert field in form_errors(response, "player_form")
        assert Player.objects.count() == len(players)

    def test_a_school_of_another_tournament_is_not_offered(
        self, organiser_client, organiser, tournament, school
    ):
        from referee.tournaments.services.tournaments import tournament_create

        other = tournament_create(actor=organiser, name="Other", slug="other", ruleset="hk-school")
        foreign = school_create(actor=organiser, tournament=other, name_zh="外校", name_en="", code="F")
        url = reverse("organiser:players", args=[tournament.slug])
        data = {"action": "add", "name_zh": "新", "school": foreign.pk}
        assert "school" in form_errors(organiser_client.post(url, data), "player_form")

    def test_edit_player_keeps_number_when_blank(self, organiser_client, tournament, school, players):
        player = players[2]
        url = reverse("organiser:player_edit", args=[tournament.slug, player.pk])
        data = {"name_zh": "張家樂", "name_en": "", "school": school.pk, "class_name": "6A", "number": ""}
        organiser_client.post(url, data)
        player.refresh_from_db()
        assert (player.name_zh, player.number) == ("張家樂", 3)
        bad = organiser_client.post(url, {**data, "number": "1"})
        assert "number" in form_errors(bad, "form")


class TestScheduleForms:
    def test_add_round_and_table(self, organiser_client, tournament):
        url = reverse("organiser:rounds", args=[tournament.slug])
        organiser_client.post(
            url, {"action": "add", "name": "第一輪", "date": "2026-12-05", "start_time": "09:30"}
        )
        round_ = Round.objects.get()
        round_url = reverse("organiser:round", args=[tournament.slug, round_.pk])
        assert (
            organiser_client.post(round_url, {"action": "add-table", "number": ""})["Location"] == round_url
        )
        assert Table.objects.get().number == 1

    @pytest.mark.parametrize(
        ("changes", "field"),
        [
            ({"name": ""}, "name"),
            ({"date": "2026-02-31"}, "date"),
            ({"date": "tomorrow"}, "date"),
            ({"date": "9999-12-31"}, "date"),
            ({"date": "0001-01-01"}, "date"),
            ({"start_time": "25:00"}, "start_time"),
            ({"order": "0"}, "order"),
        ],
    )
    def test_add_round_bad_input(self, organiser_client, tournament, changes, field):
        url = reverse("organiser:rounds", args=[tournament.slug])
        data = {"action": "add", "name": "第一輪", "date": "2026-12-05", "start_time": "09:30", **changes}
        assert field in form_errors(organiser_client.post(url, data), "round_form")
        assert not Round.objects.exists()

    def test_a_round_at_the_ends_of_the_calendar_is_refused_in_the_pages_language(
        self, organiser_client, tournament
    ):
        url = reverse("organiser:rounds", args=[tournament.slug])
        data = {"action": "add", "name": "第一輪", "date": "9999-12-31", "start_time": "09:30"}
        errors = form_errors(organiser_client.post(url, data, HTTP_ACCEPT_LANGUAGE="en"), "round_form")
        assert errors["date"] == ["Enter a date between the years 2000 and 2100."]
        assert not Round.objects.exists()

    def test_edit_round_bad_and_good(self, organiser_client, tournament, round_):
        url = reverse("organiser:round", args=[tournament.slug, round_.pk])
        bad = organiser_client.post(
            url, {"action": "edit", "name": "決賽", "date": "", "start_time": "10:00"}
        )
        assert "date" in form_errors(bad, "round_form")
        organiser_client.post(
            url, {"action": "edit", "name": "決賽", "date": "2026-12-06", "start_time": "10:00"}
        )
        round_.refresh_from_db()
        assert round_.name == "決賽"

    @pytest.mark.parametrize(("number", "field"), [("0", "number"), ("x", "number"), ("1", "number")])
    def test_add_table_bad_input(self, organiser_client, tournament, table, number, field):
        url = reverse("organiser:round", args=[tournament.slug, table.round_id])
        response = organiser_client.post(url, {"action": "add-table", "number": number})
        assert field in form_errors(response, "table_form")
        assert Table.objects.count() == 1


class TestTablePage:
    def url(self, table) -> str:
        return reverse("organiser:table", args=[table.round.tournament.slug, table.pk])

    def test_seat_a_player(self, organiser_client, organiser, round_, players):
        from referee.tournaments.services.schedule import table_create

        table = table_create(actor=organiser, round_=round_)
        response = organiser_client.post(
            self.url(table), {"action": "add-seat", "player": players[0].pk, "letter": ""}
        )
        assert response["Location"] == self.url(table)
        assert Seat.objects.get().letter == "A"

    @pytest.mark.parametrize(
        ("changes", "field"),
        [
            ({"letter": "Z"}, "letter"),
            ({"letter": "A"}, "letter"),
            ({"player": "seated elsewhere"}, "player"),
            ({"player": ""}, "player"),
            ({"drawn_number": "many"}, "drawn_number"),
        ],
    )
    def test_seat_bad_input(
        self, organiser_client, organiser, tournament, round_, table, school, changes, field
    ):
        from referee.tournaments.services.schedule import table_create

        other = table_create(actor=organiser, round_=round_)
        first = player_create(actor=organiser, tournament=tournament, school=school, name_zh="甲")
        free = player_create(actor=organiser, tournament=tournament, school=school, name_zh="乙")
        seat_assign(actor=organiser, table=other, player=first, letter="A")
        post = {"action": "add-seat", "player": free.pk, "letter": "", "drawn_number": "", **changes}
        if post["player"] == "seated elsewhere":
            post["player"] = table.seats.first().player_id
        response = organiser_client.post(self.url(other), post)
        errors = form_errors(response, "seat_form")
        assert list(errors) == [field]
        assert other.seats.count() == 1

    def test_a_stale_page_gets_the_reason_a_seat_was_refused(
        self, organiser_client, organiser, tournament, round_, table, school
    ):
        """Two organisers seat at once: the form on the slower one's page offered a player or a seat that
        has since been taken. The page says why, in its language, instead of "not one of the choices"."""
        from referee.tournaments.services.schedule import table_create

        other = table_create(actor=organiser, round_=round_)
        free = player_create(actor=organiser, tournament=tournament, school=school, name_zh="乙")
        seated_elsewhere = table.seats.get(letter="B").player_id
        post = {"action": "add-seat", "player": seated_elsewhere, "letter": "", "drawn_number": ""}
        response = organiser_client.post(self.url(other), post, HTTP_ACCEPT_LANGUAGE="en")
        errors = form_errors(response, "seat_form")
        assert errors["player"] == ["This player already sits at table 1 in this round."]
        seat_assign(actor=organiser, table=other, player=free, letter="A")
        newcomer = player_create(actor=organiser, tournament=tournament, school=school, name_zh="丙")
        post = {"action": "add-seat", "player": newcomer.pk, "letter": "A", "drawn_number": ""}
        errors = form_errors(organiser_client.post(self.url(other), post), "seat_form")
        assert errors["letter"] == ["此座位已有人。"]
        assert other.seats.count() == 1

    def test_a_fifth_seat_is_refused_with_the_tables_size(self, organiser_client, table, players):
        page = organiser_client.get(self.url(table), HTTP_ACCEPT_LANGUAGE="en")
        assert "This table is full" in page.content.decode()
        assert 'id="seat-form"' not in page.content.decode()
        for letter in ("", "E"):
            post = {"action": "add-seat", "player": players[4].pk, "letter": letter, "drawn_number": ""}
            response = organiser_client.post(self.url(table), post, HTTP_ACCEPT_LANGUAGE="en")
            errors = form_errors(response, "seat_form")
            assert errors["letter"] in (["This table is full."], ["Choose a seat from A to D."])
            assert errors["letter"][0] in response.content.decode()
        assert table.seats.count() == 4

    def test_a_seat_posted_after_the_first_game_says_why_nothing_changed(
        self, organiser_client, table, players, play
    ):
        """The page was opened before the referee recorded game 1: the seat is refused, and the page says so
        instead of staying silent."""
        clear = {"action": "remove-seat", "seat": table.seats.get(letter="D").pk}
        organiser_client.post(self.url(table), clear)
        play(Table.objects.get(pk=table.pk), racks={"B": 5, "C": 6})
        post = {"action": "add-seat", "player": players[4].pk, "letter": "", "drawn_number": ""}
        response = organiser_client.post(self.url(table), post, HTTP_ACCEPT_LANGUAGE="en")
        assert "Games have been recorded at this table; its seats cannot change." in response.content.decode()
        assert table.seats.count() == 3

    def test_clear_a_seat(self, organiser_client, table):
        seat = table.seats.get(letter="D")
        organiser_client.post(self.url(table), {"action": "remove-seat", "seat": seat.pk})
        assert not Seat.objects.filter(pk=seat.pk).exists()

    def test_assign_referee_good_and_bad(self, organiser_client, table, other_referee, stranger):
        bad = organiser_client.post(self.url(table), {"action": "assign-referee", "referee": stranger.pk})
        assert "referee" in form_errors(bad, "referee_form")
        organiser_client.post(self.url(table), {"action": "assign-referee", "referee": other_referee.pk})
        table.refresh_from_db()
        assert table.referee == other_referee

    def test_sign_off_confirm_and_history(self, organiser_client, finished_table, tournament, referee):

        tournament.requires_confirmation = True
        tournament.save()
        page = organiser_client.get(self.url(finished_table))
        assert page.context["progress"].status == "finished"
        table_sign_off(actor=referee, table=finished_table)
        organiser_client.post(self.url(finished_table), {"action": "confirm"})
        finished_table.refresh_from_db()
        assert finished_table.signed_off_at
        assert finished_table.confirmed_at
        page = organiser_client.get(self.url(finished_table))
        assert [row.action for row in page.context["history"]][:2] == ["table.confirm", "table.sign_off"]
        assert page.context["winner_name"] == "李詠琳"

    def test_delete_an_empty_table_goes_back_to_its_round(self, organiser_client, organiser, round_):
        from referee.tournaments.services.schedule import table_create

        table = table_create(actor=organiser, round_=round_)
        response = organiser_client.post(self.url(table), {"action": "delete"})
        assert response["Location"] == reverse("organiser:round", args=[round_.tournament.slug, round_.pk])
        assert not Table.objects.filter(pk=table.pk).exists()

    def test_a_played_table_is_not_deleted(self, organiser_client, table, play):
        play(table)
        response = organiser_client.post(self.url(table), {"action": "delete"}, follow=True)
        assert Table.objects.filter(pk=table.pk).exists()
        assert [m.level_tag for m in response.context["messages"]] == ["error"]


class TestRefereeForms:
    def url(self, tournament) -> str:
        return reverse("organiser:referees", args=[tournament.slug])

    def test_create_account(self, organiser_client, tournament):
        data = {"action": "create", "display_name": "張志明", "username": "ref9", "password": "long-enough-9"}
        organiser_client.cookies["django_language"] = "en"
        response = organiser_client.post(self.url(tournament), data, follow=True)
        assert tournament.referees.filter(username="ref9@cup").exists()
        messages = [str(message) for message in response.context["messages"]]
        assert messages == ["Referee account created. 張志明 logs in as ref9@cup."]
        assert "<td>ref9@cup</td>" in response.content.decode()

    @pytest.mark.parametrize(
        ("changes", "field"),
        [
            ({"password": "short"}, "password"),
            ({"username": "organiser@elsewhere"}, "username"),
            ({"username": "bad name!"}, "username"),
            ({"display_name": ""}, "display_name"),
        ],
    )
    def test_create_account_bad_input(self, organiser_client, tournament, changes, field):
        data = {"action": "create", "display_name": "張志明", "username": "ref9", "password": "long-enough-9"}
        response = organiser_client.post(self.url(tournament), {**data, **changes})
        assert field in form_errors(response, "account_form")
        assert not tournament.referees.exists()

    def test_add_existing_and_remove(self, organiser, organiser_client, tournament, stranger):
        bad = organiser_client.post(self.url(tournament), {"action": "add", "username": "ghost"})
        assert "username" in form_errors(bad, "add_form")
        unrelated = organiser_client.post(self.url(tournament), {"action": "add", "username": "stranger"})
        assert form_errors(unrelated, "add_form") == form_errors(bad, "add_form")
        earlier = tournament_create(actor=organiser, name="舊", slug="old", ruleset="hk-school")
        earlier.referees.add(stranger)
        organiser_client.post(self.url(tournament), {"action": "add", "username": "stranger"})
        assert tournament.referees.filter(pk=stranger.pk).exists()
        organiser_client.post(self.url(tournament), {"action": "remove", "user": stranger.pk})
        assert not tournament.referees.filter(pk=stranger.pk).exists()
        assert AuditEntry.objects.filter(action="referee.remove").exists()


def test_a_referee_posting_to_an_organiser_page_is_refused(referee_client, tournament):
    url = reverse("organiser:schools", args=[tournament.slug])
    response = referee_client.post(url, {"action": "add", "name_zh": "入侵", "code": "X"})
    assert response.status_code == 403
    assert not School.objects.exists()


NOT_ASCII_KEYS = ["²", "１", "٣", "1²", "-1", "", "99999999999999999999999", str(2**63)]


@pytest.mark.parametrize("key", NOT_ASCII_KEYS)
def test_a_button_naming_its_object_in_anything_but_ascii_digits_finds_nothing(organiser_client, table, key):
    """Every Delete, Remove and Clear button names its object by key: a forged key is a 404, never a 500."""
    url = reverse("organiser:table", args=[table.round.tournament.slug, table.pk])
    response = organiser_client.post(url, {"action": "remove-seat", "seat": key})
    assert response.status_code == 404
    assert table.seats.count() == 4


@pytest.mark.parametrize("key", NOT_ASCII_KEYS)
def test_a_game_asked_for_in_anything_but_ascii_digits_opens_the_next_game(
    organiser_client, table, play, key
):
    play(table)
    for url in (
        reverse("organiser:table", args=[table.round.tournament.slug, table.pk]),
        reverse("referee:table", args=[table.pk]),
    ):
        response = organiser_client.get(url, {"game": key})
        assert response.status_code == 200
        assert response.context["editing_number"] == 2
        assert not response.context["correcting"]


def test_the_overview_leads_to_the_mornings_pages(organiser_client, tournament, table):
    """From the tournament's overview a teacher reaches check-in, the referees' and players' cards, each
    round's draw and the public page, without hunting through the menu."""
    page = organiser_client.get(reverse("organiser:dashboard", args=[tournament.slug])).content.decode()
    slug = tournament.slug
    for url in (
        reverse("organiser:import", args=[slug]),
        reverse("organiser:checkin", args=[slug]),
        reverse("organiser:referee_cards", args=[slug]),
        reverse("exports:page", args=[slug]) + "#export-player-cards-pdf",
        reverse("organiser:round_draw", args=[slug, table.round_id]),
        reverse("public:tournament", args=[slug]),
    ):
        assert f'href="{url}"' in page, url


def test_the_overview_links_are_translated(organiser_client, tournament, table):
    url = reverse("organiser:dashboard", args=[tournament.slug])
    english = organiser_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Player cards" in english
    organiser_client.cookies["django_language"] = "zh-hant"
    chinese = organiser_client.get(url).content.decode()
    assert "參加者卡" in chinese
    assert "Player cards" not in chinese


@pytest.mark.parametrize(("language", "words"), [("en", "Assign a referee"), ("zh-hant", "指派評審員")])
def test_a_table_without_a_referee_leads_to_its_assign_form(
    organiser_client, organiser, round_, language, words
):
    """A drawn round's tables have no referee yet: the overview and the round page lead to the form."""
    bare = table_create(actor=organiser, round_=round_)
    organiser_client.cookies["django_language"] = language
    target = reverse("organiser:table", args=[round_.tournament.slug, bare.pk]) + "#referee-form"
    for url in (
        reverse("organiser:dashboard", args=[round_.tournament.slug]),
        reverse("organiser:round", args=[round_.tournament.slug, round_.pk]),
    ):
        page = organiser_client.get(url).content.decode()
        assert f'href="{target}"' in page, url
        assert words in page


def test_a_table_with_its_referee_offers_no_assign_link(organiser_client, table):
    page = organiser_client.get(reverse("organiser:dashboard", args=[table.round.tournament.slug]))
    assert "#referee-form" not in page.content.decode()


def test_the_players_page_leads_to_their_cards(organiser_client, tournament):
    page = organiser_client.get(reverse("organiser:players", args=[tournament.slug])).content.decode()
    assert f'href="{reverse("exports:page", args=[tournament.slug])}#export-player-cards-pdf"' in page
