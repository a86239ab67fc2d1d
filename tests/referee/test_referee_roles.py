"""Every write, tried by every role: organiser, this table's referee, another referee, a stranger, anonymous.

A refused write raises the one error type with code "forbidden" (or the rule's own code, where the role may
act in general but not here) and leaves no trace in the audit log.
"""

from __future__ import annotations

import datetime
import importlib
import inspect
import pkgutil
from collections.abc import Callable
from types import SimpleNamespace

import pytest

import referee
from core.errors import ServiceError
from core.models import AuditEntry
from referee.draws.services.draws import (
    round_draw_commit,
    round_draw_preview,
    round_draw_redraw,
    round_draw_swap,
)
from referee.draws.services.seats import seat_assign, seat_draws_record, seat_remove
from referee.exports.exporters import ExportRequest
from referee.exports.services.exports import export_job_request
from referee.hall_screen.services.announcements import announcement_clear, announcement_post
from referee.hall_screen.services.certificate_images import (
    certificate_image_remove,
    certificate_image_upload,
    certificate_signer_set,
)
from referee.hall_screen.services.prizes import (
    prize_delete,
    prize_giving_show,
    prize_move,
    prize_reveal_next,
    prizes_add,
    prizes_fill,
    prizes_hide,
)
from referee.hall_screen.services.round_clock import (
    round_clock_end,
    round_clock_minutes_set,
    round_clock_pause,
    round_clock_resume,
    round_clock_start,
)
from referee.models import Player
from referee.people.services.attendance import (
    player_attendance_set,
    player_substitute,
    school_attendance_rest_present,
)
from referee.people.services.bulk import players_create_many, tables_create_many
from referee.people.services.people import (
    player_create,
    player_delete,
    player_update,
    school_create,
    school_delete,
    school_update,
)
from referee.play.services.incidents import incident_record, incident_record_in_play, incident_remove
from referee.play.services.leaving import seat_leave, seat_return
from referee.play.services.results import game_result_submit
from referee.play.services.results_release import round_results_release
from referee.play.services.seat_fixes import game_void, seat_player_correct
from referee.play.services.signoff import table_confirm, table_sign_off, table_tie_break_record
from referee.play.services.table_time import table_time_extend
from referee.play.services.withdrawals import (
    player_reinstate,
    player_seat_late,
    player_withdraw,
    round_reseat_absent,
)
from referee.standings.services.standings import standings_decision_record, tournament_standings_order_set
from referee.tournaments.services.accounts import referee_cards_passwords_reset, referee_password_reset
from referee.tournaments.services.lockouts import lockout_lift
from referee.tournaments.services.referees import referee_account_create, referee_add, referee_remove
from referee.tournaments.services.schedule import (
    round_create,
    round_delete,
    round_update,
    table_assign_referee,
    table_create,
    table_delete,
)
from referee.tournaments.services.tournaments import SETTINGS_FIELDS, tournament_create, tournament_update
from scoring import PlayerInput

ROLES = ["organiser", "table referee", "other referee", "stranger", "anonymous"]
ORGANISER_ONLY = {"organiser"}
RESULT_WRITERS = {"organiser", "table referee"}
CONFIRMERS = {"organiser", "other referee"}
DOOR = {
    "organiser",
    "table referee",
    "other referee",
}  # organisers send the tournament's referees to the door
# A refusal other than "forbidden": the table's referee entered the results, so cannot be the second person.
REFUSAL_CODES = {("table_confirm", "table referee"): "same-person"}
DAY, NINE = datetime.date(2026, 12, 6), datetime.time(9)


def _settings(tournament) -> dict:
    """The current settings with the standings released, so the write changes something."""
    values = {name: getattr(tournament, name) for name in SETTINGS_FIELDS}
    return {**values, "standings_released": not tournament.standings_released}


def _next_game(actor, w):
    hands = [PlayerInput("A", went_out=True)] + [PlayerInput(s, rack_value=5) for s in "BCD"]
    return game_result_submit(actor=actor, table=w.table, game_number=1, ending="went-out", hands=hands)


def _substitute(actor, w):
    """The spare player takes seat A of the unplayed table from its player, already marked absent."""
    absent = w.table.seats.get(letter="A").player
    type(absent).objects.filter(pk=absent.pk).update(attendance="absent")
    return player_substitute(actor=actor, absent=absent, substitute=w.spare_player)


def _reinstate(actor, w):
    type(w.spare_player).objects.filter(pk=w.spare_player.pk).update(attendance="withdrawn")
    return player_reinstate(actor=actor, player=w.spare_player)


