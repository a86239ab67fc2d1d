"""The tournament's ruleset options: twist's strict rule (3 + N, N counted by the restore) and six-player's
104-tile set at tables of 4 or fewer, set once for the whole tournament and used by every scoring call."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from core.errors import ServiceError
from referee.draws.services.seats import seat_assign
from referee.models import Table, Tournament
from referee.people.services.people import player_create, school_create
from referee.play.services.incidents import incident_record_in_play
from referee.play.services.results import game_result_submit
from referee.results.table_rules import ruleset_options, table_ruleset
from referee.tournaments.services.schedule import round_create, table_create
from referee.tournaments.services.tournaments import tournament_create, tournament_update
from scoring import PlayerInput

# R5 R6 R7 lie in a run; K1 and B9 fit nowhere: N = 2.
TABLE_TILES = "R5 R6 R7 K1 B9"


def seated(organiser, ruleset: str, seats: int, **settings) -> Table:
    tournament = tournament_create(
        actor=organiser, name=ruleset, slug=f"o-{ruleset}-{seats}", ruleset=ruleset, **settings
    )
    school = school_create(actor=organiser, tournament=tournament, name_zh="海濱小學", name_en="", code="HSP")
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="R1",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9),
    )
    table = table_create(actor=organiser, round_=round_)
    for number in range(seats):
        player = player_create(actor=organiser, tournament=tournament, school=school, name_zh=f"選手{number}")
        seat_assign(actor=organiser, table=table, player=player)
    return Table.objects.select_related("round__tournament").get(pk=table.pk)


def forgotten(organiser, table: Table, **facts):
    return incident_record_in_play(
        actor=organiser,
        table=table,
        seat=table.seats.get(letter="A"),
        kind="incomplete-move-forgotten",
        **facts,
    )


class TestTwistStrictRule:
    def test_strict_counts_n_with_the_restore(self, organiser):
        table = seated(organiser, "twist", 3, strict_rule=True)
        incident = forgotten(organiser, table, table_tiles=TABLE_TILES)
        assert (incident.tiles_left_over, incident.tiles_drawn) == (2, 5)
        assert incident.arrangement["sets"] == ["R5 R6 R7"]

    def test_strict_takes_a_count_instead(self, organiser):
        table = seated(organiser, "twist", 3, strict_rule=True)
        assert forgotten(organiser, table, tiles_left_over=4).tiles_drawn == 7

    def test_without_strict_the_tiles_go_back_to_the_pool(self, organiser):
        table = seated(organiser, "twist", 3)
        assert forgotten(organiser, table).tiles_drawn == 3
        with pytest.raises(ServiceError) as refused:
            forgotten(organiser, table, table_tiles=TABLE_TILES)
        assert refused.value.field == "table_tiles"

    def test_the_incident_form_offers_the_restore_under_strict_only(self, organiser, client):
        client.force_login(organiser)
        strict = seated(organiser, "twist", 3, strict_rule=True)
        plain = Tournament.objects.get(pk=seated(organiser, "twist", 4).round.tournament_id)
        slug = strict.round.tournament.slug
        form = client.get(reverse("organiser:table", args=[slug, strict.pk])).context["incident_form"]
        assert form.restore_kinds == ["incomplete-move-forgotten"]
        label = dict(form.fields["kind"].choices)["incomplete-move-forgotten"]
        assert "嚴格" in label
        plain_table = Table.objects.get(round__tournament=plain)
        plain_form = client.get(reverse("organiser:table", args=[plain.slug, plain_table.pk])).context[
            "incident_form"
        ]
        assert plain_form.restore_kinds == []

    def test_strict_is_kept_only_for_twist(self, organiser):
        standard = seated(organiser, "standard", 3, strict_rule=True, small_set=True)
        tournament = standard.round.tournament
        assert (tournament.strict_rule, tournament.small_set) == (False, False)
        assert ruleset_options(tournament, 3) == ruleset_options(tournament)


def hands_with(tile: str) -> list[PlayerInput]:
    return [
        PlayerInput(seat="A", went_out=True),
        PlayerInput(seat="B", rack=(tile,)),
        *[PlayerInput(seat=letter, rack=(f"R{number}",)) for number, letter in enumerate("CDE", start=1)],
    ]


class TestSixPlayerSmallSet:
    @pytest.mark.parametrize(
        ("small_set", "seats", "accepted"), [(True, 4, False), (True, 5, True), (False, 4, True)]
    )
    def test_green_tiles_at_a_table_of_four(self, organiser, small_set, seats, accepted):
        table = seated(organiser, "six-player", seats, small_set=small_set)
        hands = hands_with("G5")[:seats]

        def submit():
            return game_result_submit(
                actor=organiser, table=table, game_number=1, ending="went-out", hands=hands
            )

        if accepted:
            assert submit().number == 1
        else:
            with pytest.raises(ServiceError):
                submit()
            assert not table.games.exists()

    def test_the_pad_and_the_help_follow_the_table(self, organiser, client):
        client.force_login(organiser)
        table = seated(organiser, "six-player", 4, small_set=True)
        page = client.get(reverse("organiser:table", args=[table.round.tournament.slug, table.pk]))
        assert [key.token for key in page.context["pad"].colours] == list("KRBY")
        assert table_ruleset(table.round.tournament, 6).colours == "KRBYGP"


@pytest.mark.parametrize(
    ("ruleset", "shown", "hidden"),
    [("twist", "strict_rule", "small_set"), ("six-player", "small_set", "strict_rule")],
)
def test_the_settings_page_shows_the_rulesets_own_option(organiser, client, ruleset, shown, hidden):
    client.force_login(organiser)
    table = seated(organiser, ruleset, 3)
    form = client.get(reverse("organiser:settings", args=[table.round.tournament.slug])).context["form"]
    assert shown in form.fields
    assert hidden not in form.fields


def test_the_strict_rule_is_frozen_once_results_exist(organiser):
    table = seated(organiser, "twist", 2)
    tournament = table.round.tournament
    game_result_submit(
        actor=organiser,
        table=table,
        game_number=1,
        ending="went-out",
        hands=[PlayerInput(seat="A", went_out=True), PlayerInput(seat="B", rack_value=5)],
    )
    with pytest.raises(ServiceError) as refused:
        tournament_update(
            actor=organiser,
            tournament=tournament,
            name=tournament.name,
            privacy=tournament.privacy,
            language=tournament.language,
            requires_confirmation=False,
            standings_released=False,
            strict_rule=True,
        )
    assert refused.value.field == "strict_rule"
