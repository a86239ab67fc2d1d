"""Putting a table right after play (RULES.md): the wrong child in a seat, corrected by the organiser with a
reason (the seat's results move to the child who really sat there), and a game voided to be played again."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.errors import ServiceError
from core.models import AuditEntry
from referee.draws.services.seats import seat_assign
from referee.models import Game, Incident, Player, Table
from referee.people.services.people import player_create, school_create
from referee.play.services.incidents import incident_record
from referee.play.services.seat_fixes import game_void, seat_player_correct
from referee.play.services.signoff import table_confirm, table_sign_off
from referee.standings.selectors.standings import standings
from referee.tournaments.services.schedule import table_create
from referee.tournaments.services.tournaments import tournament_create


def totals(tournament) -> dict[int, tuple[int, object]]:
    """Each player's games played and total score, by number, as the standings show them."""
    return {row.number: (row.games_played, row.total) for row in standings(tournament, final_only=False)}


@pytest.fixture
def played_table(table, play):
    """Game 1 of the seed sheet: B went out; A 7, C 61, D 50."""
    play(table, "B", {"A": 7, "C": 61, "D": 50})
    return Table.objects.get(pk=table.pk)


class TestTheWrongChildInASeat:
    def test_the_seat_s_results_move_to_the_child_who_sat_there(
        self, played_table, organiser, players, tournament
    ):
        wrong, right = played_table.seats.get(letter="A").player, players[4]
        seat_player_correct(
            actor=organiser,
            seat=played_table.seats.get(letter="A"),
            player=right,
            reason="坐錯了：應為劉子晴",
        )
        assert played_table.seats.get(letter="A").player == right
        standings = totals(tournament)
        assert standings[right.number] == (1, -7)
        assert standings.get(wrong.number, (0, 0)) == (0, 0)
        entry = AuditEntry.objects.get(action="seat.correct")
        assert (entry.table_id, entry.reason) == (played_table.pk, "坐錯了：應為劉子晴")
        assert entry.changes["before"]["player"] == wrong.pk

    def test_two_children_who_swapped_seats_exchange_them(self, played_table, organiser, tournament):
        seat_a, seat_c = played_table.seats.get(letter="A"), played_table.seats.get(letter="C")
        amy, carl = seat_a.player, seat_c.player
        seat_player_correct(actor=organiser, seat=seat_a, player=carl, reason="甲丙對調")
        assert (played_table.seats.get(letter="A").player, played_table.seats.get(letter="C").player) == (
            carl,
            amy,
        )
        standings = totals(tournament)
        assert (standings[carl.number], standings[amy.number]) == ((1, -7), (1, -61))
        assert AuditEntry.objects.filter(action="seat.correct").count() == 2
        assert Player.objects.filter(tournament=tournament).count() == 5  # the stand-in is gone

    def test_a_child_from_another_table_exchanges_across_tables(
        self, played_table, organiser, round_, referee, school, tournament
    ):
        other = table_create(actor=organiser, round_=round_)
        visitors = [
            player_create(actor=organiser, tournament=tournament, school=school, name_zh=name)
            for name in ("甲", "乙")
        ]
        for player in visitors:
            seat_assign(actor=organiser, table=other, player=player)
        seat_player_correct(
            actor=organiser, seat=played_table.seats.get(letter="D"), player=visitors[1], reason="兩桌坐錯"
        )
        moved_out = Player.objects.get(name_zh="黃嘉儀")
        assert played_table.seats.get(letter="D").player == visitors[1]
        assert other.seats.get(letter="B").player == moved_out
        assert totals(tournament)[visitors[1].number] == (1, -50)
        assert set(AuditEntry.objects.filter(action="seat.correct").values_list("table_id", flat=True)) == {
            played_table.pk,
            other.pk,
        }

    def test_incidents_and_drawn_numbers_stay_with_the_seat(self, played_table, organiser, referee, players):
        seat = played_table.seats.get(letter="A")
        incident_record(actor=referee, game=played_table.games.get(), seat=seat, kind="overtime")
        seat_player_correct(actor=organiser, seat=seat, player=players[4], reason="坐錯了")
        assert Incident.objects.get().seat.player == players[4]

    @pytest.mark.parametrize(
        "change, code",
        [
            ({"reason": "  "}, "required"),
            ({"player": "same"}, "same-player"),
        ],
    )
    def test_refusals_change_nothing(self, played_table, organiser, players, change, code):
        seat = played_table.seats.get(letter="A")
        player = seat.player if change.get("player") == "same" else players[4]
        with pytest.raises(ServiceError) as refused:
            seat_player_correct(
                actor=organiser, seat=seat, player=player, reason=change.get("reason", "坐錯了")
            )
        assert refused.value.code == code
        assert played_table.seats.get(letter="A").player == players[0]
        assert not AuditEntry.objects.filter(action="seat.correct").exists()

    def test_a_player_of_another_tournament_is_refused(self, played_table, organiser):
        elsewhere = tournament_create(actor=organiser, name="Else", slug="else", ruleset="hk-school")
        school = school_create(actor=organiser, tournament=elsewhere, name_zh="他校", name_en="", code="X")
        stranger = player_create(actor=organiser, tournament=elsewhere, school=school, name_zh="外人")
        with pytest.raises(ServiceError) as refused:
            seat_player_correct(
                actor=organiser, seat=played_table.seats.get(letter="A"), player=stranger, reason="?"
            )
        assert refused.value.code == "wrong-player"

    def test_a_confirmed_table_goes_back_to_its_second_person(
        self, finished_table, organiser, referee, players, tournament
    ):
        tournament.requires_confirmation = True
        tournament.save(update_fields=["requires_confirmation"])
        table_sign_off(actor=referee, table=finished_table)
        table_confirm(actor=organiser, table=finished_table)
        seat_player_correct(
            actor=organiser, seat=finished_table.seats.get(letter="A"), player=players[4], reason="坐錯了"
        )
        finished_table.refresh_from_db()
        assert finished_table.confirmed_at is None
        assert finished_table.signed_off_at is not None


