"""Sentences composed from parts, punctuated as the active language writes them.

A list reads "A 何浩然, B 林曉彤" in English but 「甲 何浩然、乙 林曉彤」 in Chinese; a label and its text
"A: went out" but 「甲：出完牌」. The separators are translated (a context each), so the catalogue decides.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from django.utils import translation
from django.utils.translation import pgettext


def listed(items: Iterable[str], *, long: bool = False) -> str:
    """Items in a line, as the language writes them: "A 何浩然, B 林曉彤" but 「甲 何浩然、乙 林曉彤」;
    `long` items (with commas of their own) are set apart more: "; " and 「；」."""
    if long:
        return pgettext("separator between long items of a list", "; ").join(items)
    return pgettext("separator between items of a list", ", ").join(items)


def labelled(label: str, text: str) -> str:
    """A label and what it labels: "A: went out", 「甲：出完牌」."""
    return f"{label}{pgettext('between a label and its text', ': ')}{text}"


HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
LATIN_END = "A-Za-z0-9\u00c0-\u024f)"
LATIN_START = "A-Za-z0-9\u00c0-\u024f("
_HAN_THEN_LATIN = re.compile(f"([{HAN}])([{LATIN_START}])")
_LATIN_THEN_HAN = re.compile(f"([{LATIN_END}])([{HAN}])")


def spaced(text: str) -> str:
    """In Chinese, a space where a Chinese character meets a Latin letter or digit, as Hong Kong print sets
    an English name into Chinese text: 「王五、Mary Smith 的勝出局數」. Punctuation needs none; other
    languages keep their own spacing."""
    if not (translation.get_language() or "").startswith("zh"):
        return text
    return _LATIN_THEN_HAN.sub(r"\1 \2", _HAN_THEN_LATIN.sub(r"\1 \2", text))


def person_name(name_zh: str, name_en: str) -> str:
    """Both names when both were given, as organisers list them on the day: 陳大文 (Chan Tai Man)."""
    if name_zh and name_en:
        return f"{name_zh} ({name_en})"
    return name_zh or name_en


_DIGITS = re.compile(r"(\d+)")


def natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """A sort key that reads numbers as numbers: 評審員2號 before 評審員10號, ref2 before ref10 (digits of
    any script, full-width included, count by their value)."""
    folded = unicodedata.normalize("NFKC", text or "").casefold()
    return tuple((1, int(part)) if part.isdigit() else (0, part) for part in _DIGITS.split(folded) if part)
