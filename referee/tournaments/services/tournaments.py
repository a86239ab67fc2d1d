"""Creating a tournament from a ruleset, and changing its settings."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

import scoring
from core.audit import audit_record, model_fields
from core.errors import ServiceError
from core.permissions import refuse, signed_in
from referee import permissions
from referee.checks import clean_text, require_choice, require_positive
from referee.locks import lock_tournament
from referee.models import Game, Tournament
from referee.models.tournament import (
    Language,
    Privacy,
    SchoolRanking,
    SharedWinCredit,
    TimeUpRule,
    WithdrawnPlacing,
)
from referee.results.table_rules import RULESET_SETTINGS, settings_that_apply

SETTINGS_FIELDS = [
    "name",
    "games_per_table",
    "rounds_per_table",
    "strict_rule",
    "small_set",
    "shared_win_credit",
    "privacy",
    "language",
    "requires_confirmation",
    "target_score",
    "turn_seconds",
    "weather_rule",
    "withdrawn_placing",
    "standings_released",
    "hold_results",
    "time_up_rule",
    "school_ranking",
    "school_best_count",
]

# The rulesets whose seed has a weather rule (seed 002, section 4): a new tournament of these has it on.
WEATHER_RULESETS = frozenset({"hk-school"})


# Settings that change how results are derived: frozen once a result is recorded.
FROZEN_FIELDS = (
    "games_per_table",
    "rounds_per_table",
    "shared_win_credit",
    "target_score",
    "strict_rule",
    "small_set",
)

# Words the organiser's addresses use beside a tournament's short name (/organise/new/).
RESERVED_SLUGS = frozenset({"new"})


def _clean_slug(slug: str) -> str:
    cleaned = (slug or "").strip().lower()
    if not cleaned or slugify(cleaned) != cleaned or len(cleaned) > 50:
        raise ServiceError(
            _("Use lower-case letters, digits and hyphens only, for example hk-2025."),
            field="slug",
            code="bad-slug",
        )
    if cleaned in RESERVED_SLUGS:
        raise ServiceError(
            _("This short name is used by the site's own pages; choose another."),
            field="slug",
            code="reserved",
        )
    return cleaned


def _clean_ruleset(key: str) -> scoring.Ruleset:
    try:
        return scoring.get_ruleset(key)
    except scoring.ScoringError:
        raise ServiceError(
            _("Choose one of the offered rulesets."), field="ruleset", code="unknown-ruleset"
        ) from None


@transaction.atomic
def tournament_create(
    *,
    actor: permissions.AnyUser,
    name: str,
    slug: str,
    ruleset: str,
    games_per_table: int | None = None,
    rounds_per_table: int | None = None,
    strict_rule: bool = False,
    small_set: bool = False,
    shared_win_credit: str = SharedWinCredit.FULL,
    privacy: str = Privacy.INITIALS,
    language: str = Language.ZH_HANT,
    requires_confirmation: bool = False,
    target_score: int | None = None,
    weather_rule: bool | None = None,
) -> Tournament:
    """The creator becomes its first organiser; blank games per table means the ruleset's default, and a
    weather rule left unsaid is on for the school rules only."""
    if not (signed_in(actor) and permissions.can_create_tournament(actor)):
        refuse()
    rules = _clean_ruleset(ruleset)
    tournament = Tournament(
        name=clean_text(name, field="name", max_length=200, required=True),
        slug=_clean_slug(slug),
        ruleset=rules.key,
        table_size=rules.max_players,
        games_per_table=require_positive(games_per_table, field="games_per_table", allow_none=True),
        rounds_per_table=_rounds(rounds_per_table),
        strict_rule=bool(strict_rule),
        small_set=bool(small_set),
        shared_win_credit=require_choice(
            shared_win_credit, SharedWinCredit.values, field="shared_win_credit"
        ),
        privacy=require_choice(privacy, Privacy.values, field="privacy"),
        language=require_choice(language, Language.values, field="language"),
        requires_confirmation=bool(requires_confirmation),
        target_score=require_positive(target_score, field="target_score", allow_none=True),
        weather_rule=rules.key in WEATHER_RULESETS if weather_rule is None else bool(weather_rule),
    )
    if tournament.games_per_table is None:
        tournament.games_per_table = rules.default_games_per_table
    if tournament.target_score is None:
        tournament.target_score = rules.default_target
    _drop_what_does_not_apply(tournament)
    taken = ServiceError(
        _("Another tournament already uses this short name."), field="slug", code="duplicate"
    )
    if Tournament.objects.filter(slug=tournament.slug).exists():
        raise taken
    try:
        with transaction.atomic():  # two organisers taking one short name at once: the index decides
            tournament.save()
    except IntegrityError:
        raise taken from None
    tournament.organisers.add(actor)
    audit_record(
        actor=actor,
        tournament=tournament,
        action="tournament.create",
        after=model_fields(tournament, ["slug", "ruleset", *SETTINGS_FIELDS]),
    )
    return tournament


TURN_SECONDS_MAX = 600
ROUNDS_MAX = 20


def _drop_what_does_not_apply(tournament: Tournament) -> None:
    """A setting the ruleset never reads is not kept (a form that shows every field may still send it)."""
    applies = settings_that_apply(tournament.ruleset)
    for name, unused in RULESET_SETTINGS.items():
        if name not in applies:
            setattr(tournament, name, unused)


def _rounds(value: int | None) -> int | None:
    rounds = require_positive(value, field="rounds_per_table", allow_none=True)
    if rounds is not None and rounds > ROUNDS_MAX:
        raise ServiceError(
            _("A table plays at most %(count)d rounds.") % {"count": ROUNDS_MAX},
            field="rounds_per_table",
            code="too-many",
        )
    return rounds


def _turn_seconds(value: int | None, tournament: Tournament) -> int | None:
    """The turn timer's length: only where the ruleset times a turn, from 1 second to 10 minutes."""
    if scoring.get_ruleset(tournament.ruleset).turn_seconds is None:
        return None
    seconds = require_positive(value, field="turn_seconds", allow_none=True)
    if seconds is not None and seconds > TURN_SECONDS_MAX:
        raise ServiceError(
            _("A turn lasts at most %(count)d seconds.") % {"count": TURN_SECONDS_MAX},
            field="turn_seconds",
            code="too-long",
        )
    return seconds


