"""The draw's words: the report's figures, the advancement rules and the seating engine's refusals."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from referee.wording.seats import seat_label
from referee.wording.sentences import listed
from seating import SeatingError

ADVANCEMENT_LABELS = {
    "everyone": gettext_lazy("Everyone here (all players not marked absent or withdrawn)"),
    "table-winners": gettext_lazy("The table winners of the previous round"),
    "top": gettext_lazy("The top players of the standings"),
}

MODE_LABELS = {
    "random": gettext_lazy("By lot"),
    "by-standings": gettext_lazy("By standings (the leaders at table 1)"),
}


def report_lines(report: dict[str, Any]) -> list[tuple[str, str]]:
    """The report of `python3 -m seating` as (label, value) lines a person reads."""
    sizes = report["tables_by_size"][0] if report.get("tables_by_size") else {}
    first_seats = report.get("first_seats", {})
    lines = [
        (_("Players"), str(report["players"])),
        (
            _("Tables by size"),
            listed(
                _("%(tables)s of %(size)s") % {"tables": tables, "size": size}
                for size, tables in sizes.items()
            ),
        ),
        (
            _("Classmates at one table (pairs)"),
            _("%(pairs)s (the fewest possible: %(least)s)")
            % {"pairs": report["same_school_pairs"], "least": report["same_school_pairs_min"]},
        ),
        (_("Pairs meeting again"), str(report["repeat_pairs"])),
        (_("Pairs meeting again in the round right after"), str(report["consecutive_repeats"])),
        (_("Most meetings of one pair"), str(report["max_meetings"])),
        (
            _("Times each player started (seat A), rounds before included"),
            _("%(low)s to %(high)s") % {"low": first_seats.get("min", 0), "high": first_seats.get("max", 0)},
        ),
        (_("Table sizes follow the rule"), _("yes") if report.get("sizes_ok") else _("no")),
    ]
    unseated = [player for round_ in report.get("by_round", []) for player in round_.get("unseated", [])]
    if unseated:
        lines.append((_("Not seated"), listed(unseated)))
    return lines


def seating_refusal(error: SeatingError, *, players: int, table_min: int, table_max: int) -> str:
    """The engine's refusal in the site's words (the engine speaks English and stable codes)."""
    if error.code == "impossible-sizes":
        return _("Tables of %(min)d to %(max)d players cannot seat %(count)d players.") % {
            "min": table_min,
            "max": table_max,
            "count": players,
        }
    if error.code == "no-players":
        return _("Nobody to seat: no player goes on under this rule.")
    if error.code == "too-large":
        return _("This draw is larger than the engine takes at once.")
    return _("The draw could not be made (%(code)s).") % {"code": error.code}


def moves_text(repair: dict[str, Any]) -> list[str]:
    """A repair's moves as sentences: who changed table, from where to where; the tables out of use."""
    lines = []
    substitute = repair.get("kind") == "substitute"
    for player, origin, target in repair.get("moved", []):
        values = {"player": player, "table": target[0], "seat": seat_label(target[1])}
        if substitute:
            values["absent"] = ", ".join(repair.get("withdrawn", []))
            lines.append(
                _("Player %(player)s takes the seat of player %(absent)s at table %(table)s, seat %(seat)s.")
                % values
            )
        elif origin is None:
            lines.append(_("Player %(player)s sits at table %(table)s, seat %(seat)s.") % values)
        else:
            values.update(old_table=origin[0], old_seat=seat_label(origin[1]))
            lines.append(
                _(
                    "Player %(player)s moves from table %(old_table)s, seat %(old_seat)s, "
                    "to table %(table)s, seat %(seat)s."
                )
                % values
            )
    for number in repair.get("tables_out_of_use", []):
        lines.append(_("Table %(number)s is no longer used.") % {"number": number})
    if not lines:
        lines.append(_("Nobody had to move."))
    return lines


def repair_heading(repair: dict[str, Any]) -> str:
    """What the change was: a player left, a late player came, a substitute took a seat."""
    kind = repair.get("kind")
    request = repair.get("request", {})
    if kind == "substitute":
        return _("A substitute for player %(player)s.") % {"player": ", ".join(repair.get("withdrawn", []))}
    if kind == "absent":
        away = request.get("withdrawn", [])
        return ngettext(
            "Seated again without the child marked absent: player %(players)s.",
            "Seated again without the children marked absent: players %(players)s.",
            len(away),
        ) % {"players": ", ".join(away)}
    if kind == "late" or request.get("added"):
        return _("Player %(player)s arrived late and was seated.") % {"player": ", ".join(request["added"])}
    return _("Player %(player)s left before play.") % {"player": ", ".join(request.get("withdrawn", []))}
