"""The set checker on the site: who may open it, what it answers for each Rummikub ruleset, in 2 languages."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

import scoring
from referee.draws.services.seats import seat_assign
from referee.models import Table
from referee.people.services.people import player_create, school_create
from referee.results.set_check import check_set
from referee.tournaments.services.referees import referee_add
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import tournament_create
from referee.wording.refusals import SET_MESSAGES
from referee.wording.tiles import tiles_help


def referee_address(table: Table, tiles: str | None = None) -> str:
    address = reverse("referee:set_check", args=[table.pk])
    return address if tiles is None else f"{address}?tiles={tiles}"


@pytest.fixture
def seated_table(organiser, referee):
    """Builds a table of three for any ruleset, its referee the `referee` fixture's."""

    def build(ruleset: str) -> Table:
        tournament = tournament_create(actor=organiser, name=ruleset, slug=f"sc-{ruleset}", ruleset=ruleset)
        referee_add(actor=organiser, tournament=tournament, username=referee.username)
        school = school_create(
            actor=organiser, tournament=tournament, name_zh="海濱小學", name_en="", code="HSP"
        )
        round_ = round_create(
            actor=organiser,
            tournament=tournament,
            name="R1",
            date=datetime.date(2026, 12, 5),
            start_time=datetime.time(9),
        )
        table = table_create(actor=organiser, round_=round_)
        table_assign_referee(actor=organiser, table=table, referee=referee)
        for number in range(3):
            player = player_create(
                actor=organiser, tournament=tournament, school=school, name_zh=f"選手{number}"
            )
            seat_assign(actor=organiser, table=table, player=player)
        return Table.objects.get(pk=table.pk)

    return build


class TestWhoMayOpenIt:
    def test_the_referee_page_answers_as_the_table_page_does(self, client, roles, table):
        for role, user in roles.items():
            client.logout()
            if user.is_authenticated:
                client.force_login(user)
            table_page = client.get(reverse("referee:table", args=[table.pk]))
            checker = client.get(referee_address(table, "R1 R2 R3"))
            assert checker.status_code == table_page.status_code, role
            if role == "anonymous":
                assert checker.status_code == 302
                assert checker["Location"].startswith(reverse("login"))

    def test_the_organiser_page_is_for_the_tournaments_organisers(self, client, roles, table, tournament):
        address = reverse("organiser:set_check", args=[tournament.slug, table.pk])
        expected = {"organiser": 200, "table referee": 403, "other referee": 403, "stranger": 403}
        for role, status in expected.items():
            client.force_login(roles[role])
            assert client.get(address).status_code == status, role
        client.logout()
        assert client.get(address).status_code == 302
        client.force_login(roles["organiser"])
        assert client.get(reverse("organiser:set_check", args=[tournament.slug, 10**9])).status_code == 404

    def test_only_get_is_answered(self, referee_client, table):
        assert referee_client.post(referee_address(table), {"tiles": "R1 R2 R3"}).status_code == 405

    def test_uno_has_no_sets(self, client, referee, seated_table):
        table = seated_table("uno")
        client.force_login(referee)
        assert client.get(referee_address(table, "R1 R2 R3")).status_code == 404

    def test_the_table_pages_link_to_it(self, referee_client, organiser_client, table, tournament):
        page = referee_client.get(reverse("referee:table", args=[table.pk]))
        assert referee_address(table) in page.content.decode()
        organiser_page = organiser_client.get(reverse("organiser:table", args=[tournament.slug, table.pk]))
        assert (
            reverse("organiser:set_check", args=[tournament.slug, table.pk])
            in organiser_page.content.decode()
        )