def _reseat_absent(actor, w):
    """The drawn round not begun, re-seated without a child of it marked absent at the door."""
    seated = w.late_round.tables.order_by("number").first().seats.order_by("letter").first().player
    type(seated).objects.filter(pk=seated.pk).update(attendance="absent")
    return round_reseat_absent(actor=actor, round_=w.late_round)


def _clock(w, **moments):
    """The round's clock in a given state, stored directly (not a write under test)."""
    from django.utils import timezone

    from referee.models import RoundClock

    now = timezone.now()
    values = {name: now if value else None for name, value in moments.items()}
    RoundClock.objects.update_or_create(round=w.round_, defaults={"started_at": now, **values})
    return w.round_


def _announced(w):
    from referee.models import Announcement

    Announcement.objects.create(tournament=w.tournament, text_zh="午膳", text_en="Lunch")
    return w.tournament


def _held(w):
    type(w.tournament).objects.filter(pk=w.tournament.pk).update(hold_results=True)
    return w.round_


def _prize(w, position=1, **values):
    from referee.models import Prize

    return Prize.objects.create(
        tournament=w.tournament, kind="place", place=position, position=position, **values
    )


def _two_prizes(w):
    _prize(w, 1)
    return _prize(w, 2)


def _filled_prize(w):
    from django.utils import timezone

    _prize(w, 1, filled_at=timezone.now())
    return w.tournament


def _revealed_prize(w):
    from django.utils import timezone

    _prize(w, 1, filled_at=timezone.now(), revealed_at=timezone.now())
    return w.tournament


def _picture(w):
    from referee.models import CertificateImage

    CertificateImage.objects.create(
        tournament=w.tournament, kind="logo", content=TINY_PNG, content_type="image/png", width=2, height=2
    )
    return w.tournament


def _png() -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\xff\x00\x00" * 2 for _ in range(2))
    header = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


TINY_PNG = _png()