SCHOOL_BEST_MAX = 50


def _best_count(value: int | None, tournament: Tournament) -> int:
    """How many children count per school in a ranking by the best N: 1 to 50; blank keeps it."""
    if value is None:
        return tournament.school_best_count
    count = require_positive(value, field="school_best_count")
    if count is None or count > SCHOOL_BEST_MAX:
        raise ServiceError(
            _("Count from 1 to %(most)d children per school.") % {"most": SCHOOL_BEST_MAX},
            field="school_best_count",
            code="too-many",
        )
    return count


@transaction.atomic
def tournament_update(
    *,
    actor: permissions.AnyUser,
    tournament: Tournament,
    name: str,
    privacy: str,
    language: str,
    requires_confirmation: bool,
    standings_released: bool,
    games_per_table: int | None = None,
    rounds_per_table: int | None = None,
    target_score: int | None = None,
    turn_seconds: int | None = None,
    shared_win_credit: str | None = None,
    strict_rule: bool = False,
    small_set: bool = False,
    weather_rule: bool | None = None,
    withdrawn_placing: str | None = None,
    hold_results: bool | None = None,
    time_up_rule: str | None = None,
    school_ranking: str | None = None,
    school_best_count: int | None = None,
) -> Tournament:
    """Settings that change how results are derived are frozen once a result is recorded.

    The settings only some rulesets read may be left out (the form shows only those that apply); a shared
    win left out keeps its value."""
    permissions.require_organiser(actor, tournament)
    locked = lock_tournament(tournament)
    before = model_fields(locked, SETTINGS_FIELDS)
    has_results = Game.objects.filter(table__round__tournament=locked).exists()
    new_values: dict[str, object] = {
        "name": clean_text(name, field="name", max_length=200, required=True),
        "games_per_table": require_positive(games_per_table, field="games_per_table", allow_none=True),
        "rounds_per_table": _rounds(rounds_per_table),
        "strict_rule": bool(strict_rule),
        "small_set": bool(small_set),
        "shared_win_credit": require_choice(
            shared_win_credit or locked.shared_win_credit, SharedWinCredit.values, field="shared_win_credit"
        ),
        "privacy": require_choice(privacy, Privacy.values, field="privacy"),
        "language": require_choice(language, Language.values, field="language"),
        "requires_confirmation": bool(requires_confirmation),
        "target_score": require_positive(target_score, field="target_score", allow_none=True),
        "turn_seconds": _turn_seconds(turn_seconds, locked),
        "standings_released": bool(standings_released),
        "weather_rule": locked.weather_rule if weather_rule is None else bool(weather_rule),
        "withdrawn_placing": require_choice(
            withdrawn_placing or locked.withdrawn_placing, WithdrawnPlacing.values, field="withdrawn_placing"
        ),
        "hold_results": locked.hold_results if hold_results is None else bool(hold_results),
        "time_up_rule": require_choice(
            time_up_rule or locked.time_up_rule, TimeUpRule.values, field="time_up_rule"
        ),
        "school_ranking": require_choice(
            school_ranking or locked.school_ranking, SchoolRanking.values, field="school_ranking"
        ),
        "school_best_count": _best_count(school_best_count, locked),
    }
    applies = settings_that_apply(locked.ruleset)
    for name, unused in RULESET_SETTINGS.items():
        if name not in applies:
            new_values[name] = unused
    if has_results:
        for field in FROZEN_FIELDS:
            if new_values[field] != before[field]:
                raise ServiceError(
                    _("This setting cannot change once results have been recorded."),
                    field=field,
                    code="frozen",
                )
    for field, value in new_values.items():
        setattr(locked, field, value)
    locked.save()
    after = model_fields(locked, SETTINGS_FIELDS)
    changed = {key for key in after if after[key] != before[key]}
    if changed:
        audit_record(
            actor=actor,
            tournament=locked,
            action="tournament.update",
            before={key: before[key] for key in changed},
            after={key: after[key] for key in changed},
        )
    return locked
