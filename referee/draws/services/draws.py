"""Drawing a round: the organiser previews a draw (who goes on, the mode, table sizes), redraws with another
seed, swaps two players by hand, then seats it. The preview is a database row (`RoundDraw`), never process
memory, so any worker serves the next tap; every step is audited with the seed."""

from __future__ import annotations

import secrets
from typing import Any, cast

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.checks import require_choice, require_positive
from referee.draws.selectors.draws import (
    ADVANCEMENT_RULES,
    EVERYONE,
    TOP,
    advancing_players,
    draw_history,
    previous_round,
    seating_id,
)
from referee.models import NOT_DRAWN, DrawStatus, Game, Player, Round, RoundDraw, Seat, Table
from referee.models.schedule import SEAT_LETTERS
from referee.permissions import AnyUser
from referee.wording.draws import seating_refusal
from seating import MODES, SeatingError
from seating.commands import run_command

MAX_SEED = 2**53 - 1


def lock_open_round(round_: Round) -> Round:
    """The round's row, locked; refused once a game is saved at any of its tables (its seats are history)."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if Game.objects.filter(table__round=round_).exists():
        raise ServiceError(
            _("A game has been saved in this round: it cannot be drawn again."), code="in-play"
        )
    return round_


def _clean_sizes(round_: Round, table_max: int | None, table_min: int | None) -> tuple[int, int]:
    tournament = round_.tournament
    least = scoring.get_ruleset(tournament.ruleset).min_players
    table_max = cast(int, require_positive(table_max, field="table_max"))  # None is refused there
    table_min = cast(int, require_positive(table_min, field="table_min"))
    if not least <= table_max <= tournament.table_size:
        raise ServiceError(
            _("A table seats %(least)d to %(most)d players in this ruleset.")
            % {"least": least, "most": tournament.table_size},
            field="table_max",
            code="bad-size",
        )
    if not least <= table_min <= table_max:
        raise ServiceError(
            _("The smallest table must seat %(least)d to %(most)d players.")
            % {"least": least, "most": table_max},
            field="table_min",
            code="bad-size",
        )
    return table_max, table_min


def _clean_seed(seed: int | None) -> int:
    if seed is None:
        return secrets.randbelow(MAX_SEED + 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ServiceError(
            _("Enter a whole number from 0 to %(most)d.") % {"most": MAX_SEED}, field="seed", code="bad-seed"
        )
    return seed


def _clean_advancement(round_: Round, rule: str, top: int | None, school_cap: int | None) -> dict[str, Any]:
    require_choice(rule, ADVANCEMENT_RULES, field="rule")
    if rule == TOP:
        require_positive(top, field="top")
    else:
        top = None
    require_positive(school_cap, field="school_cap", allow_none=True)
    if rule != EVERYONE and previous_round(round_) is None:
        raise ServiceError(
            _("No earlier round has tables: the first round draws everyone here."),
            field="rule",
            code="no-round",
        )
    return {"rule": rule, "top": top, "school_cap": school_cap}


def run_seating(command: str, document: dict[str, Any], table_size: dict[str, int]) -> dict[str, Any]:
    try:
        return run_command(command, document)
    except SeatingError as error:
        raise ServiceError(
            seating_refusal(
                error,
                players=len(document["players"]),
                table_min=table_size["min"],
                table_max=table_size["max"],
            ),
            code=f"seating-{error.code}",
        ) from None


def _draw_request(
    round_: Round, advancement: dict[str, Any], mode: str, sizes: tuple[int, int], seed: int
) -> tuple[dict[str, Any], dict[str, int]]:
    """The input of `python3 -m seating draw` (ids and school codes only) and the players by id."""
    chosen = advancing_players(
        round_, rule=advancement["rule"], top=advancement["top"], school_cap=advancement["school_cap"]
    )
    if chosen.undecided_tables:
        raise ServiceError(
            _("These tables of the previous round have no final winner yet: %(tables)s.")
            % {"tables": ", ".join(str(number) for number in chosen.undecided_tables)},
            field="rule",
            code="undecided",
        )
    # The input is public, the standings may not be: players by number (the engine draws from this very
    # order), points only where the engine reads them (by standings; the public page waits for the release).
    players = [
        {"id": seating_id(player), "school": player.school.code}
        | ({"points": chosen.points[player.pk]} if mode == "by-standings" else {})
        for player in chosen.players
    ]
    request = {
        "players": players,
        "history": draw_history(round_, chosen.players),
        "table_size": {"max": sizes[0], "min": sizes[1]},
        "mode": mode,
        "rounds": 1,
        "seed": seed,
    }
    return request, {seating_id(player): player.pk for player in chosen.players}


def _store_preview(
    organiser: User,
    round_: Round,
    advancement: dict[str, Any],
    request: dict[str, Any],
    ids: dict[str, int],
) -> RoundDraw:
    answer = run_seating("draw", request, request["table_size"])
    RoundDraw.objects.filter(round=round_, status=DrawStatus.PREVIEW).delete()
    draw = RoundDraw.objects.create(
        round=round_,
        advancement=advancement,
        request=request,
        drawn=answer["rounds"][0],
        tables=answer["rounds"][0],
        report=answer["report"],
        player_ids=ids,
        created_by=organiser,
    )
    audit_record(
        actor=organiser,
        tournament=round_.tournament,
        action="round.draw_preview",
        after={"round": round_.pk, "seed": request["seed"], "mode": request["mode"], **advancement},
        public=False,
    )
    return draw


@transaction.atomic
def round_draw_preview(
    *,
    actor: AnyUser,
    round_: Round,
    rule: str = EVERYONE,
    top: int | None = None,
    school_cap: int | None = None,
    mode: str = "random",
    table_max: int | None = None,
    table_min: int | None = None,
    seed: int | None = None,
) -> RoundDraw:
    """A draw for the organiser to look at; nothing is seated until `round_draw_commit`. A blank seed draws
    a fresh one (kept, so the draw can be made again)."""
    organiser = permissions.require_organiser(actor, round_.tournament)
    round_ = lock_open_round(round_)
    advancement = _clean_advancement(round_, rule, top, school_cap)
    require_choice(mode, MODES, field="mode")
    sizes = _clean_sizes(round_, table_max, table_min)
    request, ids = _draw_request(round_, advancement, mode, sizes, _clean_seed(seed))
    if not ids:
        raise ServiceError(
            _("Nobody to seat: no player goes on under this rule."), field="rule", code="nobody"
        )
    return _store_preview(organiser, round_, advancement, request, ids)


def _lock_preview(actor: AnyUser, draw: RoundDraw) -> tuple[User, Round, RoundDraw]:
    """The organiser, the round's row and the preview's, both locked; refused once the preview is replaced."""
    organiser = permissions.require_organiser(actor, draw.round.tournament)
    round_ = lock_open_round(draw.round)
    locked = RoundDraw.objects.select_for_update().filter(pk=draw.pk, status=DrawStatus.PREVIEW).first()
    if locked is None:
        raise ServiceError(_("This draw is no longer the preview: draw again."), code="stale")
    locked.round = round_
    return organiser, round_, locked


@transaction.atomic
def round_draw_redraw(*, actor: AnyUser, draw: RoundDraw, seed: int | None = None) -> RoundDraw:
    """The same players and settings, another seed (a fresh one when none is given)."""
    organiser, round_, draw = _lock_preview(actor, draw)
    advancement = draw.advancement
    sizes = (draw.request["table_size"]["max"], draw.request["table_size"]["min"])
    request, ids = _draw_request(round_, advancement, draw.request["mode"], sizes, _clean_seed(seed))
    return _store_preview(organiser, round_, advancement, request, ids)


def _report(request: dict[str, Any], tables: list[list[str]]) -> dict[str, Any]:
    document = {
        "players": request["players"],
        "history": request["history"],
        "rounds": [tables],
        "table_size": request["table_size"],
    }
    report: dict[str, Any] = run_seating("report", document, request["table_size"])["report"]
    return report


@transaction.atomic
def round_draw_swap(*, actor: AnyUser, draw: RoundDraw, first: str, second: str) -> RoundDraw:
    """Two players change places by hand; the report is made again by the engine's own measure."""
    _organiser, round_, draw = _lock_preview(actor, draw)
    places = {player: (t, s) for t, table in enumerate(draw.tables) for s, player in enumerate(table)}
    if first not in places or second not in places:
        raise ServiceError(_("Choose two players of this draw."), field="first", code="not-drawn")
    if first == second:
        raise ServiceError(_("Choose two different players."), field="second", code="same-player")
    tables = [list(table) for table in draw.tables]
    (t1, s1), (t2, s2) = places[first], places[second]
    tables[t1][s1], tables[t2][s2] = second, first
    draw.tables = tables
    draw.report = _report(draw.request, tables)
    draw.swaps = [*draw.swaps, [first, second]]
    draw.save(update_fields=["tables", "report", "swaps"])
    audit_record(
        actor=actor,
        tournament=round_.tournament,
        action="round.draw_swap",
        after={"round": round_.pk, "seed": draw.seed, "swap": [first, second]},
        public=False,
    )
    return draw


