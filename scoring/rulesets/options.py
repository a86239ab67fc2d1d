"""Tournament settings that change a ruleset, and the ruleset they make (RULES.md).

`six-player` `small_set`: the 104-tile set for tables of 4 or fewer, as the rule book advises (refused for
tables of 5 or 6). `twist` `strict`: an incomplete move whose tiles' places are forgotten costs 3 + N tiles
(seed 000's tournament rule), not 3. An option switched on in a ruleset that does not offer it is refused
(`unsupported-option`); switched off, it is accepted anywhere, so a form may pass its settings unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

SMALL_SET, STRICT = "small_set", "strict"


@dataclass(frozen=True)
class RulesetOptions:
    """All off is the ruleset as registered."""

    small_set: bool = False
    strict: bool = False
