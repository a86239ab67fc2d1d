"""Finding children's names in any text or JSON a tournament holds, and putting their pseudonyms there.

One expression, built as a trie of every name, finds them all in one pass over a text, whatever the case or
the spaces between an English name's parts, English names as whole words only ("Li" is not in "Lily"). A
name two children share becomes a neutral mark. A player's snapshot loses its class and 學號 by key. The rows
searched are every model that leads to the tournament through foreign keys (`tournament_lookups`), so a
model added later is covered unlisted.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.db import models

from referee.models import Tournament
from referee.privacy.pseudonyms import stored_names

SHARED_NAME_ZH = "○○○"
SHARED_NAME_EN = "***"
MIN_NAME_LENGTH = 2
NAME_KEYS = ("name_zh", "name_en")
PERSONAL_KEYS = ("class_name", "school_number")
LATIN_LETTER = "A-Za-z\u00c0-\u024f"
BATCH = 500


@dataclass(frozen=True)
class Child:
    """What is known of one child, to be replaced wherever it is written."""

    number: int
    name_zh: str = ""
    name_en: str = ""
    class_name: str = ""


def _key(name: str) -> str:
    return " ".join(name.split()).lower()


def _trie_pattern(words: Iterable[str]) -> str:
    """One expression matching any of `words`, longest first, built as a trie: a space in a word matches any
    run of spaces."""
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for character in word:
            node = node.setdefault(character, {})
        node[""] = {}

    def branch(node: dict[str, Any]) -> str:
        choices = [
            (r"\s+" if character == " " else re.escape(character)) + branch(child)
            for character, child in sorted(node.items())
            if character
        ]
        if not choices:
            return ""
        optional = "" in node
        if len(choices) == 1 and not optional:
            return choices[0]
        group = "(?:" + "|".join(choices) + ")"
        return group + "?" if optional else group

    return branch(trie)


class NameScrubber:
    """Replaces the given children's names with their pseudonyms in texts and JSON values."""

    def __init__(self, children: Iterable[Child]) -> None:
        self.replacements: dict[str, str] = {}
        self.classes: set[str] = set()
        for child in children:
            name_zh, name_en = stored_names(child.number)
            for name, replacement, shared in (
                (child.name_zh, name_zh, SHARED_NAME_ZH),
                (child.name_en, name_en, SHARED_NAME_EN),
            ):
                key = _key(name)
                if len(key) < MIN_NAME_LENGTH or key in (_key(name_zh), _key(name_en)):
                    continue
                known = self.replacements.get(key)
                self.replacements[key] = replacement if known in (None, replacement) else shared
            if child.class_name.strip():
                self.classes.add(child.class_name.strip())
        self.pattern: re.Pattern[str] | None = None
        if self.replacements:
            body = _trie_pattern(sorted(self.replacements))
            self.pattern = re.compile(f"(?<![{LATIN_LETTER}])(?:{body})(?![{LATIN_LETTER}])", re.IGNORECASE)

    def __bool__(self) -> bool:
        return bool(self.replacements or self.classes)

    def text(self, text: str) -> str:
        if self.pattern is None or not text:
            return text
        return self.pattern.sub(lambda found: self.replacements[_key(found.group())], text)

    def value(self, value: Any) -> Any:
        """A JSON value with every name replaced, a player's snapshot without class and 學號, and a text that
        is exactly a child's class emptied."""
        if isinstance(value, str):
            return "" if value.strip() in self.classes else self.text(value)
        if isinstance(value, list):
            return [self.value(item) for item in value]
        if isinstance(value, dict):
            if is_player_snapshot(value):
                value = pseudonymous_snapshot(value)
            return {self.text(key): self.value(item) for key, item in value.items()}
        return value


class NameFinder:
    """Which of some children a text names (by their key, a player's primary key for instance): one
    expression for all of them, as the scrubber's."""

    def __init__(self, children: Iterable[tuple[int, Child]]) -> None:
        self.owners: dict[str, set[int]] = {}
        for owner, child in children:
            for name in (child.name_zh, child.name_en):
                key = _key(name)
                if len(key) >= MIN_NAME_LENGTH and key not in (
                    _key(part) for part in stored_names(child.number)
                ):
                    self.owners.setdefault(key, set()).add(owner)
        self.pattern: re.Pattern[str] | None = None
        if self.owners:
            body = _trie_pattern(sorted(self.owners))
            self.pattern = re.compile(f"(?<![{LATIN_LETTER}])(?:{body})(?![{LATIN_LETTER}])", re.IGNORECASE)

    def named(self, text: str) -> set[int]:
        if self.pattern is None or not text:
            return set()
        return {owner for found in self.pattern.findall(text) for owner in self.owners[_key(found)]}