class TestWhatItAnswers:
    def test_a_mirror_set_with_a_double_joker(self, client, referee, seated_table):
        table = seated_table("twist")
        client.force_login(referee)
        response = client.get(referee_address(table, "r3 d m r5 r4 r3"), HTTP_ACCEPT_LANGUAGE="en")
        checked = response.context["checked"]
        assert (checked.valid, checked.kind, checked.value, checked.reads) == (
            True,
            "mirror",
            24,
            "R3 R4 R5 M R5 R4 R3",
        )
        assert [(joker.place, joker.joker, joker.stands_for) for joker in checked.jokers] == [
            (2, "D", ("R4", "R5")),
            (3, "M", ()),
        ]
        text = response.content.decode()
        assert "Valid: a mirror set worth 24." in text
        assert "Tile 2, D, stands for" in text

    def test_a_refusal_in_chinese(self, client, referee, seated_table):
        table = seated_table("twist")
        client.force_login(referee)
        response = client.get(referee_address(table, "R7 R6 R5"), HTTP_ACCEPT_LANGUAGE="zh-hant")
        checked = response.context["checked"]
        assert (checked.valid, checked.code) == (False, "run-not-consecutive")
        assert checked.reason == str(SET_MESSAGES["run-not-rising"])
        assert checked.reason in response.content.decode()
        assert "Not a valid set" not in response.content.decode()

    def test_a_run_written_downwards_is_valid_outside_twist(self, client, referee, seated_table):
        table = seated_table("standard")
        client.force_login(referee)
        checked = client.get(referee_address(table, "R7 R6 J")).context["checked"]
        assert (checked.valid, checked.value, checked.jokers[0].stands_for) == (True, 18, ("R5",))

    def test_a_tile_the_set_does_not_have_is_named_next_to_the_field(self, client, referee, seated_table):
        table = seated_table("standard")
        client.force_login(referee)
        response = client.get(referee_address(table, "G5 G6 G7"), HTTP_ACCEPT_LANGUAGE="en")
        assert response.context["checked"] is None
        assert "G5 is not a tile of this game" in response.context["form"].errors["tiles"][0]

    def test_the_blank_page_checks_nothing(self, referee_client, table):
        response = referee_client.get(referee_address(table))
        assert response.context["checked"] is None
        assert not response.context["form"].is_bound

    @pytest.mark.parametrize(
        ("ruleset", "named", "absent"),
        [
            ("standard", ["K black", "J joker"], ["G green", "D double joker"]),
            ("six-player", ["G green", "P purple"], ["M mirror joker"]),
            ("twist", ["D double joker", "C colour-change joker", "M mirror joker"], ["G green"]),
        ],
    )
    def test_the_help_names_the_rulesets_own_tiles(
        self, client, referee, seated_table, ruleset, named, absent
    ):
        table = seated_table(ruleset)
        client.force_login(referee)
        text = client.get(referee_address(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert all(words in text for words in named)
        assert not any(words in text for words in absent)


@pytest.mark.parametrize(
    "code",
    [
        "too-few-tiles",
        "not-a-set",
        "group-repeated-colour",
        "run-wraps",
        "colour-change-same-colour",
        "mirror-not-symmetric",
        "mirror-not-centred",
    ],
)
def test_every_refusal_has_its_own_words(code):
    examples = {
        "too-few-tiles": "R1 R2",
        "not-a-set": "R1 B5 K9",
        "group-repeated-colour": "R5 R5 B5",
        "run-wraps": "R12 R13 R1",
        "colour-change-same-colour": "R5 C R7",
        "mirror-not-symmetric": "R3 M R4",
        "mirror-not-centred": "R3 R4 M R4",
    }
    checked = check_set(scoring.get_ruleset("twist"), examples[code])
    assert (checked.valid, checked.code) == (False, code)
    assert checked.reason == str(SET_MESSAGES[code])


def test_the_help_for_uno_names_cards(settings):
    assert "W4" in tiles_help(scoring.get_ruleset("uno"))


def test_the_entry_form_names_the_rulesets_own_tiles(client, referee, seated_table):
    table = seated_table("twist")
    client.force_login(referee)
    text = client.get(reverse("referee:table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "D double joker" in text
    assert "M mirror joker" in text
