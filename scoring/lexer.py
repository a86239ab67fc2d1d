"""Splitting what a referee types into tile or card tokens: the notation, however it was keyed in.

A referee at the table types on a phone, often with a Chinese keyboard. All of these read as `R3 K4 J`:
`R3 K4 J`, `r3k4j`, `R3，K4、J`, `紅3 黑4 百搭`, `紅3黑4百搭`, `ｒ３　ｋ４　ｊ` (full width is folded
first).

- Separators: whitespace, ASCII and Chinese commas (`,` `，` `、`); none is needed between tokens.
- A token starts at a letter or a Chinese name and takes every digit (or other non-letter) that follows, so
  `R10R11` is `R10 R11`, `R13` is R13, `R133` is one bad token `R133`, and `R1 3` leaves a bad token `3`.
- UNO cards pair a colour with its action letter: `RSGD` is `RS GD`, `紅S` is RS (in Rummikub a colour is
  always followed by a number, so the pairing never splits a valid rack differently).
- Chinese names: colours 紅 R, 黑 K, 藍 B, 黃 and 橙 Y (seed 003 calls yellow 橙), 綠 G, 紫 P, each optionally
  followed by 色, in Traditional or Simplified characters; jokers 百搭 J (also 一般百搭), and the twist
  jokers of seed 000: 雙人百搭 D, 變色百搭 C, 鏡射百搭 M, each optionally followed by 牌.

Which tokens a ruleset accepts is not decided here (`scoring.notation` does that), only where they start
and end; the typed spelling of each token is kept so that a refusal can show what was typed.
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
