"""Readable names for the action codes of the audit log (the codes themselves stay stable)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

ACTION_LABELS = {
    "tournament.create": _("Tournament created"),
    "tournament.update": _("Settings changed"),
    "school.create": _("School registered"),
    "school.update": _("School changed"),
    "school.delete": _("School deleted"),
    "player.create": _("Player registered"),
    "player.update": _("Player changed"),
    "player.delete": _("Player deleted"),
    "round.create": _("Round added"),
    "round.update": _("Round changed"),
    "round.delete": _("Round deleted"),
    "table.create": _("Table added"),
    "table.delete": _("Table deleted"),
    "table.assign_referee": _("Referee assigned"),
    "seat.assign": _("Player seated"),
    "seat.remove": _("Seat cleared"),
    "seat.draws": _("Drawn numbers recorded"),
    "seat.substitute": _("Substitute seated"),
    "player.attendance": _("Attendance marked"),
    "player.create_many": _("Players registered from a list"),
    "school.attendance_present": _("The rest of a school marked here"),
    "table.create_many": _("Tables added"),
    "people.import": _("People imported from a file"),
    "game.create": _("Game recorded"),
    "game.correct": _("Game corrected"),
    "incident.record": _("Incident recorded"),
    "incident.remove": _("Incident removed"),
    "table.sign_off": _("Table signed off"),
    "table.confirm": _("Results confirmed"),
    "table.confirm_withdrawn": _("Confirmation withdrawn: the results changed"),
    "table.tie_break": _("Tie broken"),
    "referee.create": _("Referee account created"),
    "referee.add": _("Referee added"),
    "referee.remove": _("Referee removed"),
    "referee.password_reset": _("Referee's password reset"),
    "referee.cards_printed": _("Referees' login cards printed"),
    "text.clean": _("Hidden characters removed from stored text"),
    "export.request": _("Export asked for"),
    "school.consent": _("School's consent recorded"),
    "privacy.notice": _("Privacy notice changed"),
    "privacy.retention": _("Retention period changed"),
    "privacy.access": _("Data held given out on request"),
    "privacy.erase": _("A child's personal data removed on request"),
    "privacy.forget": _("Children's personal data removed"),
}


def action_label(code: str) -> str:
    return str(ACTION_LABELS.get(code, code))