class TestVoidingAGame:
    def test_a_voided_game_is_removed_and_later_games_move_down(
        self, finished_table, organiser, referee, tournament
    ):
        incident_record(
            actor=referee,
            game=finished_table.games.get(number=3),
            seat=finished_table.seats.get(letter="A"),
            kind="overtime",
        )
        game_void(actor=organiser, game=finished_table.games.get(number=2), reason="牌數錯了，重打")
        games = list(finished_table.games.order_by("number"))
        assert [game.number for game in games] == [1, 2]
        assert games[1].hands.get(seat__letter="C").won  # the old game 3
        assert Incident.objects.get().game_number == 2
        entry = AuditEntry.objects.get(action="game.void")
        assert entry.reason == "牌數錯了，重打"
        assert entry.changes["before"]["hands"]["B"]["won"] is True
        assert totals(tournament)[finished_table.seats.get(letter="B").player.number][0] == 2

    def test_the_table_plays_the_game_again(self, finished_table, organiser, play):
        game_void(actor=organiser, game=finished_table.games.get(number=3), reason="重打")
        game = play(Table.objects.get(pk=finished_table.pk), "D", {"A": 1, "B": 2, "C": 3})
        assert (game.number, Game.objects.filter(table=finished_table).count()) == (3, 3)

    def test_a_signed_off_table_opens_again(self, finished_table, organiser, referee):
        table_sign_off(actor=referee, table=finished_table)
        game_void(actor=organiser, game=finished_table.games.get(number=3), reason="重打")
        finished_table.refresh_from_db()
        assert finished_table.signed_off_at is None
        assert "signed_off_at" in AuditEntry.objects.get(action="game.void").changes["before"]

    def test_a_reason_is_required_and_only_organisers_void(self, finished_table, organiser, referee):
        with pytest.raises(ServiceError) as refused:
            game_void(actor=organiser, game=finished_table.games.get(number=1), reason="")
        assert refused.value.code == "required"
        with pytest.raises(ServiceError) as refused:
            game_void(actor=referee, game=finished_table.games.get(number=1), reason="重打")
        assert refused.value.code == "forbidden"
        assert finished_table.games.count() == 3


class TestThroughTheOrganisersPage:
    def url(self, tournament, table) -> str:
        return reverse("organiser:table", args=[tournament.slug, table.pk])

    def test_fix_a_seat_and_void_a_game(self, organiser_client, played_table, tournament, players):
        address = self.url(tournament, played_table)
        page = organiser_client.get(address)
        assert "seat_fix_form" in page.context
        assert "void_form" in page.context
        fixed = organiser_client.post(
            address, {"action": "fix-seat", "seat": "A", "player": players[4].pk, "reason": "坐錯了"}
        )
        assert fixed.status_code == 302
        assert played_table.seats.get(letter="A").player == players[4]
        voided = organiser_client.post(address, {"action": "void-game", "game": "1", "reason": "重打"})
        assert voided.status_code == 302
        assert not played_table.games.exists()

    def test_a_missing_reason_is_shown_next_to_its_field(self, organiser_client, played_table, tournament):
        page = organiser_client.post(
            self.url(tournament, played_table),
            {"action": "void-game", "game": "1", "reason": ""},
            HTTP_ACCEPT_LANGUAGE="en",
        )
        assert page.status_code == 200
        assert page.context["void_form"].errors["reason"] == ["This field is required."]
        assert played_table.games.exists()

    def test_the_referee_sees_the_fixed_seat_at_once(self, client, referee, organiser, played_table, players):
        seat_player_correct(
            actor=organiser, seat=played_table.seats.get(letter="A"), player=players[4], reason="坐錯了"
        )
        client.force_login(referee)
        page = client.get(reverse("referee:table", args=[played_table.pk]))
        assert page.context["sheet"].seats[0].player_name == players[4].display_name
        assert "seat_fix_form" not in page.context
