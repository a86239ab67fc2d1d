"""The Observatory's signal codes and what each means for a match.

Plain Python (no Django), so the decision can be tested without a database.
"""

from __future__ import annotations

from enum import StrEnum

RAINSTORM = "WRAIN"
CYCLONE = "WTCSGNL"
CATEGORIES = (RAINSTORM, CYCLONE)
PRE8_STATEMENT = "WTCPRE8"
CANCEL = "CANCEL"


class Level(StrEnum):
    """The strength of a signal, whatever its direction or wording."""

    AMBER = "amber"
    RED = "red"
    BLACK = "black"
    TC1 = "tc1"
    TC3 = "tc3"
    TC8 = "tc8"
    TC9 = "tc9"
    TC10 = "tc10"


CODE_LEVELS: dict[str, dict[str, Level]] = {
    RAINSTORM: {"WRAINA": Level.AMBER, "WRAINR": Level.RED, "WRAINB": Level.BLACK},
    CYCLONE: {
        "TC1": Level.TC1,
        "TC3": Level.TC3,
        "TC8NE": Level.TC8,
        "TC8SE": Level.TC8,
        "TC8SW": Level.TC8,
        "TC8NW": Level.TC8,
        "TC9": Level.TC9,
        "TC10": Level.TC10,
    },
}

# Signals that stop the match unless lowered by the cutoff (red, black, No. 8 or higher).
SEVERE_LEVELS = frozenset({Level.RED, Level.BLACK, Level.TC8, Level.TC9, Level.TC10})


def level_of(category: str, code: str | None) -> Level | None:
    """The level of a code in force, or None for no signal; unknown codes raise KeyError."""
    if code is None:
        return None
    return CODE_LEVELS[category][code]


def is_known_code(category: str, code: str) -> bool:
    return code == CANCEL or code in CODE_LEVELS.get(category, {})


def is_severe(category: str, code: str | None) -> bool:
    return level_of(category, code) in SEVERE_LEVELS
