"""The translated sentence for each reason code, and the names of the Observatory's signals."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from weather.decision import Decision, Reason

SIGNAL_NAMES = {
    "WRAINA": _("amber rainstorm signal"),
    "WRAINR": _("red rainstorm signal"),
    "WRAINB": _("black rainstorm signal"),
    "TC1": _("No. 1 Standby Signal"),
    "TC3": _("No. 3 Strong Wind Signal"),
    "TC8NE": _("No. 8 Northeast Gale or Storm Signal"),
    "TC8SE": _("No. 8 Southeast Gale or Storm Signal"),
    "TC8SW": _("No. 8 Southwest Gale or Storm Signal"),
    "TC8NW": _("No. 8 Northwest Gale or Storm Signal"),
    "TC9": _("No. 9 Increasing Gale or Storm Signal"),
    "TC10": _("No. 10 Hurricane Signal"),
}

SENTENCES = {
    Reason.OVERRIDE: _("Decided by the organiser: %(override_reason)s"),
    Reason.NOT_CHECKED_YET: _(
        "Not checked yet: TableRef reads the Observatory's warnings on the morning of the match; "
        "the decision is made at %(deadline)s."
    ),
    Reason.NOT_CHECKED_RECENTLY: _(
        "TableRef last read the Observatory's warnings at %(last_read)s, too long ago to say what is in "
        "force now; the decision is made at %(deadline)s."
    ),
    Reason.CLEAR_SO_FAR: _(
        "Expected to go ahead: nothing that would stop the match is in force now. Final at %(deadline)s."
    ),
    Reason.SEVERE_PENDING: _("Cancelled unless the %(signal)s is lowered by %(cutoff)s."),
    Reason.PRE8_PENDING: _(
        "The Observatory has issued the Pre-No. 8 Special Announcement: cancelled if No. 8 or higher "
        "is in force at %(deadline)s."
    ),
    Reason.TC3_PENDING: _(
        "The No. 3 Strong Wind Signal is in force: the match goes ahead unless the Education Bureau "
        "announces class suspension."
    ),
    Reason.SEVERE_AT_CUTOFF: _("Cancelled: the %(signal)s was still in force at %(deadline)s."),
    Reason.AWAITING_READING: _(
        "Being decided: TableRef is waiting for its first reading of the Observatory's warnings "
        "from %(deadline)s on."
    ),
    Reason.NO_READING_AT_CUTOFF: _(
        "The organiser will decide: TableRef has no reading of the Observatory's warnings around %(cutoff)s."
    ),
    Reason.BUREAU_SUSPENDED: _("Cancelled: the Education Bureau has announced class suspension."),
    Reason.SEVERE_AFTER_CUTOFF: _(
        "The organiser will decide: the %(signal)s was issued after %(cutoff)s, "
        "a case the rule does not cover."
    ),
    Reason.PRE8_UNDECIDED: _(
        "The organiser will decide: the Pre-No. 8 Special Announcement is in force, "
        "a case the rule does not cover."
    ),
    Reason.SEVERE_LOWERED: _("Goes ahead: the %(signal)s was lowered at or before %(cutoff)s."),
    Reason.TC3_NO_SUSPENSION: _(
        "Goes ahead: the No. 3 Strong Wind Signal is in force and the Education Bureau has announced "
        "no class suspension."
    ),
    Reason.TC3_NO_ANNOUNCEMENT: _(
        "Goes ahead: the No. 3 Strong Wind Signal is in force and no class suspension has been announced."
    ),
    Reason.AMBER: _("Goes ahead: the amber rainstorm signal does not stop the match."),
    Reason.TC1: _("Goes ahead: the No. 1 Standby Signal does not stop the match."),
    Reason.NO_SIGNAL: _("Goes ahead: no rainstorm or tropical cyclone signal is in force."),
}

LOWERED_AT_SENTENCE = _("Goes ahead: the %(signal)s was lowered at %(lowered_at)s, at or before %(cutoff)s.")


def signal_name(code: str) -> str:
    return str(SIGNAL_NAMES.get(code, code))


def reason_sentence(decision: Decision) -> str:
    """The sentence in the active language, its blanks filled from the decision's details."""
    details = dict(decision.details)
    if "signal" in details:
        details["signal"] = signal_name(details["signal"])
    template = SENTENCES[decision.reason]
    if decision.reason == Reason.SEVERE_LOWERED and "lowered_at" in details:
        template = LOWERED_AT_SENTENCE
    return str(template) % details
