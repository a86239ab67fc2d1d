"""What an audit entry changed, as short lines a person reads: "B: tiles R3 K4 → R3 K5; score -7 → -8",
「乙：剩牌 R3 K4 → R3 K5；得分 -7 → -8」.

The log stores full snapshots before and after; these lines show only what differs, in the page's language.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.models.results import SIXTIETHS
from referee.wording.codes import incident_label
from referee.wording.figures import score_text
from referee.wording.labels import ending_label, yes_no
from referee.wording.seats import seat_label
from referee.wording.sentences import labelled, listed
from referee.wording.times import day_and_time

HAND_LABELS = {
    "went_out": gettext_lazy("went out"),
    "rack": gettext_lazy("tiles"),
    "rack_value": gettext_lazy("rack value"),
    "made_initial_meld": gettext_lazy("initial meld"),
    "could_meld": gettext_lazy("could have melded"),
    "drawn": gettext_lazy("cards drawn after the last card"),
    "score_sixtieths": gettext_lazy("score"),
}
# UNO is played with cards: its hands' facts in its own words.
CARD_LABELS = {
    **HAND_LABELS,
    "rack": gettext_lazy("cards"),
    "rack_value": gettext_lazy("hand value"),
}
GAME_ACTIONS = {"game.create", "game.correct"}
ARROW = " → "


def _shown(name: str, value: Any) -> str:
    if value is None or value == "":
        return "—"
    if name == "score_sixtieths":
        return score_text(Fraction(value, SIXTIETHS))
    if isinstance(value, bool):
        return yes_no(value)
    if name == "ending":
        return ending_label(str(value))
    return str(value)


def _hand_line(
    letter: str, before: dict[str, Any], after: dict[str, Any], *, created: bool, cards: bool = False
) -> str | None:
    parts = []
    for name, label in (CARD_LABELS if cards else HAND_LABELS).items():
        old, new = before.get(name), after.get(name)
        if created:
            if name in ("rack", "rack_value", "drawn", "score_sixtieths") and new not in (None, ""):
                parts.append(f"{label} {_shown(name, new)}")
        elif old != new:
            parts.append(f"{label} {_shown(name, old)}{ARROW}{_shown(name, new)}")
    if created and after.get("went_out"):
        parts.insert(0, str(HAND_LABELS["went_out"]))
    return labelled(seat_label(letter), listed(parts, long=True)) if parts else None


def game_lines(before: dict[str, Any], after: dict[str, Any], *, cards: bool = False) -> list[str]:
    """One line for the ending if it changed, then one per seat whose facts or score changed (`cards`: UNO's
    hands, in its words)."""
    created = not before
    lines = []
    if created:
        lines.append(_shown("ending", after.get("ending")))
    elif before.get("ending") != after.get("ending"):
        lines.append(
            _("ending %(old)s%(arrow)s%(new)s")
            % {
                "old": _shown("ending", before.get("ending")),
                "arrow": ARROW,
                "new": _shown("ending", after.get("ending")),
            }
        )
    old_card, new_card = before.get("last_card", ""), after.get("last_card", "")
    if old_card != new_card:
        lines.append(
            _("last card %(old)s%(arrow)s%(new)s")
            % {"old": _shown("last_card", old_card), "arrow": ARROW, "new": _shown("last_card", new_card)}
        )
    old_hands, new_hands = before.get("hands", {}), after.get("hands", {})
    for letter in sorted(set(old_hands) | set(new_hands)):
        line = _hand_line(
            letter, old_hands.get(letter, {}), new_hands.get(letter, {}), created=created, cards=cards
        )
        if line:
            lines.append(line)
    return lines


def _plain_lines(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    lines = []
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key), after.get(key)
        if isinstance(old, (dict, list)) or isinstance(new, (dict, list)):
            continue
        if key in before and key in after and old != new:
            lines.append(labelled(key, f"{_shown(key, old)}{ARROW}{_shown(key, new)}"))
        elif key not in before:
            lines.append(labelled(key, _shown(key, new)))
        elif key not in after:
            lines.append(labelled(key, f"{_shown(key, old)}{ARROW}—"))
    return lines


def _incident_line(ruleset_key: str, snapshot: dict[str, Any]) -> str:
    return _("%(seat)s: %(kind)s, draws %(count)s") % {
        "seat": seat_label(snapshot.get("seat", "")),
        "kind": incident_label(ruleset_key, snapshot.get("kind", "")),
        "count": snapshot.get("tiles_drawn", ""),
    }


def _drawn_shown(value: Any) -> str:
    """A seat's draw: its number, or (UNO, after a tie on the highest card) every card it drew, in order."""
    if isinstance(value, list):
        return " / ".join(str(card) for card in value)
    return _shown("", value)


