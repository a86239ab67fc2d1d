"""Forms parse and check the shape of input; the services decide whether it may be saved."""

from referee.forms.login import LoginForm
from referee.forms.people import PlayerForm, SchoolForm
from referee.forms.referees import RefereeAccountForm, RefereeAddForm
from referee.forms.schedule import RefereeAssignForm, RoundForm, SeatForm, TableForm
from referee.forms.tournaments import TournamentCreateForm, TournamentSettingsForm

__all__ = [
    "LoginForm",
    "PlayerForm",
    "RefereeAccountForm",
    "RefereeAddForm",
    "RefereeAssignForm",
    "RoundForm",
    "SchoolForm",
    "SeatForm",
    "TableForm",
    "TournamentCreateForm",
    "TournamentSettingsForm",
]
