"""The public pages from Django's cache: one small query per view, a 304 for a poll that has them, the same
bytes for every reader of one language, and never older than a committed change (sign-off, correction,
confirmation, tie-break, privacy, a name), per language and per choice, on every process at once."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

from core.models import PublicVersion
from referee.draws.services.seats import seat_assign
from referee.models import Player, Table, Tournament
from referee.people.services.people import player_update, school_update
from referee.play.services.results import game_result_submit
from referee.play.services.signoff import table_confirm, table_sign_off, table_tie_break_record
from referee.public.cache import public_tournament, version_of
from referee.public.views.pages import standings_part
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import tournament_create
from scoring import PlayerInput
from tests.referee.conftest import release
from tests.referee.test_referee_services_corrections import correct_game_3


def version(tournament) -> int:
    return PublicVersion.objects.filter(tournament=tournament).values_list("number", flat=True).first() or 0


def fragment(client, tournament, query: str = "") -> str:
    response = client.get(reverse("public:standings_fragment", args=[tournament.slug]) + query)
    assert response.status_code == 200
    return response.content.decode()


def test_a_cached_view_runs_no_standings_query(client, released):
    address = reverse("public:standings", args=[released.slug])
    client.get(address)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(address).content.decode()
    assert "李○○" in page
    sql = [query["sql"] for query in queries.captured_queries]
    assert not [statement for statement in sql if "referee_handresult" in statement]
    # The tournament with its version, and the cache's own reads (the standings' part, then the page made
    # with it) when the cache is a database table.
    assert len(sql) <= 3


def test_the_front_page_keeps_its_top_ten_in_the_cache_too(client, released):
    address = reverse("public:tournament", args=[released.slug])
    client.get(address)
    with CaptureQueriesContext(connection) as queries:
        assert "李○○" in client.get(address).content.decode()
    assert not [query for query in queries.captured_queries if "referee_handresult" in query["sql"]]


def test_a_sign_off_shows_at_once(client, organiser, tournament, table, play, referee):
    release(organiser, tournament)
    play(table, "B", {"A": 7, "C": 61, "D": 50})
    play(table, "B", {"A": 12, "C": 2, "D": 23})
    play(table, "C", {"A": 49, "B": 32, "D": 17})
    assert "李○○" not in fragment(client, tournament)
    table_sign_off(actor=referee, table=Table.objects.get(pk=table.pk))
    assert "李○○" in fragment(client, tournament)


def test_a_correction_shows_at_once(client, released, finished_table, organiser):
    before = fragment(client, released)
    correct_game_3(Table.objects.get(pk=finished_table.pk), organiser, reason="甲的牌架總值應為 40")
    assert fragment(client, released) != before


def test_a_confirmation_shows_at_once(client, organiser, tournament, finished_table, referee, other_referee):
    release(organiser, tournament, requires_confirmation=True)
    table_sign_off(actor=referee, table=finished_table)
    assert "李○○" not in fragment(client, tournament)
    table_confirm(actor=organiser, table=Table.objects.get(pk=finished_table.pk))
    assert "李○○" in fragment(client, tournament)


def test_privacy_and_names_show_at_once(client, released, organiser, school):
    assert "李○○" in fragment(client, released)
    release(organiser, released, privacy="full-names")
    assert "李詠琳" in fragment(client, released)
    player = Player.objects.get(name_zh="李詠琳")
    player_update(
        actor=organiser,
        player=player,
        school=school,
        name_zh="吳詠琳",
        name_en="",
        class_name="",
        number=player.number,
    )
    assert "吳詠琳" in fragment(client, released)
    school_update(actor=organiser, school=school, name_zh="海景小學", name_en="Seaview", code="HSP")
    assert "海景小學" in fragment(client, released, "?view=schools")


def test_a_tie_break_moves_the_version(organiser, referee, tournament, players):
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="R2",
        date=datetime.date(2026, 12, 6),
        start_time=datetime.time(9),
    )
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for player in players[:2]:
        seat_assign(actor=organiser, table=table, player=player)
    games = [
        ("went-out", [PlayerInput("A", went_out=True), PlayerInput("B", rack_value=4)]),
        ("went-out", [PlayerInput("B", went_out=True), PlayerInput("A", rack_value=4)]),
        ("pool-exhausted", [PlayerInput("A", rack_value=5), PlayerInput("B", rack_value=5)]),
    ]
    for number, (ending, hands) in enumerate(games, start=1):
        game_result_submit(actor=referee, table=table, game_number=number, ending=ending, hands=hands)
    before = version(tournament)
    table_tie_break_record(actor=organiser, table=table, seat="B", how="抽籤")
    assert version(tournament) == before + 1


def test_a_game_at_a_table_in_play_leaves_the_public_pages_alone(table, play, tournament):
    """Only signed-off tables are public: the 200 referees saving at once do not empty the cache."""
    before = version(tournament)
    play(table, "B")
    assert version(tournament) == before


def test_each_language_and_choice_has_its_own_entry(client, released):
    chinese = fragment(client, released)
    client.cookies["django_language"] = "en"
    english = fragment(client, released)
    assert "Players" in english
    assert "Players" not in chinese
    assert "?view=schools" in fragment(client, released, "?view=schools")


def test_a_strangers_choice_never_reaches_other_readers(client, released):
    poisoned = fragment(client, released, "?view=players&evil=%3Cx%3E")
    assert "evil" not in poisoned
    assert "evil" not in fragment(client, released, "?view=players")


def test_the_fragment_answers_304_until_the_standings_change(client, released, organiser):
    address = reverse("public:standings_fragment", args=[released.slug])
    first = client.get(address)
    etag = first["ETag"]
    assert client.get(address, headers={"If-None-Match": etag}).status_code == 304
    release(organiser, released, privacy="full-names")
    changed = client.get(address, headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert "李詠琳" in changed.content.decode()


def test_unreleased_standings_have_no_fragment(client, tournament):
    assert client.get(reverse("public:standings_fragment", args=[tournament.slug])).status_code == 404


def test_a_page_made_while_a_change_commits_is_never_served_after_it(rf, released, organiser):
    """A reader that read version N, then computed its part after a change committed, keeps the part as at N:
    every later reader reads N+1, finds it a version behind and has it made again, so the change is never
    hidden for longer than one making."""
    with translation.override("zh-hant"):
        request = rf.get("/")
        stale_reader = public_tournament(released.slug)
        release(organiser, released, privacy="full-names")
        standings_part(request, stale_reader)
        fresh = public_tournament(released.slug)
        assert version_of(fresh) == version_of(stale_reader) + 1
        part = standings_part(rf.get("/"), fresh)
    assert "李詠琳" in part.value["html"]


def test_a_change_in_another_process_shows_at_once(client, released, organiser):
    """Nothing is kept in one process's memory: a change committed by any process bumps the version in the
    database, which every reader reads first, whatever it read a moment ago."""
    before = fragment(client, released)
    PublicVersion.objects.filter(tournament=released).update(number=version(released) + 1)
    Tournament.objects.filter(pk=released.pk).update(privacy="full-names")  # as another process would
    assert fragment(client, released) != before


def test_every_reader_of_one_language_gets_the_same_bytes_with_no_token(client, released):
    """Nothing on a public page is the reader's own: no form token (the language switch is a link), and the
    time shown is when the results last changed, so one cached page serves every parent."""
    address = reverse("public:standings", args=[released.slug])
    pages = [client.get(address), client.get(address), Client().get(address)]
    assert pages[0].content == pages[1].content == pages[2].content
    assert "csrfmiddlewaretoken" not in pages[0].content.decode()
    assert "csrftoken" not in pages[0].cookies
    assert "Set-Cookie" not in pages[2].headers


def test_the_page_says_when_the_results_last_changed(client, released, organiser):
    address = reverse("public:standings", args=[released.slug])
    changed = PublicVersion.objects.get(tournament=released).changed_at
    shown = timezone.localtime(changed).strftime("%H:%M")
    assert (
        f"更新時間：{shown}" in client.get(address).content.decode()
        or f"Updated at {shown}" in client.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )


def test_a_page_reloaded_with_its_etag_is_a_304_without_rendering(client, released, makings):
    address = reverse("public:standings", args=[released.slug])
    first = client.get(address)
    with CaptureQueriesContext(connection) as queries:
        again = client.get(address, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert len(queries.captured_queries) <= 2  # the tournament with its version; the part's version
    assert len(makings) == 1


def test_a_tournament_made_again_under_a_deleted_ones_number_never_gets_its_pages(client, organiser):
    """The admin can delete a tournament that has no players yet, and SQLite gives its number to the next one
    made: the kept pages belong to the tournament they were made for, not to its number (the new one's version
    starts again)."""
    first = tournament_create(actor=organiser, name="舊賽事", slug="cup", ruleset="hk-school")
    release(organiser, first)
    address = reverse("public:standings", args=["cup"])
    assert "舊賽事" in client.get(address).content.decode()
    number = first.pk
    Tournament.objects.filter(pk=number).delete()
    again = Tournament.objects.create(pk=number, name="新賽事", slug="cup", ruleset="hk-school")
    again.organisers.add(organiser)
    release(organiser, again)
    page = client.get(address).content.decode()
    assert "新賽事" in page
    assert "舊賽事" not in page


@pytest.fixture
def makings(monkeypatch):
    """How many times the standings' table is made for the public pages."""
    from referee.public.views import pages as public

    made = []
    real = public._make_standings_part
    monkeypatch.setattr(public, "_make_standings_part", lambda *args: made.append(1) or real(*args))
    return made


