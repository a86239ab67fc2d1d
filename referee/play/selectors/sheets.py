"""A table's scoresheet: one column per seat, one row per game, then the totals (as on seed 002's sheet)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NotRequired, TypedDict

from django.db.models import QuerySet

import scoring
from referee.models import Game, HandResult, Incident, Seat, Table, Tournament
from referee.models.results import SIXTIETHS
from referee.results.outcome import StoredHand, TableOutcome, outcome_of, stored_game
from referee.results.table_rules import deal_order, games_required, play_order


@dataclass(frozen=True)
class SheetSeat:
    letter: str
    player_name: str
    player_number: int
    school_code: str
    class_name: str
    drawn_number: int | None
    seat_pk: int
    drawn_again: tuple[int, ...] = ()
    left_after: int | None = None
    away: bool = False  # marked absent or withdrawn at the door or by the organiser

    def plays(self, game_number: int) -> bool:
        """Whether this seat takes part in game `game_number` (a player who left does not, later on)."""
        return self.left_after is None or game_number <= self.left_after


@dataclass(frozen=True)
class SheetCell:
    won: bool
    win_credit: Fraction
    score: Fraction
    penalty: int
    basis: str
    rack: str
    rack_value: int | None = None
    went_out: bool = False
    made_initial_meld: bool = True
    could_meld: bool | None = None
    drawn: str = ""


@dataclass(frozen=True)
class SheetGame:
    game: Game
    number: int
    ending: str
    version: int
    cells: list[SheetCell | None]


@dataclass(frozen=True)
class SheetTotal:
    letter: str
    games_won: Fraction
    total: Fraction


@dataclass(frozen=True)
class SheetIncident:
    game_number: int
    letter: str
    kind: str
    tiles_drawn: int
    tiles_left_over: int | None
    note: str
    incident: Incident

    @property
    def in_play(self) -> bool:
        """Recorded while its game is played; it joins the game when the result is saved."""
        return self.incident.game_id is None

    @property
    def arranged_sets(self) -> list[str]:
        return list(self.incident.arrangement.get("sets", []))

    @property
    def unplaced(self) -> str:
        return str(self.incident.arrangement.get("unplaced", ""))


@dataclass(frozen=True)
class TableSheet:
    table: Table
    seats: list[SheetSeat]
    games: list[SheetGame]
    totals: list[SheetTotal]
    incidents: list[SheetIncident]
    games_required: int | None
    play_order: list[str] = field(default_factory=list)
    deal: scoring.DealDraw | None = None

    @property
    def games_played(self) -> int:
        return len(self.games)

    def game(self, number: int) -> SheetGame | None:
        return next((game for game in self.games if game.number == number), None)

    @property
    def dealer(self) -> str | None:
        """UNO: the seat that drew the highest card deals, and plays last (seed 001)."""
        return self.deal.dealer if self.deal is not None else None

    @property
    def starter(self) -> str | None:
        """The seat that plays first, when every player has drawn (UNO: when the draw has named a dealer)."""
        if self.deal is not None:
            return self.deal.starts
        if self.play_order and all(seat.drawn_number is not None for seat in self.seats):
            return self.play_order[0]
        return None

    @property
    def draw_again(self) -> list[str]:
        """UNO: the seats tied on the highest card, who draw again before anyone deals."""
        if self.deal is None or self.deal.rounds == 0:
            return []
        return list(self.deal.to_draw)


def _cell(hand: HandResult) -> SheetCell:
    return SheetCell(
        won=hand.won,
        win_credit=Fraction(hand.win_credit_sixtieths, SIXTIETHS),
        score=Fraction(hand.score_sixtieths, SIXTIETHS),
        penalty=hand.penalty,
        basis=hand.basis,
        rack=hand.rack,
        rack_value=hand.rack_value,
        went_out=hand.went_out,
        made_initial_meld=hand.made_initial_meld,
        could_meld=hand.could_meld,
        drawn=hand.drawn,
    )


def table_sheet(table: Table) -> TableSheet:
    """Four queries: seats, games, hands, incidents. The table's round and tournament should be loaded."""
    return table_sheets([table])[0]


def sheet_seats(table: Table) -> list[SheetSeat]:
    """One query: a table's seats as its sheet shows them, for a form that needs no more than who sits
    where (a game's save or preview, whose sheet is read only when the page is shown again)."""
    return [_sheet_seat(seat) for seat in _seats_with_players([table.pk])]


def _seats_with_players(keys: Sequence[int]) -> QuerySet[Seat]:
    return Seat.objects.filter(table_id__in=keys).select_related("player__school").order_by("letter")


