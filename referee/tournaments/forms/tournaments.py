"""Creating a tournament and changing its settings."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.text import validate_single_line
from referee.models.tournament import (
    Language,
    Privacy,
    SchoolRanking,
    SharedWinCredit,
    TimeUpRule,
    WithdrawnPlacing,
)
from referee.results.table_rules import RULESET_SETTINGS, settings_that_apply
from referee.wording.codes import ruleset_choices


class TournamentSettingsForm(forms.Form):
    name = forms.CharField(
        label=pgettext_lazy("tournament", "Name"), max_length=200, validators=[validate_single_line]
    )
    games_per_table = forms.IntegerField(
        label=_("Games per table (school rules)"),
        min_value=1,
        max_value=99,
        required=False,
        help_text=_("Every table plays this many games. Leave blank for the school rules' 3."),
    )
    rounds_per_table = forms.IntegerField(
        label=_("Rounds at each table (standard, six-player, twist)"),
        min_value=1,
        max_value=20,
        required=False,
        help_text=_(
            "A round has as many games as the table has players: a table of 3 plays 3 games a round, a "
            "table of 4 plays 4. Leave blank for one round."
        ),
    )
    strict_rule = forms.BooleanField(
        label=_("Strict tournament rule (Rummikub with a Twist)"),
        required=False,
        help_text=_(
            "An incomplete move whose tiles' places are forgotten costs 3 tiles plus one per tile left over "
            "(3 + N); the referee may type the table's tiles and the program counts N."
        ),
    )
    small_set = forms.BooleanField(
        label=_("The 104-tile set at tables of 4 or fewer (six-player edition)"),
        required=False,
        help_text=_("4 colours and 2 jokers, as the rule book advises; tables of 5 or 6 keep all 160 tiles."),
    )
    shared_win_credit = forms.ChoiceField(
        label=_("A shared win (Rummikub)"), choices=SharedWinCredit.choices, widget=forms.RadioSelect
    )
    privacy = forms.ChoiceField(label=_("Names on public pages"), choices=Privacy.choices)
    language = forms.ChoiceField(label=_("Language of printouts"), choices=Language.choices)
    requires_confirmation = forms.BooleanField(
        label=_("Results need a second person's confirmation after sign-off"),
        help_text=_("An organiser or another referee, never whoever entered the results."),
        required=False,
    )
    target_score = forms.IntegerField(
        label=_("Target score (UNO)"),
        min_value=1,
        max_value=100000,
        required=False,
        help_text=_("Leave blank for the ruleset's default (500)."),
    )
    turn_seconds = forms.IntegerField(
        label=_("Seconds per turn (the referee's turn timer)"),
        min_value=1,
        max_value=600,
        required=False,
        help_text=_("Leave blank for the ruleset's default (60: one minute, as the school rules say)."),
    )
    weather_rule = forms.BooleanField(
        label=_("Follow the weather rule (rainstorm and typhoon signals)"),
        required=False,
        help_text=_(
            'The school rules\' section 4: the weather tab and the public "is the match on?" page. Off, '
            "neither is shown."
        ),
    )
    withdrawn_placing = forms.ChoiceField(
        label=_("A player who leaves during the tournament"),
        choices=WithdrawnPlacing.choices,
        initial=WithdrawnPlacing.AS_PLAYED,
        required=False,
        widget=forms.RadioSelect,
        help_text=_(
            "Their games played stand either way; they are left out of later draws until marked back."
        ),
    )
    standings_released = forms.BooleanField(label=_("Show the standings on the public page"), required=False)
    hold_results = forms.BooleanField(
        label=_("Hold each round's results until all its tables are signed off"),
        required=False,
        help_text=_(
            "Until then (or until you release them on the hall page) the round's results are on no public "
            "page and not on the hall's screen; you see what is held."
        ),
    )
    time_up_rule = forms.ChoiceField(
        label=_("When the round's time is up"),
        choices=TimeUpRule.choices,
        initial=TimeUpRule.FINISH_GAME,
        required=False,
        widget=forms.RadioSelect,
        help_text=_(
            "With the first, a table whose time is up finishes the game in play and is decided on the games "
            "played (UNO plays on to its target)."
        ),
    )
    school_ranking = forms.ChoiceField(
        label=_("School ranking"),
        choices=SchoolRanking.choices,
        initial=SchoolRanking.BEST,
        required=False,
        widget=forms.RadioSelect,
        help_text=_("The best N children or the average per child are fair to small teams."),
    )
    school_best_count = forms.IntegerField(
        label=_("Children counted per school (best N)"), min_value=1, max_value=50, required=False
    )

    def __init__(self, *args, ruleset: str = "", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if ruleset:
            applies = settings_that_apply(ruleset)
            for name in RULESET_SETTINGS:
                if name not in applies and name in self.fields:
                    del self.fields[name]  # the ruleset never reads it (UNO has no shared win, no turn timer)


class TournamentCreateForm(TournamentSettingsForm):
    slug = forms.SlugField(
        label=_("Short name in addresses"),
        max_length=50,
        help_text=_("Lower-case letters, digits and hyphens, for example hk-2025."),
    )
    ruleset = forms.ChoiceField(label=_("Ruleset"), choices=ruleset_choices)

    field_order = [
        "name",
        "slug",
        "ruleset",
        "games_per_table",
        "rounds_per_table",
        "target_score",
        "strict_rule",
        "small_set",
        "shared_win_credit",
        "privacy",
        "language",
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["standings_released"]
        del self.fields["withdrawn_placing"]  # as played, until the settings page says otherwise
        for name in ("hold_results", "time_up_rule", "school_ranking", "school_best_count"):
            del self.fields[name]  # the defaults, until the settings page says otherwise
        del self.fields["weather_rule"]  # from the ruleset (on for the school rules), then in Settings
        self.fields.pop("turn_seconds", None)  # set on the settings page, once the ruleset is known
