"""Saving a game or an incident from the table page: one path for the page's forms (a post and a redirect)
and for its script, which sends what the referee saved from a queue kept on the phone (`views/submit.py`).

A save that lost a race with another device comes back as a conflict: the form holds the other device's
values where only it changed something, and every difference is listed (`forms/conflicts.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.forms import Form
from django.http import HttpRequest, QueryDict
from django.utils.translation import gettext as _

import scoring
from core.errors import ServiceError
from core.inputs import parse_number
from referee.models import Game, HandResult, Incident, Table
from referee.play.forms.entry import GameEntryForm, initial_for_game, new_submission_key
from referee.play.forms.incidents import IncidentForm
from referee.play.selectors.sheets import SheetSeat, TableSheet, sheet_outcome, sheet_seats, table_sheet
from referee.play.services.incidents import incident_record, incident_record_in_play
from referee.play.services.merge import Conflict, form_data, game_conflict
from referee.play.services.results import game_result_submit
from referee.results.hands import stored_facts
from referee.results.outcome import TableOutcome
from referee.results.previews import StoredGame, game_preview
from referee.results.table_rules import table_ruleset

RACED = ("stale", "exists")


def next_game_open(table: Table, sheet: TableSheet, outcome: TableOutcome | None = None) -> bool:
    """Whether the table plays another game: not signed off, enough players, the match not over. A caller
    that holds the sheet's `outcome` already gives it, rather than have it decided again."""
    tournament = table.round.tournament
    if table.is_signed_off or len(sheet.seats) < scoring.get_ruleset(tournament.ruleset).min_players:
        return False
    return not (outcome if outcome is not None else sheet_outcome(tournament, sheet)).finished


def seats_of_game(seats: Sequence[SheetSeat], game_number: int | None) -> list[SheetSeat]:
    """The seats a game's form asks about: a player who left the table is not in later games."""
    return [seat for seat in seats if game_number is None or seat.plays(game_number)]


def posted_entry_form(table: Table, seats: Sequence[SheetSeat], data: Any) -> GameEntryForm:
    """A posted game: who sits where is all its form needs (`sheet_seats`, one query). The ruleset
    is the table's as seated (a smaller table after someone left plays the same set)."""
    playing = seats_of_game(seats, parse_number(str(data.get("game_number", ""))))
    return GameEntryForm(data, seats=playing, ruleset=table_ruleset(table.round.tournament, len(seats)))


def entry_form(
    table: Table, sheet: TableSheet, data: Any = None, game_number: int | None = None
) -> GameEntryForm:
    """A bound form for a post; else a blank one for the next game, or one holding game `game_number`."""
    if data is not None:
        return posted_entry_form(table, sheet.seats, data)
    stored = sheet.game(game_number) if game_number else None
    if stored is not None:
        initial = initial_for_game(stored, sheet.seats)
    else:
        initial = {"game_number": sheet.games_played + 1}
    initial["submission"] = new_submission_key()
    ruleset = table_ruleset(table.round.tournament, len(sheet.seats))
    playing = seats_of_game(sheet.seats, initial["game_number"])
    return GameEntryForm(initial=initial, seats=playing, ruleset=ruleset)


def incident_form(
    table: Table, sheet: TableSheet, data: Any = None, outcome: TableOutcome | None = None
) -> IncidentForm:
    """Saved games to choose from, and the game being played when there is one."""
    return IncidentForm(
        data,
        seats=sheet.seats,
        game_numbers=[game.number for game in sheet.games],
        ruleset_key=table_ruleset(table.round.tournament, len(sheet.seats)),
        in_play=sheet.games_played + 1 if next_game_open(table, sheet, outcome) else None,
    )


def add_service_error(form: Form, error: ServiceError, field: str | None) -> None:
    if error.code == "forbidden":
        raise PermissionDenied(str(error))
    form.add_error(field if field in form.fields else None, str(error.message))


@dataclass
class GameSave:
    """What became of a posted game: saved, refused (the form holds the errors) or raced (a conflict).
    A refused or raced save carries the table's `sheet`, read after it, to show the page again."""

    form: GameEntryForm
    sheet: TableSheet | None = None
    game: Game | None = None
    conflict: Conflict | None = None

    @property
    def done(self) -> str:
        if self.game is None:
            return ""
        done = _("Game %(number)d saved.") if self.game.version == 1 else _("Game %(number)d corrected.")
        return done % {"number": self.game.number}