WRITES: dict[str, tuple[set[str], Callable]] = {
    "tournament_update": (
        ORGANISER_ONLY,
        lambda a, w: tournament_update(actor=a, tournament=w.tournament, **_settings(w.tournament)),
    ),
    "school_create": (
        ORGANISER_ONLY,
        lambda a, w: school_create(actor=a, tournament=w.tournament, name_zh="新校", name_en="", code="NEW"),
    ),
    "school_update": (
        ORGANISER_ONLY,
        lambda a, w: school_update(actor=a, school=w.school, name_zh="改名", name_en="", code="HSP"),
    ),
    "school_delete": (ORGANISER_ONLY, lambda a, w: school_delete(actor=a, school=w.empty_school)),
    "export_job_request": (
        ORGANISER_ONLY,
        lambda a, w: export_job_request(
            actor=a,
            request=ExportRequest(tournament=w.tournament),
            identifier="results-xlsx",
            ui_language="en",
        ),
    ),
    "player_create": (
        ORGANISER_ONLY,
        lambda a, w: player_create(actor=a, tournament=w.tournament, school=w.school, name_zh="新人"),
    ),
    "player_update": (
        ORGANISER_ONLY,
        lambda a, w: player_update(
            actor=a,
            player=w.spare_player,
            school=w.school,
            name_zh="改名",
            name_en="",
            class_name="",
            number=99,
        ),
    ),
    "players_create_many": (
        ORGANISER_ONLY,
        lambda a, w: players_create_many(
            actor=a, tournament=w.tournament, school=w.school, lines="王小明\n李小華"
        ),
    ),
    "player_attendance_set": (
        DOOR,
        lambda a, w: player_attendance_set(actor=a, player=w.spare_player, attendance="absent"),
    ),
    "school_attendance_rest_present": (
        DOOR,
        lambda a, w: school_attendance_rest_present(actor=a, school=w.school),
    ),
    "player_substitute": (ORGANISER_ONLY, lambda a, w: _substitute(a, w)),
    "player_delete": (ORGANISER_ONLY, lambda a, w: player_delete(actor=a, player=w.spare_player)),
    "round_create": (
        ORGANISER_ONLY,
        lambda a, w: round_create(actor=a, tournament=w.tournament, name="第二輪", date=DAY, start_time=NINE),
    ),
    "round_update": (
        ORGANISER_ONLY,
        lambda a, w: round_update(actor=a, round_=w.round_, name="改名", date=DAY, start_time=NINE, order=1),
    ),
    "round_delete": (ORGANISER_ONLY, lambda a, w: round_delete(actor=a, round_=w.empty_round)),
    "table_create": (ORGANISER_ONLY, lambda a, w: table_create(actor=a, round_=w.round_)),
    "tables_create_many": (
        ORGANISER_ONLY,
        lambda a, w: tables_create_many(actor=a, round_=w.round_, count=3),
    ),
    "table_delete": (ORGANISER_ONLY, lambda a, w: table_delete(actor=a, table=w.empty_table)),
    "table_assign_referee": (
        ORGANISER_ONLY,
        lambda a, w: table_assign_referee(actor=a, table=w.table, referee=w.other_referee),
    ),
    "seat_assign": (
        ORGANISER_ONLY,
        lambda a, w: seat_assign(actor=a, table=w.empty_table, player=w.spare_player),
    ),
    "seat_remove": (
        ORGANISER_ONLY,
        lambda a, w: seat_remove(actor=a, seat=w.table.seats.get(letter="D")),
    ),
    "referee_account_create": (
        ORGANISER_ONLY,
        lambda a, w: referee_account_create(
            actor=a, tournament=w.tournament, username="new-ref", display_name="新", password="long-enough-1"
        ),
    ),
    "referee_add": (
        ORGANISER_ONLY,
        lambda a, w: referee_add(actor=a, tournament=w.tournament, username=w.earlier_referee.username),
    ),
    "referee_password_reset": (
        ORGANISER_ONLY,
        lambda a, w: referee_password_reset(actor=a, tournament=w.tournament, referee=w.other_referee),
    ),
    "referee_cards_passwords_reset": (
        ORGANISER_ONLY,
        lambda a, w: referee_cards_passwords_reset(actor=a, tournament=w.tournament),
    ),
    "lockout_lift": (
        ORGANISER_ONLY,
        lambda a, w: lockout_lift(
            actor=a, tournament=w.tournament, login_name=_locked(w.other_referee), address="192.0.2.8"
        ),
    ),
    "referee_remove": (
        ORGANISER_ONLY,
        lambda a, w: referee_remove(actor=a, tournament=w.tournament, referee=w.other_referee),
    ),
    "table_confirm": (CONFIRMERS, lambda a, w: table_confirm(actor=a, table=w.signed_off_table)),
    "table_tie_break_record": (
        ORGANISER_ONLY,
        lambda a, w: table_tie_break_record(actor=a, table=w.tied_table, seat="A", how="抽籤"),
    ),
    "seat_draws_record": (
        RESULT_WRITERS,
        lambda a, w: seat_draws_record(actor=a, table=w.table, numbers={"A": 3, "B": 9}),
    ),
    "game_result_submit": (RESULT_WRITERS, _next_game),
    "seat_player_correct": (
        ORGANISER_ONLY,
        lambda a, w: seat_player_correct(
            actor=a, seat=w.finished_table.seats.get(letter="A"), player=w.spare_player, reason="坐錯了"
        ),
    ),
    "game_void": (ORGANISER_ONLY, lambda a, w: game_void(actor=a, game=w.game, reason="重打")),
    "seat_leave": (
        RESULT_WRITERS,
        lambda a, w: seat_leave(actor=a, seat=w.in_play.seats.get(letter="C"), from_game=2),
    ),
    "seat_return": (
        RESULT_WRITERS,
        lambda a, w: seat_return(actor=a, seat=w.in_play.seats.get(letter="D")),
    ),
    "incident_record": (
        RESULT_WRITERS,
        lambda a, w: incident_record(actor=a, game=w.game, seat=w.game_seat, kind="overtime"),
    ),
    "incident_record_in_play": (
        RESULT_WRITERS,
        lambda a, w: incident_record_in_play(
            actor=a, table=w.table, seat=w.table.seats.get(letter="A"), kind="overtime"
        ),
    ),
    "incident_remove": (
        RESULT_WRITERS,
        lambda a, w: incident_remove(actor=a, incident=w.incident),
    ),
    "table_sign_off": (RESULT_WRITERS, lambda a, w: table_sign_off(actor=a, table=w.finished_table)),
    "round_draw_preview": (
        ORGANISER_ONLY,
        lambda a, w: round_draw_preview(actor=a, round_=w.empty_round, table_max=4, table_min=2, seed=2),
    ),
    "round_draw_redraw": (
        ORGANISER_ONLY,
        lambda a, w: round_draw_redraw(actor=a, draw=w.draw_preview, seed=3),
    ),
    "round_draw_swap": (
        ORGANISER_ONLY,
        lambda a, w: round_draw_swap(
            actor=a,
            draw=w.draw_preview,
            first=w.draw_preview.tables[0][0],
            second=w.draw_preview.tables[1][0],
        ),
    ),
    "round_draw_commit": (
        ORGANISER_ONLY,
        lambda a, w: round_draw_commit(actor=a, draw=w.draw_preview),
    ),
    "player_seat_late": (
        ORGANISER_ONLY,
        lambda a, w: player_seat_late(actor=a, player=w.late_player, round_=w.late_round),
    ),
    "round_reseat_absent": (ORGANISER_ONLY, lambda a, w: _reseat_absent(a, w)),
    "player_reinstate": (ORGANISER_ONLY, lambda a, w: _reinstate(a, w)),
    "player_withdraw": (
        ORGANISER_ONLY,
        lambda a, w: player_withdraw(actor=a, player=w.spare_player),
    ),
    "tournament_standings_order_set": (
        ORGANISER_ONLY,
        lambda a, w: tournament_standings_order_set(
            actor=a, tournament=w.fresh_tournament, keys=["total-score", "games-won"]
        ),
    ),
    "standings_decision_record": (
        ORGANISER_ONLY,
        lambda a, w: standings_decision_record(
            actor=a, tournament=w.tournament, numbers=[w.spare_player.number, 1], reason="抽籤"
        ),
    ),
    "round_clock_minutes_set": (
        ORGANISER_ONLY,
        lambda a, w: round_clock_minutes_set(actor=a, round_=w.round_, minutes=50),
    ),
    "round_clock_start": (
        ORGANISER_ONLY,
        lambda a, w: round_clock_start(actor=a, round_=w.round_, minutes=45),
    ),
    "round_clock_pause": (
        ORGANISER_ONLY,
        lambda a, w: round_clock_pause(actor=a, round_=_clock(w)),
    ),
    "round_clock_resume": (
        ORGANISER_ONLY,
        lambda a, w: round_clock_resume(actor=a, round_=_clock(w, paused_at=True)),
    ),
    "round_clock_end": (ORGANISER_ONLY, lambda a, w: round_clock_end(actor=a, round_=_clock(w))),
    "table_time_extend": (
        ORGANISER_ONLY,
        lambda a, w: table_time_extend(actor=a, table=w.table, minutes=5, reason="遲了開始"),
    ),
    "announcement_post": (
        ORGANISER_ONLY,
        lambda a, w: announcement_post(
            actor=a, tournament=w.tournament, text_zh="第二輪 11:15 開始", text_en=""
        ),
    ),
    "announcement_clear": (
        ORGANISER_ONLY,
        lambda a, w: announcement_clear(actor=a, tournament=_announced(w)),
    ),
    "round_results_release": (
        ORGANISER_ONLY,
        lambda a, w: round_results_release(actor=a, round_=_held(w)),
    ),
    "prizes_add": (
        ORGANISER_ONLY,
        lambda a, w: prizes_add(actor=a, tournament=w.tournament, kind="place", places=3),
    ),
    "prize_delete": (ORGANISER_ONLY, lambda a, w: prize_delete(actor=a, prize=_prize(w))),
    "prize_move": (
        ORGANISER_ONLY,
        lambda a, w: prize_move(actor=a, prize=_two_prizes(w), earlier=True),
    ),
    "prizes_fill": (
        ORGANISER_ONLY,
        lambda a, w: prizes_fill(actor=a, tournament=_prize(w).tournament),
    ),
    "prize_giving_show": (
        ORGANISER_ONLY,
        lambda a, w: prize_giving_show(actor=a, tournament=w.tournament, shown=True),
    ),
    "prize_reveal_next": (
        ORGANISER_ONLY,
        lambda a, w: prize_reveal_next(actor=a, tournament=_filled_prize(w)),
    ),
    "prizes_hide": (
        ORGANISER_ONLY,
        lambda a, w: prizes_hide(actor=a, tournament=_revealed_prize(w)),
    ),
    "certificate_image_upload": (
        ORGANISER_ONLY,
        lambda a, w: certificate_image_upload(
            actor=a, tournament=w.tournament, kind="signature", content=TINY_PNG
        ),
    ),
    "certificate_image_remove": (
        ORGANISER_ONLY,
        lambda a, w: certificate_image_remove(actor=a, tournament=_picture(w), kind="logo"),
    ),
    "certificate_signer_set": (
        ORGANISER_ONLY,
        lambda a, w: certificate_signer_set(actor=a, tournament=w.tournament, signer="陳校長"),
    ),
}


