"""A child's class level (primary 1 to 6) read from the class the school gave: "5A", "P.5", "小五", "五年級".

Schools write classes their own way, so the level is the first number 1-6 in the class (full-width digits
made plain), else the first Chinese numeral 一 to 六; a class with neither has no level."""

from __future__ import annotations

import re
import unicodedata

CHINESE_NUMERALS = "一二三四五六"
LEVELS = range(1, 7)


def class_level(class_name: str) -> int | None:
    text = unicodedata.normalize("NFKC", class_name or "")
    for number in re.finditer(r"\d+", text):
        if int(number.group()) in LEVELS:
            return int(number.group())
    for character in text:
        if character in CHINESE_NUMERALS:
            return CHINESE_NUMERALS.index(character) + 1
    return None
