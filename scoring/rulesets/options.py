"""Tournament settings that change a ruleset, and the ruleset they make.

Two rule books offer a choice to the organisers (RULES.md):

- `six-player`, `small_set`: the rule book advises the 104-tile set (4 colours, 2 jokers) when 4 or fewer
  play. A tournament may switch that on; the site then passes `small_set` for its tables of 4 or fewer, and
  tiles, copy limits and the most a rack can be worth follow the smaller set. Refused for tables of 5 or 6.
- `twist`, `strict`: the strict tournament rule of seed 000. An incomplete move whose tiles' places are
  forgotten costs the 3 tiles of an incomplete move plus one per tile left over (3 + N); without it the
  forgotten tiles go back to the pool and the move costs 3.

An option switched on in a ruleset that does not offer it is refused (`unsupported-option`); switched off,
it is accepted anywhere, so a form may pass its settings unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

SMALL_SET, STRICT = "small_set", "strict"


@dataclass(frozen=True)
class RulesetOptions:
    """All off is the ruleset as registered."""

    small_set: bool = False
    strict: bool = False