@pytest.fixture
def world(organiser, tournament, school, players, round_, table, referee, other_referee, roles):
    """One tournament holding an object in the state each write needs."""
    tournament.requires_confirmation = True
    tournament.save(update_fields=["requires_confirmation"])
    empty_school = school_create(actor=organiser, tournament=tournament, name_zh="空校", name_en="", code="E")
    spare_player = players[4]
    empty_round = round_create(actor=organiser, tournament=tournament, name="空輪", date=DAY, start_time=NINE)
    played_round = round_create(
        actor=organiser, tournament=tournament, name="已賽", date=DAY, start_time=NINE
    )
    empty_table = table_create(actor=organiser, round_=round_)
    played = table_create(actor=organiser, round_=played_round)
    played = table_assign_referee(actor=organiser, table=played, referee=referee)
    for letter, player in zip("ABCD", players[:4], strict=True):
        seat_assign(actor=organiser, table=played, player=player, letter=letter)
    for number in (1, 2, 3):
        game_result_submit(
            actor=referee,
            table=played,
            game_number=number,
            ending="went-out",
            hands=[PlayerInput("A", went_out=True)] + [PlayerInput(s, rack_value=number) for s in "BCD"],
        )
    game = played.games.get(number=1)
    earlier = tournament_create(actor=organiser, name="去年", slug="last-year", ruleset="hk-school")
    earlier_referee = referee_account_create(
        actor=organiser, tournament=earlier, username="ref-2025", display_name="舊", password="long-enough-1"
    )
    incident = incident_record(actor=referee, game=game, seat=played.seats.get(letter="C"), kind="overtime")
    draw_preview = round_draw_preview(actor=organiser, round_=empty_round, table_max=3, table_min=2, seed=1)
    fresh_tournament = tournament_create(actor=organiser, name="新賽", slug="fresh", ruleset="hk-school")
    late_round, late_player = _drawn_round_and_late_player(organiser, tournament)
    in_play = _in_play_with_one_left(organiser, referee, tournament, players)
    return SimpleNamespace(
        in_play=in_play,
        late_round=late_round,
        late_player=late_player,
        tournament=tournament,
        draw_preview=draw_preview,
        fresh_tournament=fresh_tournament,
        school=school,
        empty_school=empty_school,
        spare_player=spare_player,
        round_=round_,
        empty_round=empty_round,
        table=table,
        empty_table=empty_table,
        finished_table=played,
        game=game,
        game_seat=played.seats.get(letter="B"),
        signed_off_table=_signed_off(organiser, referee, tournament, players, "第三輪", [A_OUT] * 3),
        tied_table=_signed_off(organiser, referee, tournament, players, "第四輪", [A_OUT, B_OUT, SHARED]),
        other_referee=other_referee,
        earlier_referee=earlier_referee,
        incident=incident,
    )