def is_player_snapshot(value: dict[str, Any]) -> bool:
    """A player's fields as the audit records them (a school's have names and a code, no class)."""
    return any(key in value for key in NAME_KEYS) and any(key in value for key in ("number", *PERSONAL_KEYS))


def pseudonymous_snapshot(snapshot: dict[str, Any]) -> dict[str, Any]:
    changed = dict(snapshot)
    number = snapshot.get("number")
    if isinstance(number, int) and not isinstance(number, bool):
        changed["name_zh"], changed["name_en"] = stored_names(number)
    for key in PERSONAL_KEYS:
        if key in changed:
            changed[key] = ""
    return changed


def snapshot_children(values: Iterable[Any]) -> Iterator[Child]:
    """The children named in player snapshots anywhere in these JSON values: a deleted child, or a name
    since corrected, is in the audit only."""
    stack = list(values)
    while stack:
        value = stack.pop()
        if isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
            number = value.get("number")
            if is_player_snapshot(value) and isinstance(number, int) and not isinstance(number, bool):
                yield Child(
                    number=number,
                    name_zh=str(value.get("name_zh") or ""),
                    name_en=str(value.get("name_en") or ""),
                    class_name=str(value.get("class_name") or ""),
                )


TEXT_FIELDS = (models.CharField, models.TextField, models.JSONField)


def tournament_lookups(max_depth: int = 5) -> dict[type[models.Model], str]:
    """Every installed model that leads to a tournament through foreign keys, with the lookup that filters
    its rows by tournament ("table__round__tournament"), the shortest found."""
    found: dict[type[models.Model], str] = {}
    for model in apps.get_models():
        if model is Tournament:
            continue
        lookup = _path_to_tournament(model, max_depth)
        if lookup is not None:
            found[model] = lookup
    return found


def _path_to_tournament(model: type[models.Model], max_depth: int) -> str | None:
    queue: deque[tuple[type[models.Model], str]] = deque([(model, "")])
    seen = {model}
    while queue:
        current, path = queue.popleft()
        if path.count("__") >= max_depth:
            continue
        for field in current._meta.concrete_fields:
            if not isinstance(field, models.ForeignKey):
                continue
            target = field.related_model
            lookup = f"{path}__{field.name}" if path else field.name
            if target is Tournament:
                return lookup
            if isinstance(target, type) and target not in seen:
                seen.add(target)
                queue.append((target, lookup))
    return None


def text_fields(model: type[models.Model]) -> list[models.Field[Any, Any]]:
    """The fields that may hold a name: texts and JSON, not the primary key."""
    return [
        field
        for field in model._meta.concrete_fields
        if isinstance(field, TEXT_FIELDS) and not field.primary_key and not field.choices
    ]


def scrub_rows(queryset: models.QuerySet[models.Model], scrubber: NameScrubber) -> int:
    """Replace names in every text and JSON field of these rows; the number of rows changed."""
    fields = text_fields(queryset.model)
    if not fields or not scrubber:
        return 0
    names = [field.attname for field in fields]
    changed = 0
    pending: list[models.Model] = []
    for row in queryset.only("pk", *names).iterator(chunk_size=BATCH):
        dirty = False
        for field in fields:
            current = getattr(row, field.attname)
            if current is None:
                continue
            cleaned = (
                scrubber.value(current) if isinstance(field, models.JSONField) else scrubber.text(current)
            )
            if cleaned != current:
                setattr(row, field.attname, cleaned)
                dirty = True
        if dirty:
            pending.append(row)
        if len(pending) >= BATCH:
            changed += _save(queryset.model, pending, names)
    return changed + _save(queryset.model, pending, names)


def _save(model: type[models.Model], rows: list[models.Model], names: list[str]) -> int:
    count = len(rows)
    if rows:
        model._default_manager.bulk_update(rows, names, batch_size=BATCH)
        rows.clear()
    return count
