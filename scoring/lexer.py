"""Splitting what a referee types into tile or card tokens: the notation, however it was keyed in.

A phone's keyboard, often a Chinese one, gives `R3 K4 J`, `r3k4j`, `R3，K4、J`, `紅3 黑4 百搭` or full-width
letters: all read as `R3 K4 J`. Separators are optional; a token starts at a letter or a Chinese name and
takes the digits that follow (`R10R11` is R10 R11); UNO pairs a colour with its action letter. Which tokens a
ruleset accepts is decided in `scoring.notation`, not here; each token keeps its typed spelling so that a
refusal can show it. The full reading rules are in docs/engine.md ("Tiles and cards").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

COLOUR_NAMES = {
    "紅": "R",
    "红": "R",
    "黑": "K",
    "藍": "B",
    "蓝": "B",
    "黃": "Y",
    "黄": "Y",
    "橙": "Y",
    "綠": "G",
    "绿": "G",
    "紫": "P",
}
JOKER_NAMES = {
    "一般百搭": "J",
    "雙人百搭": "D",
    "双人百搭": "D",
    "變色百搭": "C",
    "变色百搭": "C",
    "鏡射百搭": "M",
    "镜射百搭": "M",
    "百搭": "J",
}


_JOKER = "|".join(f"{re.escape(name)}牌?" for name in sorted(JOKER_NAMES, key=len, reverse=True))
_COLOUR = f"[{''.join(COLOUR_NAMES)}]色?"
_NAME = f"{_JOKER}|{_COLOUR}"
_OTHER = rf"(?:(?!{_NAME})[^\sA-Z,、])"
_HEAD = rf"{_JOKER}|{_COLOUR}[SRD]?|[RGBY][SRD]|[A-Z]"
_PIECE = re.compile(rf"(?P<head>{_HEAD})(?P<tail>{_OTHER}*)|(?P<stray>{_OTHER}+)|[\s,、]+")


@dataclass(frozen=True)
class Piece:
    """One token: `text` as the notation spells it (`R3`), `typed` as it was keyed in (`紅3`)."""

    text: str
    typed: str


def fold(text: str) -> str:
    """Full-width forms (a Chinese keyboard) folded to ASCII, upper case. Digits of other scripts stay."""
    return unicodedata.normalize("NFKC", text).upper()


def _notation(head: str) -> str:
    """`紅` is R, `紅色S` is RS (an UNO card), `雙人百搭牌` is D; letters stay as they are."""
    if head[0] in COLOUR_NAMES:
        return COLOUR_NAMES[head[0]] + head.removeprefix(head[0]).removeprefix("色")
    return JOKER_NAMES.get(head.removesuffix("牌"), head)


def one_token(raw: str) -> str:
    """One typed token as the notation spells it (`紅3` is R3); text holding no token or several comes back
    folded and whole, so that no pattern of the notation accepts it."""
    pieces = split_pieces(raw)
    return pieces[0].text if len(pieces) == 1 else fold(raw).strip()


def split_pieces(text: str) -> list[Piece]:
    """Every token of `text` in order, with its typed spelling; separators dropped."""
    pieces = []
    for found in _PIECE.finditer(fold(text)):
        if found.group("head") is not None:
            text_of = _notation(found.group("head")) + found.group("tail")
            pieces.append(Piece(text_of, found.group(0)))
        elif found.group("stray") is not None:
            pieces.append(Piece(found.group("stray"), found.group("stray")))
    return pieces
