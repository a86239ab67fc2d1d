"""Tournaments built in bulk, for benchmarks and the query-count tests: thousands of players in seconds.

Rows are inserted directly (the services would take minutes), but every number comes from the engine and
`referee.results.hands`, exactly as through the site, and each game leaves its audit entry, as the pages would
read on the day.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

import scoring
from core.models import AuditEntry
from referee.models import Game, HandResult, Player, Round, School, Seat, Table, Tournament
from referee.results.hands import HandNumbers, hand_numbers, hand_result

SURNAMES = "陳李張黃何林吳劉蔡鄭楊梁謝郭曾許鄧馮蕭羅葉朱潘麥"
GIVEN = "俊傑詠琳家豪嘉儀子晴浩然曉彤卓軒思穎樂怡柏軒志明美玲偉強慧敏嘉欣皓文凱琪"
BATCH = 2000
NUMBER_TILES = [f"{colour}{number}" for colour in "KRBY" for number in range(1, 14)] * 2


@dataclass(frozen=True)
class BulkPlan:
    slug: str
    players: int
    seats: int = 4
    games: int = 3
    schools: int = 40
    referees: int = 50
    open_tables: int = 0
    seed: int = 20251201
    password: str = ""
    shared_win_credit: str = "full"


def random_game(rng: random.Random, letters: str) -> tuple[str, tuple[scoring.PlayerInput, ...]]:
    """What a referee might see: mostly someone going out, sometimes the pool running out; a few racks as
    tiles and a few players who never melded."""
    if rng.random() < 0.15:
        return "pool-exhausted", tuple(
            scoring.PlayerInput(letter, rack_value=rng.randint(1, 60)) for letter in letters
        )
    winner = rng.choice(letters)
    pool = rng.sample(NUMBER_TILES, len(NUMBER_TILES))  # one shuffled set: racks never exceed its copies
    players = []
    for letter in letters:
        if letter == winner:
            players.append(scoring.PlayerInput(letter, went_out=True))
        elif rng.random() < 0.2:
            rack = " ".join(pool.pop() for _ in range(rng.randint(1, 4)))
            players.append(scoring.PlayerInput(letter, rack=rack))
        else:
            melded = rng.random() > 0.05
            players.append(
                scoring.PlayerInput(
                    letter,
                    rack_value=rng.randint(1, 90),
                    made_initial_meld=melded,
                    could_meld=None if melded else rng.random() < 0.3,
                )
            )
    return "went-out", tuple(players)


def _people(
    tournament: Tournament, plan: BulkPlan, rng: random.Random
) -> tuple[list[Player], list[AbstractBaseUser]]:
    schools = School.objects.bulk_create(
        School(
            tournament=tournament, code=f"S{index:02d}", name_zh=f"第{index}小學", name_en=f"School {index}"
        )
        for index in range(1, plan.schools + 1)
    )
    players = Player.objects.bulk_create(
        (
            Player(
                tournament=tournament,
                school=schools[index % plan.schools],
                name_zh=rng.choice(SURNAMES) + rng.choice(GIVEN) + rng.choice(GIVEN),
                name_en=f"Player {index}",
                class_name=f"{4 + index % 3}{'ABCD'[index % 4]}",
                number=index,
            )
            for index in range(1, plan.players + 1)
        ),
        batch_size=BATCH,
    )
    User = get_user_model()
    referees = [
        User(username=f"{plan.slug}-referee{index}", first_name=f"評審{index}")
        for index in range(1, plan.referees + 1)
    ]
    for referee in referees:
        if plan.password:
            referee.set_password(plan.password)
        else:
            referee.set_unusable_password()
    referees = User.objects.bulk_create(referees)
    tournament.referees.add(*referees)
    return players, referees


def _scored_games(tournament: Tournament, tables: list[Table], plan: BulkPlan, rng: random.Random) -> list:
    """(table index, table, number, ending, facts, the engine's result) for every game to store."""
    letters = "ABCDEFGHIJ"[: plan.seats]
    played = []
    for index, table in enumerate(tables):
        count = plan.games - 1 if index < plan.open_tables else plan.games
        for number in range(1, count + 1):
            ending, facts = random_game(rng, letters)
            result = scoring.score_game(scoring.GameInput(tournament.ruleset, ending, facts))
            played.append((index, table, number, ending, facts, result))
    return played


def _audit_entry(
    tournament: Tournament, table: Table, game: Game, numbers: dict[str, HandNumbers]
) -> AuditEntry:
    hands = {seat: {"score_sixtieths": n.score_sixtieths, "won": n.won} for seat, n in numbers.items()}
    after = {"number": game.number, "ending": game.ending, "version": 1, "hands": hands}
    return AuditEntry(
        tournament=tournament,
        table=table,
        game=game,
        actor_id=table.referee_id,
        action="game.create",
        changes={"before": {}, "after": after},
    )


def _play(tournament: Tournament, tables: list[Table], seats: list[Seat], plan: BulkPlan, rng) -> None:
    played = _scored_games(tournament, tables, plan, rng)
    games = Game.objects.bulk_create(
        (
            Game(table=table, number=number, ending=ending, entered_by_id=table.referee_id)
            for _, table, number, ending, _, _ in played
        ),
        batch_size=BATCH,
    )
    hands, entries = [], []
    for game, (index, table, _number, _ending, facts, result) in zip(games, played, strict=True):
        table_seats = seats[index * plan.seats : (index + 1) * plan.seats]
        numbers = hand_numbers(result, shared_win_credit=tournament.shared_win_credit)
        for seat, fact in zip(table_seats, facts, strict=True):
            hands.append(hand_result(game, seat, fact, numbers[fact.seat]))
        entries.append(_audit_entry(tournament, table, game, numbers))
    HandResult.objects.bulk_create(hands, batch_size=BATCH)
    AuditEntry.objects.bulk_create(entries, batch_size=BATCH)


def _seat_tables(
    round_: Round, players: list[Player], referees: list, plan: BulkPlan, rng: random.Random
) -> tuple[list[Table], list[Seat]]:
    """Tables of `plan.seats` players drawn at random; all but the first `open_tables` signed off."""
    now = timezone.now()
    tables = Table.objects.bulk_create(
        (
            Table(
                round=round_,
                number=number,
                referee=referees[number % len(referees)],
                signed_off_at=None if number <= plan.open_tables else now,
                signed_off_by=None if number <= plan.open_tables else referees[number % len(referees)],
            )
            for number in range(1, plan.players // plan.seats + 1)
        ),
        batch_size=BATCH,
    )
    shuffled = rng.sample(players, len(players))
    seats = Seat.objects.bulk_create(
        (
            Seat(
                table=table,
                round=round_,
                letter="ABCDEFGHIJ"[i],
                player=shuffled[t * plan.seats + i],
                drawn_number=i + 1,
            )
            for t, table in enumerate(tables)
            for i in range(plan.seats)
        ),
        batch_size=BATCH,
    )
    return tables, seats


@transaction.atomic
def build_tournament(
    plan: BulkPlan, *, organiser: AbstractBaseUser | None = None, ruleset: str = "hk-school"
) -> Tournament:
    """One round of tables of `plan.seats`, every game entered; all but `plan.open_tables` tables signed off
    (those wait for their last game), standings released."""
    rng = random.Random(plan.seed)
    tournament = Tournament.objects.create(
        name=f"Rummikub 小學邀請賽（{plan.players:,} 人）",
        slug=plan.slug,
        ruleset=ruleset,
        games_per_table=plan.games,
        shared_win_credit=plan.shared_win_credit,
        standings_released=True,
    )
    if organiser is not None:
        tournament.organisers.add(organiser)
    players, referees = _people(tournament, plan, rng)
    round_ = Round.objects.create(
        tournament=tournament,
        name="第一輪",
        order=1,
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9, 30),
    )
    tables, seats = _seat_tables(round_, players, referees, plan, rng)
    _play(tournament, tables, seats, plan, rng)
    return tournament