def _in_play_with_one_left(organiser, referee, tournament, players):
    """A table of four after game 1, the player in seat D marked gone from game 2."""
    round_ = round_create(actor=organiser, tournament=tournament, name="進行中", date=DAY, start_time=NINE)
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for letter, player in zip("ABCD", players[:4], strict=True):
        seat_assign(actor=organiser, table=table, player=player, letter=letter)
    hands = [PlayerInput("A", went_out=True)] + [PlayerInput(s, rack_value=5) for s in "BCD"]
    game_result_submit(actor=referee, table=table, game_number=1, ending="went-out", hands=hands)
    table.seats.filter(letter="D").update(left_after=1)  # gone from game 2 (present still, for the draws)
    return table


def _drawn_round_and_late_player(organiser, tournament):
    """A round drawn for three players of a school of its own (everyone else away at the draw), and a fourth
    player of that school who arrives after it."""
    school = school_create(actor=organiser, tournament=tournament, name_zh="遲校", name_en="", code="L")
    others = Player.objects.filter(tournament=tournament)
    states = dict(others.values_list("pk", "attendance"))
    others.update(attendance="absent")
    for name in ("甲", "乙", "丙"):
        player_create(actor=organiser, tournament=tournament, school=school, name_zh=name)
    late_round = round_create(
        actor=organiser, tournament=tournament, name="遲到輪", date=DAY, start_time=NINE
    )
    draw = round_draw_preview(actor=organiser, round_=late_round, table_max=3, table_min=2, seed=1)
    round_draw_commit(actor=organiser, draw=draw)
    for pk, state in states.items():
        Player.objects.filter(pk=pk).update(attendance=state)
    late_player = player_create(actor=organiser, tournament=tournament, school=school, name_zh="丁")
    Player.objects.filter(pk=late_player.pk).update(attendance="late")  # marked at the door on arrival
    late_player.refresh_from_db()
    return late_round, late_player


