"""Two devices saved the same game: what the other one changed, what this one would change, field by field.

A save that lost the race (`stale` or `exists`) is never retried blindly. The form comes back holding the
other device's value wherever only it changed something, this device's value wherever only this one did, and
this device's value (marked) where both changed the same field; every difference is listed so the referee
chooses, and nothing the other device saved is reverted unseen.

"What the other device changed" needs the version this device started from: the audit log keeps every saved
version's facts (`game.create` and `game.correct` snapshots), so it is read there.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.translation import gettext as _

import scoring
from core.models import AuditEntry
from referee.models import Game
from referee.play.selectors.sheets import SheetSeat
from referee.results.hands import normalised
from referee.wording.changes import HAND_LABELS
from referee.wording.labels import ending_label, yes_no
from referee.wording.seats import seat_label


class Entry(Protocol):
    """What the merge reads of this device's checked entry (the table page's `GameEntryForm`)."""

    cleaned_data: dict[str, Any]

    @property
    def last_card(self) -> str: ...

    def hand_facts(self) -> list[scoring.PlayerInput]: ...


HAND_KEYS = ("rack", "rack_value", "made_initial_meld", "could_meld", "drawn")


@dataclass(frozen=True)
class ConflictRow:
    """One fact that differs between the saved game and this device's entry."""

    label: str
    field: str
    saved: str
    yours: str
    saved_value: Any
    your_value: Any
    they_changed: bool
    you_changed: bool

    @property
    def both_changed(self) -> bool:
        return self.they_changed and self.you_changed

    @property
    def kept(self) -> str:
        """Whose value the returned form holds: theirs where only they changed it, else this device's."""
        return "saved" if self.they_changed and not self.you_changed else "yours"

    @property
    def choices_json(self) -> str:
        """Both values for the page's script (the buttons that put either one in the form)."""
        return json.dumps({"saved": self.saved_value, "yours": self.your_value})


@dataclass(frozen=True)
class Conflict:
    rows: list[ConflictRow]
    version: int
    merged: dict[str, Any]

    @property
    def their_changes(self) -> list[ConflictRow]:
        return [row for row in self.rows if row.they_changed]

    @property
    def your_changes(self) -> list[ConflictRow]:
        return [row for row in self.rows if row.you_changed]


def _facts(
    ending: str | None, hands: Mapping[str, Mapping[str, Any]], letters: list[str], last_card: str = ""
) -> dict[str, Any]:
    """A game's facts keyed as the entry form's fields, in one comparable spelling."""
    facts: dict[str, Any] = {"ending": ending or "", "went_out": "", "last_card": last_card or ""}
    for letter in letters:
        hand = hands.get(letter) or {}
        if hand.get("went_out"):
            facts["went_out"] = letter
        could = hand.get("could_meld")
        facts[f"rack_{letter}"] = scoring.plain_text(hand.get("rack") or "")
        facts[f"rack_value_{letter}"] = hand.get("rack_value")
        facts[f"made_initial_meld_{letter}"] = bool(hand.get("made_initial_meld", True))
        facts[f"could_meld_{letter}"] = "" if could is None else ("yes" if could else "no")
        facts[f"drawn_{letter}"] = scoring.plain_text(hand.get("drawn") or "")
    return facts


def _saved_facts(game: Game, letters: list[str]) -> dict[str, Any]:
    hands = {
        hand.seat.letter: {key: getattr(hand, key) for key in ("went_out", *HAND_KEYS)}
        for hand in game.hands.select_related("seat")
    }
    return _facts(game.ending, hands, letters, game.last_card)


def _base_snapshot(game: Game, version: int | None) -> dict[str, Any] | None:
    """The facts this device started from: the saved version it named, or nothing for a new game."""
    if version is None:
        return None
    entry = (
        AuditEntry.objects.filter(
            game=game, action__in=["game.create", "game.correct"], changes__after__version=version
        )
        .order_by("-pk")
        .first()
    )
    return entry.changes.get("after") if entry else None


def _form_facts(form: Entry, letters: list[str]) -> dict[str, Any]:
    values = form.cleaned_data
    hands = {}
    for fact in form.hand_facts():
        stored = normalised(fact)
        hands[stored.seat] = {
            "went_out": stored.went_out,
            "rack": stored.rack,
            "rack_value": stored.rack_value,
            "made_initial_meld": stored.made_initial_meld,
            "could_meld": stored.could_meld,
            "drawn": stored.drawn,
        }
    return _facts(values.get("ending"), hands, letters, form.last_card)


def _label(field: str, names: Mapping[str, str]) -> str:
    if field in ("ending", "went_out"):
        return _("How the game ended") if field == "ending" else str(HAND_LABELS["went_out"])
    if field == "last_card":
        return _("Last card")
    key, letter = field.rsplit("_", 1)
    return f"{seat_label(letter)} {names.get(letter, '')} · {HAND_LABELS[key]}"


def _shown(field: str, value: Any) -> str:
    if value is None or value == "":
        return "—"
    if field == "ending":
        return ending_label(str(value))
    if field == "went_out":
        return seat_label(str(value))
    if field.startswith("could_meld_"):
        return yes_no(value == "yes")
    if isinstance(value, bool):
        return yes_no(value)
    return str(value)


def game_conflict(form: Entry, seats: list[SheetSeat], current: Game) -> Conflict:
    """The differences between the saved game and this device's valid entry, and the values to re-offer."""
    letters = [seat.letter for seat in seats]
    names = {seat.letter: seat.player_name for seat in seats}
    snapshot = _base_snapshot(current, form.cleaned_data.get("version"))
    # Without the version this device started from (a game both entered as new), both changed everything.
    base = (
        _facts(snapshot.get("ending"), snapshot.get("hands") or {}, letters, snapshot.get("last_card", ""))
        if snapshot
        else None
    )
    saved = _saved_facts(current, letters)
    yours = _form_facts(form, letters)
    rows, merged = [], dict(yours)
    for field, your_value in yours.items():
        saved_value = saved.get(field)
        if saved_value == your_value:
            continue
        they_changed = base is None or base.get(field) != saved_value
        you_changed = base is None or base.get(field) != your_value
        row = ConflictRow(
            label=_label(field, names),
            field=field,
            saved=_shown(field, saved_value),
            yours=_shown(field, your_value),
            saved_value=_form_value(saved_value),
            your_value=_form_value(your_value),
            they_changed=they_changed,
            you_changed=you_changed,
        )
        rows.append(row)
        if row.kept == "saved":
            merged[field] = saved_value
    return Conflict(rows=rows, version=current.version, merged=merged)


def _form_value(value: Any) -> Any:
    """A value as the page's inputs hold it: booleans as ticks, nothing as an empty string."""
    if value is None:
        return ""
    return value


def form_data(merged: Mapping[str, Any], letters: list[str]) -> dict[str, str]:
    """Merged facts as posted form data (a tick box is present only when ticked)."""
    data: dict[str, str] = {}
    for field, value in merged.items():
        if field.startswith("made_initial_meld_"):
            if value:
                data[field] = "on"
            continue
        data[field] = "" if value is None else str(value)
    return data