def table_sheets(tables: Sequence[Table]) -> list[TableSheet]:
    """The sheets of many tables in the same four queries (a round's printout reads them in bulk). The
    tables' rounds and tournament should be loaded."""
    keys = [table.pk for table in tables]
    seats_by_table: dict[int, list[Seat]] = defaultdict(list)
    for seat in _seats_with_players(keys):
        seats_by_table[seat.table_id].append(seat)
    games_by_table: dict[int, list[Game]] = defaultdict(list)
    for game in Game.objects.filter(table_id__in=keys).order_by("number"):
        games_by_table[game.table_id].append(game)
    hands_by_game: dict[int, dict[int, HandResult]] = defaultdict(dict)
    for hand in HandResult.objects.filter(game__table_id__in=keys):
        hands_by_game[hand.game_id][hand.seat_id] = hand
    incidents_by_table: dict[int, list[Incident]] = defaultdict(list)
    incidents = Incident.objects.filter(table_id__in=keys).order_by("game_number", "created_at", "pk")
    for incident in incidents:
        incidents_by_table[incident.table_id].append(incident)
    return [
        _sheet(
            table,
            seats_by_table[table.pk],
            games_by_table[table.pk],
            hands_by_game,
            incidents_by_table[table.pk],
        )
        for table in tables
    ]


def _sheet(
    table: Table,
    seats: list[Seat],
    games: list[Game],
    hands_by_game: dict[int, dict[int, HandResult]],
    incidents: list[Incident],
) -> TableSheet:
    sheet_games = []
    won: dict[int, Fraction] = defaultdict(Fraction)
    total: dict[int, Fraction] = defaultdict(Fraction)
    for game in games:
        cells: list[SheetCell | None] = []
        for seat in seats:
            hand = hands_by_game[game.pk].get(seat.pk)
            cells.append(_cell(hand) if hand else None)
            if hand:
                won[seat.pk] += Fraction(hand.win_credit_sixtieths, SIXTIETHS)
                total[seat.pk] += Fraction(hand.score_sixtieths, SIXTIETHS)
        sheet_games.append(SheetGame(game, game.number, game.ending, game.version, cells))
    letters = {seat.pk: seat.letter for seat in seats}
    return TableSheet(
        table=table,
        seats=[_sheet_seat(seat) for seat in seats],
        games=sheet_games,
        totals=[SheetTotal(seat.letter, won[seat.pk], total[seat.pk]) for seat in seats],
        incidents=[
            SheetIncident(
                incident.game_number,
                letters.get(incident.seat_id, ""),
                incident.kind,
                incident.tiles_drawn,
                incident.tiles_left_over,
                incident.note,
                incident,
            )
            for incident in incidents
        ],
        games_required=games_required(table.round.tournament, len(seats), table.last_game),
        **_order(table.round.tournament.ruleset, seats),
    )


class PlayOrder(TypedDict):
    """A sheet's order of play: the seats in playing order, and (UNO) the engine's reading of the deal."""

    play_order: list[str]
    deal: NotRequired[scoring.DealDraw]


def _order(ruleset_key: str, seats: Sequence[Seat]) -> PlayOrder:
    """The order of play from the seats' draws: Rummikub's highest number starts; UNO's draw for the deal."""
    drawn = {seat.letter: seat.drawn_number for seat in seats}
    if scoring.get_ruleset(ruleset_key).is_rummikub:
        return {"play_order": play_order(drawn)}
    order, deal = deal_order(ruleset_key, drawn, {seat.letter: list(seat.drawn_again) for seat in seats})
    return {"play_order": order, "deal": deal}


def _sheet_seat(seat: Seat) -> SheetSeat:
    player = seat.player
    return SheetSeat(
        letter=seat.letter,
        player_name=player.display_name,
        player_number=player.number,
        school_code=player.school.code,
        class_name=player.class_name,
        drawn_number=seat.drawn_number,
        seat_pk=seat.pk,
        drawn_again=tuple(seat.drawn_again or ()),
        left_after=seat.left_after,
        away=not player.is_drawn,
    )


def sheet_outcome(tournament: Tournament, sheet: TableSheet) -> TableOutcome:
    """The outcome of a scoresheet, decided from the numbers it shows (no query): the table page and the
    printed sheet both read it here."""
    letters = [seat.letter for seat in sheet.seats]
    games = [
        stored_game(
            tournament.ruleset,
            game.ending,
            [
                StoredHand(letter, cell.penalty, cell.score, cell.basis, cell.won)
                for letter, cell in zip(letters, game.cells, strict=True)
                if cell is not None
            ],
        )
        for game in sheet.games
    ]
    return outcome_of(tournament, sheet.table, len(letters), games)