A_OUT = ("went-out", [PlayerInput("A", went_out=True), PlayerInput("B", rack_value=4)])
B_OUT = ("went-out", [PlayerInput("B", went_out=True), PlayerInput("A", rack_value=4)])
SHARED = ("pool-exhausted", [PlayerInput("A", rack_value=5), PlayerInput("B", rack_value=5)])


def _signed_off(organiser, referee, tournament, players, name: str, games: list):
    """A two-player table played to the end and signed off (ties come from a shared win)."""
    later_round = round_create(actor=organiser, tournament=tournament, name=name, date=DAY, start_time=NINE)
    table = table_create(actor=organiser, round_=later_round)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for player in players[:2]:
        seat_assign(actor=organiser, table=table, player=player)
    for number, (ending, hands) in enumerate(games, start=1):
        game_result_submit(actor=referee, table=table, game_number=number, ending=ending, hands=hands)
    return table_sign_off(actor=referee, table=table)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("write", sorted(WRITES))
def test_every_write_for_every_role(world, roles, write, role):
    allowed_roles, perform = WRITES[write]
    actor = roles[role]
    entries_before = AuditEntry.objects.count()
    if role in allowed_roles:
        perform(actor, world)
        assert AuditEntry.objects.count() == entries_before + 1
    else:
        with pytest.raises(ServiceError) as refused:
            perform(actor, world)
        assert refused.value.code == REFUSAL_CODES.get((write, role), "forbidden")
        assert AuditEntry.objects.count() == entries_before


def test_tournament_create_by_role(roles):
    for role, actor in roles.items():
        if role == "organiser":
            assert tournament_create(actor=actor, name="Cup", slug="new-cup", ruleset="hk-school")
            continue
        with pytest.raises(ServiceError) as refused:
            tournament_create(actor=actor, name="Cup", slug=f"cup-{role.replace(' ', '-')}", ruleset="uno")
        assert refused.value.code == "forbidden"


def test_an_organiser_of_another_tournament_is_a_stranger_here(organiser, tournament, school):
    other = organiser.__class__.objects.create_user("other-organiser", password="long-enough-1")
    elsewhere = tournament_create(actor=organiser, name="Else", slug="else", ruleset="hk-school")
    elsewhere.organisers.add(other)
    with pytest.raises(ServiceError) as refused:
        school_create(actor=other, tournament=tournament, name_zh="入侵", name_en="", code="X")
    assert refused.value.code == "forbidden"


# Writes whose roles are tried by a test of their own: there is no tournament yet to hold the roles.
TESTED_APART = {"tournament_create"}


def _locked(user) -> str:
    """A lockout of `user`'s login from one address, as ten wrong passwords leave it."""
    from axes.models import AccessAttempt
    from django.utils import timezone

    name = user.get_username().lower()
    AccessAttempt.objects.create(
        username=name,
        ip_address="192.0.2.8",
        user_agent="",
        failures_since_start=10,
        attempt_time=timezone.now(),
    )
    return name


def service_modules() -> list[str]:
    """Every module of every domain's `services` package (`referee/<domain>/services/`)."""
    return [
        info.name
        for info in pkgutil.walk_packages(referee.__path__, "referee.")
        if ".services." in info.name and not info.ispkg
    ]


def service_writes() -> set[str]:
    """Every write the services offer: a public function of a services module with a keyword-only actor."""
    found = set()
    for name in service_modules():
        module = importlib.import_module(name)
        for name, function in vars(module).items():
            if (
                name.startswith("_")
                or not inspect.isfunction(function)
                or function.__module__ != module.__name__
            ):
                continue
            actor = inspect.signature(function).parameters.get("actor")
            if actor is not None and actor.kind is inspect.Parameter.KEYWORD_ONLY:
                found.add(name)
    return found


def test_every_service_write_is_in_the_role_matrix():
    """A new service joins WRITES above with the roles that may call it, so every role is tried on it."""
    assert service_writes() - set(WRITES) - TESTED_APART == set()
    assert len(service_modules()) > 20  # every domain's services were found
