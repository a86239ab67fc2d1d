"""`six-player`: the 6-player edition, 160 tiles in six colours (seed 003).

The seed knows one time penalty: a turn over the minute restores the table and draws 3. It advises the
104-tile set for 4 players or fewer (4位或少於4位玩家: 建議只使用104塊牌(兩組數字1-13, 4種顏色, 和2塊百搭牌));
a tournament may switch that on (`small_set`).
"""

from __future__ import annotations

from scoring.rulesets.base import ROUNDS, IncidentKind, Ruleset, SmallSet
from scoring.tiles import JOKER, RummikubTiles

SMALL_SET = SmallSet(deck=RummikubTiles(colours="KRBY", jokers=((JOKER, 2),)), max_players=4)

RULESET = Ruleset(
    key="six-player",
    name="Rummikub six-player edition",
    min_players=2,
    max_players=6,
    is_rummikub=True,
    match_format=ROUNDS,
    default_games_per_table=None,
    default_target=None,
    incidents=(IncidentKind("overtime", "Turn over one minute: table restored", base_draw=3),),
    deck=RummikubTiles(colours="KRBYGP", jokers=((JOKER, 4),)),
    meld_threshold=30,
    small_deck=SMALL_SET,
)