def _name_of(names: dict[int, str], key: Any, missing: str) -> str:
    """A player's or user's name by the key a snapshot stored; `missing` when the key is absent or unknown."""
    return names.get(key, missing)


def _seat_line(snapshot: dict[str, Any], players: dict[int, str]) -> str:
    line = labelled(seat_label(snapshot.get("letter", "")), _name_of(players, snapshot.get("player"), ""))
    if snapshot.get("drawn_number") is not None:
        line += " " + _("(drew %(number)s)") % {"number": snapshot["drawn_number"]}
    return line


def _confirm_lines(
    action: str, before: dict[str, Any], after: dict[str, Any], users: dict[int, str]
) -> list[str]:
    """Who confirmed, and as what (an organiser or a referee); a withdrawal names whose check it undid."""
    if action == "table.confirm":
        who = _name_of(users, after.get("confirmed_by"), "")
        if not who:
            return []
        if after.get("as") == "organiser":
            return [_("confirmed by %(name)s, an organiser") % {"name": who}]
        return [_("confirmed by %(name)s, a referee") % {"name": who}]
    who = _name_of(users, before.get("confirmed_by"), "")
    return (
        [_("%(name)s's confirmation no longer applies; a second person confirms again") % {"name": who}]
        if who
        else []
    )


def change_lines(
    action: str, changes: dict[str, Any], ruleset_key: str, names: dict[str, dict[int, str]] | None = None
) -> list[str]:
    """`names` holds the players' and users' names by primary key, for entries that store only the key."""
    names = names or {}
    before, after = changes.get("before") or {}, changes.get("after") or {}
    if action in ("seat.assign", "seat.remove"):
        return [_seat_line(after or before, names.get("players", {}))]
    if action in ("seat.substitute", "seat.correct"):
        players = names.get("players", {})
        old, new = _name_of(players, before.get("player"), "—"), _name_of(players, after.get("player"), "—")
        return [labelled(seat_label(after.get("seat", "")), f"{old}{ARROW}{new}")]
    if action in ("seat.leave", "seat.return"):
        snapshot = after if action == "seat.leave" else before
        who = labelled(
            seat_label(snapshot.get("seat", "")),
            _name_of(names.get("players", {}), snapshot.get("player"), "—"),
        )
        if action == "seat.leave":
            return [
                _("%(who)s: gone from game %(number)s on")
                % {"who": who, "number": snapshot.get("from_game", "")}
            ]
        return [_("%(who)s: back at the table, marked gone by mistake") % {"who": who}]
    if action == "table.assign_referee":
        users = names.get("users", {})
        old, new = _name_of(users, before.get("referee"), "—"), _name_of(users, after.get("referee"), "—")
        return [f"{old}{ARROW}{new}"]
    if action in GAME_ACTIONS:
        return game_lines(before, after, cards=ruleset_key == "uno")
    if action == "game.void":
        return [
            _("game %(number)s, as it was:") % {"number": after.get("number", "")},
            *game_lines({}, before, cards=ruleset_key == "uno"),
        ]
    if action in ("incident.record", "incident.remove"):
        return [_incident_line(ruleset_key, after or before)]
    if action == "table.create":
        return []  # its label says it; the snapshot holds only the round's key and the number in the heading
    if action in ("table.confirm", "table.confirm_withdrawn"):
        return _confirm_lines(action, before, after, names.get("users", {}))
    if action == "table.sign_off":
        winner = after.get("winner")
        return [_("winner %(seat)s") % {"seat": seat_label(winner)}] if winner else [_("a tie")]
    if action == "table.tie_break":
        return [labelled(seat_label(after.get("tie_winner", "")), after.get("tie_break", ""))]
    if action == "seat.draws":
        drawn = sorted(after.items())
        return [listed(f"{seat_label(letter)} {_drawn_shown(number)}" for letter, number in drawn)]
    return _plain_lines(before, after)


LATE_LABELS = {
    "game.correct": gettext_lazy("game %(number)s corrected"),
    "seat.correct": gettext_lazy("seat %(seat)s: another child sat there"),
    "incident.remove": gettext_lazy("game %(number)s: an incident removed"),
    "incident.record": gettext_lazy("game %(number)s: an incident added"),
}


def late_correction_line(item: Any) -> str:
    """A change after sign-off, for the printed sheet: "* game 2 corrected, 5 Dec 10:42, 黃主任: reason"."""
    what = str(LATE_LABELS.get(item.action, item.action)) % {
        "number": item.game_number or "",
        "seat": seat_label(item.seat),
    }
    parts = [what, day_and_time(item.at), item.who]
    if item.reason:
        parts.append(item.reason)
    return "* " + listed([part for part in parts if part])
