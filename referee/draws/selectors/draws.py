"""What a draw reads: the rounds before it, who goes on, and the tables a round was seated at.

Player ids in the seating documents are the players' numbers as text (public on every page, unlike names),
schools their codes."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from referee.models import DrawStatus, Player, Round, RoundDraw, Seat, Table, Tournament
from referee.people.selectors.attendance import players_for_draw
from referee.standings.selectors.standings import final_condition, standings
from referee.standings.selectors.winners import table_winners

EVERYONE, TABLE_WINNERS, TOP = "everyone", "table-winners", "top"
ADVANCEMENT_RULES = (EVERYONE, TABLE_WINNERS, TOP)


def seating_id(player: Player) -> str:
    return str(player.number)


def previous_round(round_: Round) -> Round | None:
    """The latest round before this one that has tables: whose winners and standings decide who goes on."""
    return (
        Round.objects.filter(tournament_id=round_.tournament_id, order__lt=round_.order, tables__isnull=False)
        .distinct()
        .order_by("-order")
        .first()
    )


def round_tables(rounds: list[Round]) -> dict[int, list[list[Player]]]:
    """Each round's tables in number order, each a list of players in seat order (one query)."""
    by_round: dict[int, dict[int, list[Player]]] = defaultdict(lambda: defaultdict(list))
    seats = (
        Seat.objects.filter(round__in=rounds)
        .select_related("player__school", "table")
        .order_by("table__number", "letter")
    )
    for seat in seats:
        by_round[seat.round_id][seat.table.number].append(seat.player)
    return {
        round_.pk: [tables[number] for number in sorted(tables)]
        for round_ in rounds
        for tables in [by_round[round_.pk]]
    }


def draw_history(round_: Round, players: list[Player]) -> list[list[list[str]]]:
    """The rounds before this one, oldest first, naming only the players drawn now (as the engine asks:
    players who left no longer matter); a table left empty is dropped."""
    earlier = list(Round.objects.filter(tournament_id=round_.tournament_id, order__lt=round_.order))
    drawn = {player.pk for player in players}
    tables = round_tables(earlier)
    history = []
    for earlier_round in earlier:
        kept = []
        for table in tables[earlier_round.pk]:
            ids = [seating_id(player) for player in table if player.pk in drawn]
            if ids:
                kept.append(ids)
        if kept:
            history.append(kept)
    return history


@dataclass(frozen=True)
class Standing:
    """A player's place in the final standings so far: `points` give the draw by standings its order (the
    leader highest), whatever the tie-breaks."""

    rank: int
    points: int


def standing_points(tournament: Tournament) -> dict[int, Standing]:
    rows = standings(tournament)
    count = len(rows)
    return {row.player_id: Standing(row.rank, count - row.rank + 1) for row in rows}


@dataclass(frozen=True)
class Advancing:
    """Who goes on, by player number, and what the rule could not settle (tables without a winner yet).
    Never best first: the draw's input lists them in this order, and it is public before the standings."""

    players: list[Player]
    points: dict[int, int]
    undecided_tables: list[int]


def _table_winners(round_: Round, here: list[Player]) -> tuple[list[Player], list[int]]:
    """The players here who won a table of the previous round, and the tables without a final winner."""
    previous = previous_round(round_)
    tables = list(Table.objects.filter(round=previous).order_by("number")) if previous else []
    winners = table_winners(round_.tournament, tables, final_only=True)
    undecided = [table.number for table in tables if winners[table.pk].winner is None]
    chosen = {winner.pk for table in tables if (winner := winners[table.pk].winner) is not None}
    return [player for player in here if player.pk in chosen], undecided


def _capped(players: list[Player], placed: dict[int, Standing], school_cap: int) -> list[Player]:
    """Each school's best `school_cap` (players without a result after those with one)."""
    taken: dict[int, int] = defaultdict(int)
    kept = []
    for player in sorted(players, key=lambda p: placed[p.pk].rank if p.pk in placed else len(placed) + 1):
        if taken[player.school_id] < school_cap:
            taken[player.school_id] += 1
            kept.append(player)
    return kept


def advancing_players(
    round_: Round, *, rule: str, top: int | None = None, school_cap: int | None = None
) -> Advancing:
    """The players the draw of `round_` seats: everyone here; the previous round's table winners; or the
    top `top` of the final standings (all who share the last place taken). A cap per school then keeps
    each school's best. Only players the door has not marked absent or withdrawn go on."""
    tournament = round_.tournament
    here = list(players_for_draw(tournament))
    placed = standing_points(tournament)
    undecided: list[int] = []
    if rule == TABLE_WINNERS:
        here, undecided = _table_winners(round_, here)
    elif rule == TOP:
        limit = top or 0
        here = [player for player in here if player.pk in placed and placed[player.pk].rank <= limit]
    if school_cap:
        here = _capped(here, placed, school_cap)
    here.sort(key=lambda player: player.number)
    points = {player.pk: placed[player.pk].points if player.pk in placed else 0 for player in here}
    return Advancing(here, points, undecided)


def _by_number(seat_id: str) -> tuple[int, str]:
    return len(seat_id), seat_id  # numbers as text, without leading zeros: in the order of the numbers


def tells_standings(document: dict[str, Any], *, order_chosen: bool) -> bool:
    """Whether a seating document, published, would tell the standings: it holds points (only a draw by
    standings has them, the leader highest), or, where the site chose the order (`order_chosen`, a draw's
    input, unlike a repair's, which follows the public tables), it lists players otherwise than by number:
    a draw seated before they were so listed has them best first, and must keep that order to rerun."""
    players = document.get("players", [])
    if any(player.get("points") for player in players):
        return True
    ids = [str(player["id"]) for player in players]
    return order_chosen and ids != sorted(ids, key=_by_number)


def round_preview(round_: Round) -> RoundDraw | None:
    return RoundDraw.objects.filter(round=round_, status=DrawStatus.PREVIEW).first()


def round_seated_draw(round_: Round) -> RoundDraw | None:
    return RoundDraw.objects.filter(round=round_, status=DrawStatus.COMMITTED).first()


def players_by_id(draw: RoundDraw) -> dict[str, Player]:
    """The draw's players by seating id, with their schools (one query)."""
    keys = {int(key) for key in draw.player_ids.values()}
    found = {player.pk: player for player in Player.objects.filter(pk__in=keys).select_related("school")}
    return {seat_id: found[key] for seat_id, key in draw.player_ids.items() if key in found}


def seated_in(round_: Round) -> dict[str, tuple[Player, int]]:
    """The round's players as seated now, by seating id, with their table numbers (one query)."""
    seats = (
        Seat.objects.filter(round=round_).select_related("player__school", "table").order_by("player__number")
    )
    return {seating_id(seat.player): (seat.player, seat.table.number) for seat in seats}


def rounds_drawn_not_begun(tournament: Tournament, *, player: Player | None = None) -> list[Round]:
    """Rounds seated by a draw where no game is saved yet: where the organiser re-seats the tables without the
    absent and a late arrival can be seated in (one query); with `player`, only those where they sit."""
    rounds = Round.objects.filter(tournament=tournament, draws__status=DrawStatus.COMMITTED)
    if player is not None:
        rounds = rounds.filter(tables__seats__player=player)
    return list(rounds.exclude(tables__games__isnull=False).distinct().order_by("order"))


def unfinished_tables(round_: Round) -> int:
    """How many of a round's tables have no final result yet: the table winners and standings that decide
    who goes on leave their players out."""
    return Table.objects.filter(round=round_).exclude(final_condition(round_.tournament, "")).count()
