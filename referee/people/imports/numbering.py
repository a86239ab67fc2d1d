"""Tournament player numbers for children a file gives only by their school's own number (學號).

A 學號 repeats from school to school (and, where it is a class number, from class to class), so it cannot be
the tournament's number. Each school takes a block of a thousand numbers: the first school (by code) that
needs one 1001-1999, the next 2001-2999, and so on; a school whose children already have such numbers keeps
its block. A child's number is the block plus their 學號 (學號 7 of the second school is 2007) when the
school's 學號 are whole numbers from 1 to 999, each once; otherwise the school's new children take the next
free numbers of its block in order of class and 學號. Players already registered keep their numbers, so
importing the same file again changes nothing. The organiser's guide and the preview say the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

BLOCK = 1000
MAX_BLOCK = 99  # numbers stay at most 99,999, as everywhere a number is typed


@dataclass
class SchoolBlock:
    code: str
    block: int
    direct: bool  # numbers are the block plus the 學號

    @property
    def first(self) -> int:
        return self.block * BLOCK + 1

    @property
    def last(self) -> int:
        return self.block * BLOCK + BLOCK - 1


@dataclass
class NewChild:
    """A row to number: its school, its 學號 and class, and where the number goes."""

    code: str
    school_number: str
    class_name: str
    values: dict[str, object]


@dataclass
class Numbering:
    taken: set[int]  # every number registered or given in the file
    registered_blocks: dict[str, int]  # school code -> the block its children with a 學號 already have
    blocks: list[SchoolBlock] = field(default_factory=list)

    def number(self, children: Iterable[NewChild]) -> list[NewChild]:
        """Give each child a number; returns those left without one (every block taken)."""
        by_school: dict[str, list[NewChild]] = {}
        for child in children:
            by_school.setdefault(child.code, []).append(child)
        used_blocks = {number // BLOCK for number in self.taken} | set(self.registered_blocks.values())
        left: list[NewChild] = []
        for code in sorted(by_school):
            block = self.registered_blocks.get(code)
            if block is None:
                block = next((b for b in range(1, MAX_BLOCK + 1) if b not in used_blocks), None)
                if block is None:
                    left += by_school[code]
                    continue
                used_blocks.add(block)
            self._number_school(code, block, by_school[code])
        return left

    def _number_school(self, code: str, block: int, children: list[NewChild]) -> None:
        school_numbers = [child.school_number for child in children]
        direct = len(set(school_numbers)) == len(school_numbers) and all(
            re.fullmatch(r"\d{1,3}", number) and int(number) > 0 for number in school_numbers
        )
        self.blocks.append(SchoolBlock(code, block, direct))
        waiting = []
        for child in children:
            wanted = block * BLOCK + int(child.school_number) if direct else None
            if wanted is not None and wanted not in self.taken:
                self._give(child, wanted)
            else:
                waiting.append(child)
        waiting.sort(key=lambda child: (child.class_name, _natural(child.school_number)))
        free = (n for n in range(block * BLOCK + 1, (block + 1) * BLOCK) if n not in self.taken)
        for child in waiting:
            number = next(free, None)
            if number is None:
                break
            self._give(child, number)

    def _give(self, child: NewChild, number: int) -> None:
        child.values["number"] = number
        self.taken.add(number)


def _natural(text: str) -> tuple[int, str]:
    """ "9" before "10"; texts that are not numbers after the numbers, in order."""
    return (int(text), "") if text.isdigit() else (10**9, text)