def game_save(request: HttpRequest, table: Table) -> GameSave:
    """The save reads only the seats before the service: the hall's usual save lands and redirects, so the
    games, hands and incidents are read (three more queries) only when the page is shown again."""
    form = posted_entry_form(table, sheet_seats(table), request.POST)
    if not form.is_valid():
        return GameSave(form, table_sheet(table))
    values = form.cleaned_data
    try:
        game = game_result_submit(
            actor=request.user,
            table=table,
            game_number=values["game_number"],
            ending=values["ending"],
            hands=form.hand_facts(),
            expected_version=values.get("version"),
            reason=values.get("reason") or "",
            submission=values.get("submission") or "",
            last_card=form.last_card,
        )
    except ServiceError as error:
        if error.code in RACED:
            return _raced(table, form, error)
        add_service_error(form, error, form.field_for(error.field, error.code))
        return GameSave(form, table_sheet(table))
    return GameSave(form, game=game)


def _raced(table: Table, form: GameEntryForm, error: ServiceError) -> GameSave:
    """Another device saved this game first: offer the entry again, aimed at the saved version, with what
    each device changed; the other device's changes are taken wherever this one left a field alone."""
    number = form.cleaned_data["game_number"]
    current = table.games.filter(number=number).first()
    fresh = table_sheet(table)
    if current is None:
        form.add_error(None, str(error.message))
        return GameSave(form, fresh)
    conflict = game_conflict(form, fresh.seats, current)
    data = QueryDict(mutable=True)
    data.update(form_data(conflict.merged, [seat.letter for seat in fresh.seats]))
    data.update(
        {
            "game_number": str(number),
            "version": str(current.version),
            "submission": new_submission_key(),
            "reason": form.cleaned_data.get("reason") or "",
        }
    )
    merged = entry_form(table, fresh, data)
    merged.is_valid()
    keep = _(
        "Below: what the other device changed and what yours would change. Choose for each, then save "
        "again; nothing the other device saved is replaced unless you choose it."
    )
    merged.add_error(None, f"{error.message} {keep}")
    return GameSave(merged, fresh, conflict=conflict)


@dataclass
class IncidentSave:
    form: IncidentForm
    sheet: TableSheet
    incident: Incident | None = None


def incident_save(request: HttpRequest, table: Table) -> IncidentSave:
    """An incident of a saved game, or of the game being played (it joins that game when it is saved)."""
    sheet = table_sheet(table)
    form = incident_form(table, sheet, request.POST)
    if form.is_valid() and form.cleaned_data.get("game") is None:
        form.add_error("game", _("Save the game's result first, then record its incidents."))
    if not form.is_valid():
        return IncidentSave(form, sheet)
    values = form.cleaned_data
    details = {
        "seat": table.seats.filter(letter=values["seat"]).first(),
        "kind": values["kind"],
        "tiles_left_over": values.get("tiles_left_over"),
        "table_tiles": values.get("table_tiles") or "",
        "note": values.get("note") or "",
        "submission": values.get("submission") or "",
    }
    game = table.games.filter(number=values["game"]).first()
    try:
        if game is not None:
            incident = incident_record(
                actor=request.user, game=game, reason=values.get("reason") or "", **details
            )
        else:
            incident = incident_record_in_play(actor=request.user, table=table, **details)
    except ServiceError as error:
        add_service_error(form, error, error.field)
        return IncidentSave(form, sheet)
    return IncidentSave(form, sheet, incident=incident)


def stored_game_for(
    table: Table, ruleset: scoring.Ruleset, number: int | None, version: int | None
) -> StoredGame | None:
    """The game a correction starts from (one query), for its preview; None for a new game."""
    if not number or not version:
        return None
    rows = HandResult.objects.filter(game__table=table, game__number=number).select_related("seat", "game")
    hands = list(rows)
    if not hands:
        return None
    return StoredGame(
        ending=hands[0].game.ending,
        facts={hand.seat.letter: stored_facts(hand) for hand in hands},
        rack_values={hand.seat.letter: _rack_value(ruleset, hand) for hand in hands},
        scores={hand.seat.letter: hand.score for hand in hands},
    )


def _rack_value(ruleset: scoring.Ruleset, hand: HandResult) -> int:
    if hand.rack_value is not None:
        return hand.rack_value
    return scoring.rack_value(ruleset, hand.rack) if hand.rack else 0


def preview_of(table: Table, form: GameEntryForm) -> Any:
    """The engine's scores for a valid form, or None with the refusal added to the form."""
    if not form.is_valid():
        return None
    try:
        names = {seat.letter: seat.player_name for seat in form.seats}
        played = table_ruleset(table.round.tournament, len(form.seats))
        ending = form.cleaned_data["ending"]
        values = form.cleaned_data
        stored = stored_game_for(table, played, values.get("game_number"), values.get("version"))
        return game_preview(played, names, ending, form.hand_facts(), form.last_card, stored)
    except ServiceError as error:
        add_service_error(form, error, form.field_for(error.field, error.code))
        return None