def referees_by_number(round_: Round) -> dict[int, int | None]:
    """Referees stay at their physical tables: this round's table N keeps its referee, else the previous
    round's table N lends its."""
    found: dict[int, int | None] = dict(round_.tables.values_list("number", "referee_id"))
    previous = previous_round(round_)
    if previous is not None:
        for number, referee in previous.tables.values_list("number", "referee_id"):
            if found.get(number) is None:
                found[number] = referee
    return found


def _players_still_here(draw: RoundDraw) -> dict[str, Player]:
    players = {player.pk: player for player in Player.objects.filter(pk__in=draw.player_ids.values())}
    for seat_id, key in draw.player_ids.items():
        player = players.get(key)
        if player is None or player.attendance in NOT_DRAWN:
            raise ServiceError(
                _("Player %(number)s is no longer here (absent, withdrawn or removed): draw again.")
                % {"number": seat_id},
                code="player-gone",
            )
    return {seat_id: players[key] for seat_id, key in draw.player_ids.items()}


def seat_round(round_: Round, tables: list[list[str]], players: dict[str, Player]) -> list[Table]:
    """Replace the round's tables by `tables` (numbered 1.. in order, seats A.. in the engine's order)."""
    referees = referees_by_number(round_)
    round_.tables.all().delete()
    Table.objects.bulk_create(
        Table(round=round_, number=number, referee_id=referees.get(number))
        for number in range(1, len(tables) + 1)
    )
    made = list(Table.objects.filter(round=round_).order_by("number"))
    Seat.objects.bulk_create(
        Seat(table=table, round=round_, letter=SEAT_LETTERS[index], player=players[seat_id])
        for table, ids in zip(made, tables, strict=True)
        for index, seat_id in enumerate(ids)
    )
    return made


@transaction.atomic
def round_draw_commit(*, actor: AnyUser, draw: RoundDraw) -> RoundDraw:
    """Seat the preview: the round's tables are made again from it, referees kept on their table numbers."""
    _organiser, round_, draw = _lock_preview(actor, draw)
    players = _players_still_here(draw)
    before = list(round_.tables.order_by("number").values_list("number", flat=True))
    tables = seat_round(round_, draw.tables, players)
    RoundDraw.objects.filter(round=round_, status=DrawStatus.COMMITTED).update(status=DrawStatus.SUPERSEDED)
    draw.status = DrawStatus.COMMITTED
    draw.committed_at = timezone.now()
    draw.save(update_fields=["status", "committed_at"])
    audit_record(
        actor=actor,
        tournament=round_.tournament,
        action="round.draw",
        before={"tables": before},
        after={
            "round": round_.pk,
            "seed": draw.seed,
            "mode": draw.request["mode"],
            **draw.advancement,
            "table_size": draw.request["table_size"],
            "tables": [[seat_id for seat_id in table] for table in draw.tables],
            "swaps": draw.swaps,
            "table_count": len(tables),
        },
    )
    return draw
