"""List (and with --fix remove) control characters and direction marks stored before the forms refused them.

Exports already drop what a workbook cannot hold; this finds the rows themselves, so that a name stored with a
direction mark stops reading backwards on the pages. Every field that carries a `core.text` validator is
searched, in every app; the audit log's own reasons are reported but never changed. Each fix is audited under
its tournament and moves the tournament's public pages to a new version.
"""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand
from django.db import models, transaction

from core.audit import audit_record
from core.models import AuditEntry
from core.text import hostile_character, validate_multiline, validate_single_line

TOURNAMENT_PATHS = ("tournament", "round__tournament", "table__round__tournament")


def text_fields() -> list[tuple[type[models.Model], str, bool]]:
    """(model, field name, multiline) for every field validated by `core.text`."""
    found = []
    for model in apps.get_models():
        for field in model._meta.get_fields():
            validators = getattr(field, "validators", [])
            if validate_single_line in validators:
                found.append((model, field.name, False))
            elif validate_multiline in validators:
                found.append((model, field.name, True))
    return found


def cleaned(text: str, *, multiline: bool) -> str:
    while (character := hostile_character(text, multiline=multiline)) is not None:
        text = text.replace(character, "")
    return text


def tournament_of(instance: models.Model) -> models.Model | None:
    if instance._meta.label == "referee.Tournament":
        return instance
    for path in TOURNAMENT_PATHS:
        value: object = instance
        for part in path.split("__"):
            value = getattr(value, part, None)
            if value is None:
                break
        if isinstance(value, models.Model):
            return value
    return None


class Command(BaseCommand):
    help = "List stored text with control characters or direction marks; --fix removes them."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--fix", action="store_true", help="remove them (audited), except in the audit log"
        )

    def handle(self, *args: Any, fix: bool = False, **options: Any) -> None:
        found = 0
        for model, name, multiline in text_fields():
            for instance in model._default_manager.only("pk", name).iterator():
                value = getattr(instance, name) or ""
                character = hostile_character(value, multiline=multiline)
                if character is None:
                    continue
                found += 1
                where = f"{model._meta.label} {instance.pk} {name}: U+{ord(character):04X}"
                if fix and model is not AuditEntry:
                    self._fix(model, instance.pk, name, cleaned(value, multiline=multiline))
                    where += " (removed)"
                self.stdout.write(where)
        self.stdout.write(f"{found} field(s) with control characters or direction marks.")

    @transaction.atomic
    def _fix(self, model: type[models.Model], pk: Any, name: str, value: str) -> None:
        instance = model._default_manager.select_for_update().get(pk=pk)
        before = getattr(instance, name)
        model._default_manager.filter(pk=pk).update(**{name: value})
        tournament = tournament_of(instance)
        if tournament is not None:
            audit_record(
                actor=None,
                tournament=tournament,
                action="text.clean",
                before={"model": model._meta.label, "pk": pk, name: before},
                after={"model": model._meta.label, "pk": pk, name: value},
            )
