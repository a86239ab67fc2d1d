"""A set of integers with constant-time random choice, in an order fixed by the operations alone."""

from __future__ import annotations

import random


class IndexedSet:
    def __init__(self) -> None:
        self.items: list[int] = []
        self.where: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self.items)

    def add(self, item: int) -> None:
        if item not in self.where:
            self.where[item] = len(self.items)
            self.items.append(item)

    def discard(self, item: int) -> None:
        index = self.where.pop(item, None)
        if index is None:
            return
        last = self.items.pop()
        if index < len(self.items):
            self.items[index] = last
            self.where[last] = index

    def choice(self, rng: random.Random) -> int:
        return self.items[rng.randrange(len(self.items))]