@pytest.mark.parametrize(
    "queries",
    [
        [f"?page={number}" for number in (2, 7, 99, 12345, 999999999)],  # one page of players: all the last
        [f"?sort={name}" for name in ("nothing", "-nothing", "x" * 40, "rank;drop")],
        [f"?view={name}" for name in ("people", "PLAYERS", "x" * 40)],
        [f"?round={number}" for number in ("999", "0", "1e3", "-1", "٣")],
        ["?projector=yes", "?projector=2", "?page=abc", "?page=-3", "?page=0"],
    ],
)
def test_choices_a_stranger_makes_up_make_no_new_part(client, released, makings, queries):
    address = reverse("public:standings", args=[released.slug])
    client.get(address)
    for query in queries:
        response = client.get(address + query)
        assert response.status_code == 200
        assert "李○○" in response.content.decode()
    assert len(makings) <= 2  # the page as it is, and the last page when one was asked for


def test_a_round_and_a_sort_the_page_has_are_kept_apart(client, released, makings):
    address = reverse("public:standings", args=[released.slug])
    round_ = released.rounds.get()
    for query in ("", f"?round={round_.pk}", "?sort=-total", "?view=schools", "?view=schools&sort=name"):
        assert client.get(address + query).status_code == 200
    assert len(makings) == 5


