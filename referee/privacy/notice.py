"""A tournament's privacy notice, in both languages, from a template the organiser can edit.

The template says what is kept about a child (names, school, class, 學號, player number, attendance,
results), why, who sees what, for how long and whom to ask. It holds placeholders that are filled in when the
notice is shown, so a notice stays true when the retention period, the names on public pages or the contact
change: {tournament}, {public_names}, {kept_until}, {retention_days}, {contact}. An organiser's own text
(per language) replaces the template; left blank, the template is used.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import formats, translation
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.permissions import AnyUser
from referee import permissions
from referee.checks import clean_text
from referee.locks import lock_tournament
from referee.models import PrivacySettings, Tournament
from referee.models.tournament import Privacy
from referee.privacy.retention import retention_of, settings_of

LANGUAGES = ("zh-hant", "en")
PLACEHOLDERS = ("tournament", "public_names", "kept_until", "retention_days", "contact")
NOTICE_LENGTH = 6000
CONTACT_LENGTH = 200


def template_paragraphs() -> list[str]:
    """The template in the active language, a paragraph each."""
    return [
        _(
            "{tournament} is run for primary schools. Each school registers its own children and agrees "
            "to it; nothing is asked of the children themselves."
        ),
        _(
            "What we keep about each child: their name in Chinese and in English, their school, class and "
            "number within the school (學號), the player number we give them, whether they came on the day, "
            "and their results (seats, games, scores, incidents at their table). We ask for nothing else: "
            "no date of birth, no address, no parent's phone number."
        ),
        _(
            "Why: to seat the children at tables, to referee and score their games, to rank them and their "
            "schools, to print their cards, certificates and their school's results."
        ),
        _(
            "Who sees what: the organisers and the referees see full names. The public pages show "
            "{public_names}, with the player number. Each school's teacher receives their own children's "
            "results in full and other children as the public pages show them."
        ),
        _(
            "For how long: until {kept_until} ({retention_days} days after the last match day). Then every "
            'child\'s name, class and 學號 are replaced by a pseudonym ("Player 103" of their school) '
            "everywhere the site keeps them, its backups included; the results stay under that pseudonym."
        ),
        _(
            "Your rights: a child's parent or school may ask to see everything we hold about the child, to "
            "correct it, or to have it removed at once. Ask {contact}."
        ),
    ]


def notice_template() -> str:
    """The template in the active language, as the organiser edits it (paragraphs between blank lines)."""
    return "\n\n".join(template_paragraphs())


@dataclass(frozen=True)
class Notice:
    language: str
    paragraphs: list[str]
    own_text: bool  # the organiser's text rather than the template


def _public_names(privacy: str) -> str:
    names: dict[str, str] = {
        Privacy.FULL_NAMES: _("full names"),
        Privacy.INITIALS: _("surnames and initials only (陳○○, C. T. M.)"),
        Privacy.PLAYER_NUMBERS: _("no names, only player numbers"),
    }
    return names.get(privacy, _("no names, only player numbers"))


def filled(text: str, tournament: Tournament, values: PrivacySettings) -> str:
    """The placeholders replaced with the tournament's values, in the active language."""
    retention = retention_of(tournament)
    replacements = {
        "tournament": tournament.name,
        "public_names": _public_names(tournament.privacy),
        "kept_until": formats.date_format(retention.kept_until, "DATE_FORMAT"),
        "retention_days": str(retention.days),
        "contact": values.contact or _("the organisers"),
    }
    for name, value in replacements.items():
        text = text.replace("{" + name + "}", value)
    return text


def privacy_notice(tournament: Tournament, language: str) -> Notice:
    """The notice in one language: the organiser's text or the template, filled in."""
    values = settings_of(tournament)
    with translation.override(language):
        own = values.notice_zh if language == "zh-hant" else values.notice_en
        text = own.strip() or notice_template()
        paragraphs = [part.strip() for part in filled(text, tournament, values).split("\n\n") if part.strip()]
    return Notice(language=language, paragraphs=paragraphs, own_text=bool(own.strip()))


def editable_notice(tournament: Tournament, language: str) -> str:
    """The text the organiser starts from: their own, else the template with its placeholders."""
    values = settings_of(tournament)
    own = values.notice_zh if language == "zh-hant" else values.notice_en
    if own.strip():
        return own
    with translation.override(language):
        return notice_template()


@transaction.atomic
def privacy_notice_set(
    *, actor: AnyUser, tournament: Tournament, notice_zh: str, notice_en: str, contact: str
) -> PrivacySettings:
    """The organiser's text in each language (the template's own text, or blank, keeps the template)."""
    permissions.require_organiser(actor, tournament)
    locked = lock_tournament(tournament)
    values = {
        "notice_zh": _own_text(notice_zh, "zh-hant", "notice_zh"),
        "notice_en": _own_text(notice_en, "en", "notice_en"),
        "contact": clean_text(contact, field="contact", max_length=CONTACT_LENGTH),
    }
    kept = settings_of(locked)
    before = {name: getattr(kept, name) for name in values}
    for name, value in values.items():
        setattr(kept, name, value)
    kept.save()
    changed = [name for name in values if values[name] != before[name]]
    if changed:
        audit_record(
            actor=actor,
            tournament=locked,
            action="privacy.notice",
            before={name: before[name] for name in changed},
            after={name: values[name] for name in changed},
        )
    return kept


def _own_text(text: str, language: str, field: str) -> str:
    cleaned = clean_text(text, field=field, max_length=NOTICE_LENGTH, multiline=True)
    cleaned = "\n".join(line.rstrip() for line in cleaned.replace("\r\n", "\n").split("\n"))
    with translation.override(language):
        return "" if cleaned == notice_template() else cleaned
