"""No address of the site answers a forged or careless request with a server error.

Every address (organiser, referee, public, weather, exports) is asked, as each role, with hostile values in
each query parameter it reads and each form field its pages show: digits that are not ASCII, numbers too
large for the database, negative numbers, empty and very long strings, unknown `action` values, NUL
characters, dates at the ends of the calendar, fields left out. Whatever the answer (a message, a 404, a
403, a redirect), it is never a 500; and a write accepted with an edge value leaves the pages that read
everything working. An address added later fails `test_every_address_is_covered` until it has arguments.

To stay fast, each form (on whichever page and for whichever role) is varied one field at a time once, from
a state it can be sent in; elsewhere all its fields take a hostile value at once, and a role the page
refuses gets two tries. Each request is rolled back, so every one meets the same tournament.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from referee.draws.services.draws import round_draw_commit, round_draw_preview
from referee.draws.services.seats import seat_assign
from referee.exports.exporters import all_exporters
from referee.models import Table
from referee.people.services.people import player_create
from referee.play.services.incidents import incident_record
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_sign_off
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from tests.referee.conftest import went_out
from tests.referee.hostile import (
    AGAIN,
    HUGE,
    REFUSED,
    Failure,
    PageForm,
    Prober,
    all_fields_hostile,
    field_kinds,
    named_patterns,
    one_field_hostile,
    only_the_action,
    page_forms,
)
from tests.weather.weather_payloads import entry, warnsum
from weather import services as weather_services
from weather.decision import HONG_KONG
from weather.feed import SUMMARY_FEED
from weather.models import SnapshotSource, WarningSnapshot

NOW = datetime.datetime(2026, 12, 4, 8, 0, tzinfo=HONG_KONG)  # the day before the round
STANDINGS_QUERY = ["round", "view", "page", "per_page", "sort"]
# The query parameters each address reads (besides those its own GET forms send).
QUERY_PARAMETERS = {
    "organiser:tournament_create": ["ruleset"],
    "organiser:table": ["game"],
    "referee:table": ["game"],
    "organiser:standings": [*STANDINGS_QUERY, "include"],
    "public:tournament": ["projector"],
    "public:standings": [*STANDINGS_QUERY, "projector"],
    "public:standings_fragment": [*STANDINGS_QUERY, "projector"],
    "exports:download": ["round", "school"],
    "weather:snapshots": ["feed", "page"],
    "login": ["next"],
    "organiser:import_template": ["language"],
    "organiser:people_export": ["language"],
    "public:find_table": ["number"],
    "organiser:privacy_find": ["number"],
    "organiser:privacy_access": ["player", "school", "format", "language"],
    "language": ["next"],
}
# Read by the view whatever the address: varied on the address's first form only.
SHARED_QUERY_PARAMETERS = {
    "exports:download": ["lang", "include"],
    "exports:table_scoresheet": ["lang"],
    "exports:table_blank_scoresheet": ["lang"],
    "weather:status_json": ["lang"],
}
# What makes a form whose blank state cannot be sent (a game needs its result) pass its own checks, so that
# a hostile value in one field reaches what lies behind them; by the actions the form sends.
SUBMITTABLE = {
    ("preview-game", "save-game"): {
        "ending": "went-out",
        "went_out": "A",
        "rack_value_B": "5",
        "rack_value_C": "6",
        "rack_value_D": "7",
        "reason": "再核對",
    },
}
# Addresses that only answer a script's POST: where the forms the script sends are shown.
POSTED_FROM: dict[str, Callable[[str], str]] = {
    "referee:preview": lambda path: path.removesuffix("preview/"),
    "referee:submit": lambda path: path.removesuffix("save/"),
}


@dataclass
class World:
    tournament: object
    open_table: Table  # seated, no game yet
    playing_table: Table  # one game and an incident
    signed_table: Table  # finished, signed off, awaiting confirmation
    school: object
    player: object
    users: dict
    clients: dict[str, Client] = field(default_factory=dict)
    drawn_round: object = None  # seated by a draw, with a new preview waiting


@pytest.fixture
def world(organiser, tournament, referee, other_referee, stranger, round_, school, players, monkeypatch):
    """Three tables in three states, a school, an incident, a bureau announcement, an override, a reading."""
    monkeypatch.setattr("weather.clock.now", lambda: NOW)
    tournament.requires_confirmation = True
    tournament.save(update_fields=["requires_confirmation"])
    seated = players + [
        player_create(actor=organiser, tournament=tournament, school=school, name_zh=f"選手{i}")
        for i in range(7)
    ]
    tables = []
    for number in range(3):
        table = table_create(actor=organiser, round_=round_)
        table_assign_referee(actor=organiser, table=table, referee=referee)
        for letter, player in zip("ABCD", seated[number * 4 : number * 4 + 4], strict=True):
            seat_assign(actor=organiser, table=table, player=player, letter=letter)
        tables.append(table)
    open_table, playing_table, signed_table = tables
    games = [
        ("B", {"A": 7, "C": 61, "D": 50}),
        ("B", {"A": 12, "C": 2, "D": 23}),
        ("C", {"A": 49, "B": 32, "D": 17}),
    ]
    for number, (winner, racks) in enumerate(games, start=1):
        for table in (playing_table, signed_table) if number == 1 else (signed_table,):
            game_result_submit(
                actor=referee,
                table=table,
                game_number=number,
                ending="went-out",
                hands=went_out(winner, racks),
            )
    table_sign_off(actor=referee, table=signed_table)
    game = playing_table.games.get(number=1)
    incident_record(actor=referee, game=game, seat=playing_table.seats.first(), kind="overtime")
    _weather(organiser, tournament, round_)
    drawn_round = _drawn_round(organiser, tournament, round_)
    users = {
        "organiser": organiser,
        "table referee": referee,
        "other referee": other_referee,
        "stranger": stranger,
        "anonymous": None,
    }
    found = World(
        tournament,
        *(Table.objects.get(pk=table.pk) for table in tables),
        school=school,
        player=players[0],
        users=users,
        drawn_round=drawn_round,
    )
    for role, user in users.items():
        found.clients[role] = Client(raise_request_exception=False)
        if user is not None:
            found.clients[role].force_login(user)
    return found


def _drawn_round(organiser, tournament, round_):
    """A second round seated by the engine, another draw of it in preview, and a player registered after
    the draw (the late arrival's form)."""
    second = round_create(
        actor=organiser, tournament=tournament, name="第二輪", date=round_.date, start_time=datetime.time(14)
    )
    for seed, commit in ((5, True), (6, False)):
        draw = round_draw_preview(actor=organiser, round_=second, table_max=4, table_min=3, seed=seed)
        if commit:
            round_draw_commit(actor=organiser, draw=draw)
    school = tournament.schools.order_by("pk").first()
    player_create(actor=organiser, tournament=tournament, school=school, name_zh="遲到生")
    return second


def _weather(organiser, tournament, round_) -> None:
    read_at = NOW - datetime.timedelta(minutes=10)
    WarningSnapshot.objects.create(
        feed=SUMMARY_FEED,
        read_at=read_at,
        payload=warnsum(WRAIN=entry("WRAIN", "WRAINA", read_at)),
        source=SnapshotSource.IMPORT,
    )
    weather_services.bureau_announcement_record(
        actor=organiser,
        tournament=tournament,
        day=round_.date,
        scope="primary",
        suspended=False,
        announced_at=NOW - datetime.timedelta(hours=1),
    )
    weather_services.override_set(
        actor=organiser,
        tournament=tournament,
        day=round_.date,
        status="goes-ahead",
        reason="天文台已除下信號",
    )


def addresses(name: str, world: World) -> list[str]:
    """Every address to try for one pattern name: its real objects, and keys or slugs that do not exist."""
    slug = world.tournament.slug
    tables = [world.open_table, world.playing_table, world.signed_table]
    by_name: dict[str, list[tuple]] = {
        "home": [()],
        "login": [()],
        "logout": [()],
        "password_change": [()],
        "set_language": [()],
        "organiser:tournaments": [()],
        "organiser:tournament_create": [()],
        "organiser:dashboard": [(slug,), ("no-such-tournament",)],
        "organiser:settings": [(slug,)],
        "organiser:schools": [(slug,)],
        "organiser:school_edit": [(slug, world.school.pk), (slug, HUGE)],
        "organiser:players": [(slug,)],
        "organiser:player_edit": [(slug, world.player.pk), (slug, HUGE)],
        "organiser:import": [(slug,)],
        "organiser:import_preview": [(slug, HUGE)],
        "organiser:import_template": [(slug,)],
        "organiser:people_export": [(slug,)],
        "organiser:checkin": [(slug,)],
        "organiser:substitute": [(slug, world.player.pk), (slug, HUGE)],
        "organiser:rounds": [(slug,)],
        "organiser:round": [(slug, world.open_table.round_id), (slug, HUGE)],
        "organiser:round_draw": [
            (slug, world.open_table.round_id),
            (slug, world.drawn_round.pk),
            (slug, HUGE),
        ],
        "organiser:table": [(slug, table.pk) for table in tables] + [(slug, HUGE)],
        "organiser:set_check": [(slug, table.pk) for table in tables] + [(slug, HUGE)],
        "organiser:referees": [(slug,)],
        "organiser:referee_cards": [(slug,), ("no-such-tournament",)],
        "organiser:lockouts": [(slug,), ("no-such-tournament",)],
        "unlock": [()],
        "language": [("en",), ("zh-hant",), ("xx",)],
        "organiser:standings": [(slug,)],
        "organiser:standings_order": [(slug,)],
        "organiser:hall": [(slug,), ("no-such-tournament",)],
        "organiser:prizes": [(slug,)],
        "organiser:certificate_picture": [(slug, "logo"), (slug, "no-such-kind")],
        "organiser:notices": [(slug,)],
        "organiser:privacy": [(slug,), ("no-such-tournament",)],
        "organiser:school_consent": [(slug, world.school.pk), (slug, HUGE)],
        "organiser:privacy_find": [(slug,)],
        "organiser:privacy_child": [(slug, world.player.pk), (slug, HUGE)],
        "organiser:privacy_access": [(slug,)],
        "organiser:privacy_forget": [(slug,)],
        "public:privacy": [(slug,), ("no-such-tournament",)],
        "referee:my_tables": [()],
        "referee:table": [(table.pk,) for table in tables] + [(HUGE,)],
        "referee:preview": [(table.pk,) for table in tables],
        "referee:set_check": [(world.playing_table.pk,), (HUGE,)],
        "referee:submit": [(table.pk,) for table in tables] + [(HUGE,)],
        "referee:service_worker": [()],
        "referee:manifest": [()],
        "referee:offline": [()],
        "public:tournament": [(slug,), ("no-such-tournament",)],
        "public:standings": [(slug,)],
        "public:round_draw": [(slug, world.drawn_round.pk), (slug, world.open_table.round_id), (slug, HUGE)],
        "public:round_draw_json": [(slug, world.drawn_round.pk), ("no-such-tournament", HUGE)],
        "public:standings_fragment": [(slug,), ("no-such-tournament",)],
        "public:find_table": [(slug,), ("no-such-tournament",)],
        "public:hall": [(slug,), ("no-such-tournament",)],
        "public:hall_state": [(slug,), ("no-such-tournament",)],
        "public:hall_panel": [(slug,), ("no-such-tournament",)],
        "exports:page": [(slug,)],
        "exports:download": [(slug, exporter.identifier) for exporter in all_exporters()]
        + [(slug, "no-such-export")],
        "exports:job": [(slug, _export_job(world)), (slug, HUGE)],
        "exports:job_status": [(slug, _export_job(world)), (slug, HUGE)],
        "exports:job_download": [(slug, _export_job(world)), (slug, HUGE)],
        "exports:table_scoresheet": [(world.playing_table.pk,), (HUGE,)],
        "exports:table_blank_scoresheet": [(world.open_table.pk,)],
        "weather:index": [()],
        "weather:public": [(slug,), ("no-such-tournament",)],
        "weather:status_json": [(slug,), ("no-such-tournament",)],
        "weather:manage": [(slug,)],
        "weather:snapshots": [(slug,)],
        "healthz": [()],
        "hall:noticeboard": [()],
        "hall:qr": [()],
        "hall:pdf": [()],
    }
    return [_reverse(name, args) for args in by_name.get(name, [])]


def _export_job(world: World) -> int:
    """A finished background export of the tournament (made once, then reused)."""
    from referee.models import ExportJob, ExportJobStatus

    job = ExportJob.objects.filter(tournament=world.tournament).first()
    if job is None:
        job = ExportJob.objects.create(
            tournament=world.tournament,
            identifier="results-xlsx",
            status=ExportJobStatus.DONE,
            filename="cup-results-xlsx.xlsx",
            mimetype="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            content=b"PK",
        )
    return job.pk


def _reverse(name: str, args: tuple) -> str:
    """`reverse`, with a key too large for any table written into the address by hand."""
    stand_in = 987654321
    path = reverse(name, args=[stand_in if arg == HUGE else arg for arg in args])
    return path.replace(str(stand_in), HUGE)


@dataclass
class Site:
    """What the pages showed each role: which answered, their forms (by where they post), the GET fields."""

    pages: list[tuple[str, str]] = field(default_factory=list)  # (address name, path)
    readers: dict[str, list[str]] = field(default_factory=dict)  # path: the roles it answered, in order
    forms: dict[str, dict[tuple, PageForm]] = field(default_factory=dict)
    seen_by: dict[tuple, set[str]] = field(default_factory=dict)
    query_names: dict[str, set[str]] = field(default_factory=dict)


def read_site(world: World, prober: Prober) -> Site:
    site = Site()
    for name, _ in named_patterns():
        for path in addresses(name, world):
            site.pages.append((name, path))
            site.query_names.setdefault(name, set(QUERY_PARAMETERS.get(name, [])))
            for role, client in world.clients.items():
                with transaction.atomic():
                    response = client.get(path)
                    transaction.set_rollback(True)
                if response.status_code >= 500:
                    prober.failures.append(Failure(role, "get", path, {}, str(response.status_code)))
                if response.status_code == 200:
                    site.readers.setdefault(path, []).append(role)
                for form in page_forms(response, path):
                    site.forms.setdefault(form.action, {}).setdefault(form.key(), form)
                    site.seen_by.setdefault(form.key(), set()).add(role)
                    if form.method == "get" and form.action == path:
                        site.query_names[name].update(field_kinds(form.field_names()))
    return site


def sweep_queries(prober: Prober, site: Site, name: str, path: str, first_of_its_name: bool) -> None:
    names = sorted(site.query_names[name])
    if first_of_its_name:
        names += SHARED_QUERY_PARAMETERS.get(name, [])
    readers = site.readers.get(path, [])
    for role in prober.clients:
        if role not in readers:
            variants = all_fields_hostile({}, names, REFUSED)
        elif role == readers[0]:
            variants = one_field_hostile({}, names)
        else:
            variants = all_fields_hostile({}, names, AGAIN)
        for variant in variants:
            prober.send(role, "get", path, variant)


def sweep_forms(prober: Prober, site: Site, name: str, path: str, swept: set[tuple]) -> None:
    shown_at = POSTED_FROM.get(name)
    forms = site.forms.get(shown_at(path) if shown_at else path, {})
    for role in prober.clients:
        prober.send(role, "post", path, {"action": "no-such-action"})
        for key, form in forms.items():
            if form.method != "post":
                continue
            data, names = {**form.data(), **SUBMITTABLE.get(form.family()[0], {})}, form.field_names()
            prober.send(role, "post", path, data)
            if role not in site.seen_by[key]:
                variants = list(all_fields_hostile(data, names, REFUSED))
            elif form.family() in swept:
                variants = list(all_fields_hostile(data, names, AGAIN))
            else:
                swept.add(form.family())
                variants = [
                    *one_field_hostile(data, names, form),
                    *all_fields_hostile(data, names),
                    only_the_action(data),
                ]
            for variant in variants:
                prober.send(role, "post", path, variant)


def test_every_address_is_covered(world) -> None:
    missing = [name for name, _ in named_patterns() if not addresses(name, world)]
    assert not missing, f"give these addresses their arguments in addresses(): {missing}"


def test_no_request_is_answered_with_a_server_error(world) -> None:
    slug = world.tournament.slug
    aftermath = [
        ("anonymous", reverse("weather:public", args=[slug])),
        ("anonymous", reverse("weather:status_json", args=[slug])),
        ("anonymous", reverse("public:standings", args=[slug])),
        ("organiser", reverse("weather:manage", args=[slug])),
        ("organiser", reverse("organiser:dashboard", args=[slug])),
        ("organiser", reverse("organiser:standings", args=[slug])),
    ]
    prober = Prober(world.clients, world.users, (reverse("login"), reverse("logout")), aftermath)
    site = read_site(world, prober)
    swept: set[tuple] = set()
    done_names: set[str] = set()
    for name, path in site.pages:
        sweep_queries(prober, site, name, path, name not in done_names)
        done_names.add(name)
        sweep_forms(prober, site, name, path, swept)
    assert prober.sent > 2000
    assert not prober.failures, prober.report()