def test_the_front_page_is_made_once_whatever_its_address_says(client, released):
    from referee.public.views import pages as public

    front = reverse("public:tournament", args=[released.slug])
    client.get(front)
    made = []
    real = public._front_standings
    public._front_standings = lambda tournament: made.append(1) or real(tournament)
    try:
        for query in ("?page=2", "?page=3", "?view=schools", "?anything=1"):
            assert "李○○" in client.get(front + query).content.decode()
    finally:
        public._front_standings = real
    assert made == []


@pytest.fixture
def parts_made_later(settings):
    """The public parts' backend as in the hall: the task is queued for the worker, not run at once."""
    settings.TASKS = {**settings.TASKS, "public": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    from referee.public.tasks import public_part_make

    backend = public_part_make.get_backend()
    backend.clear()
    return backend


def test_a_reader_never_waits_for_the_standings_to_be_made_again(
    client, released, organiser, parts_made_later
):
    """At a big event sign-offs come every few seconds, and the standings take a tenth of a second to make at
    5,000 players: a parent finding them a version behind gets them as they were, and one task per version is
    queued to make them again, in the background worker's process."""
    assert "李○○" in fragment(client, released)
    release(organiser, released, privacy="full-names")
    for _ in range(3):
        assert "李○○" in fragment(client, released)  # as they were, while the task waits
    queued = parts_made_later.results
    assert [(result.task.name, result.args[1]) for result in queued] == [("public_part_make", "standings")]
    from referee.public.views.parts import make_public_part

    made = make_public_part(*queued[0].args)
    assert made == version(released)
    assert "李詠琳" in fragment(client, released)


def test_a_part_is_regenerated_at_most_once_in_its_spacing_however_often_the_version_moves(
    client, released, organiser, parts_made_later, settings
):
    """Saves at a big event move the version several times a second and each regeneration of the standings
    costs the background worker a tenth of a second or more: a part is asked for again at most once in
    PUBLIC_PART_REFRESH_SECONDS, and served a few seconds behind meanwhile (parents poll every 15 s)."""
    settings.PUBLIC_PART_REFRESH_SECONDS = 5
    fragment(client, released)
    for privacy in ("full-names", "initials", "full-names"):
        release(organiser, released, privacy=privacy)
        fragment(client, released)
    assert len(parts_made_later.results) == 1


def test_the_etag_follows_the_version_served(client, released, organiser, parts_made_later):
    address = reverse("public:standings_fragment", args=[released.slug])
    first = client.get(address)
    release(organiser, released, privacy="full-names")
    assert client.get(address, headers={"If-None-Match": first["ETag"]}).status_code == 304
    from referee.public.views.parts import make_public_part

    make_public_part(*parts_made_later.results[0].args)
    assert client.get(address, headers={"If-None-Match": first["ETag"]}).status_code == 200


def test_a_part_made_outside_a_request_is_the_one_a_request_makes(client, released, rf):
    from referee.public.views.parts import make_public_part

    address = reverse("public:standings_fragment", args=[released.slug])
    in_a_request = client.get(address + "?view=schools").content
    cache.clear()
    make_public_part(released.pk, "standings", "view=schools", "zh-hant")
    assert client.get(address + "?view=schools").content == in_a_request
    assert make_public_part(10**9, "standings", "", "en") == 0
