"""The words the table page's script shows (the queue's states, the timer, the pad), in the page's language.

The page hands them to the script as JSON (`json_script`), so the script itself holds no text. `{n}`,
`{count}`, `{seat}` and `{labels}` are filled in by the script.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


def console_words() -> dict[str, str]:
    return {
        "heading": _("Saves from this phone"),
        "sending": _("sending…"),
        "saved": _("saved on the server"),
        "waiting": _("waiting for the network: kept on this phone, sent when the connection is back"),
        "blocked": _("waiting until game {n} is saved"),
        "refused": _("refused"),
        "conflict": _("changed meanwhile on another device: open it and choose"),
        "signed_out": _("you are logged out: log in again to send it"),
        "open": _("Open"),
        "send_now": _("Send now"),
        "discard": _("Discard"),
        "game": _("Game {n}"),
        "correction": _("Correction of game {n}"),
        "incident": _("Incident, game {n}"),
        "offline": _("No network: saves wait on this phone and are sent when the connection is back."),
        "offline_action": _(
            "No network: this needs the server. What you typed stays on this phone; try again when the "
            "connection is back."
        ),
        "preview_stale": _(
            "Out of date: the server cannot be reached, so these scores leave out your latest changes."
        ),
        "sign_off_waiting": _(
            "{count} saves are still waiting for the network: sign off once they are saved."
        ),
        "discarded": _(
            "This table is signed off: what this phone still held for it was discarded ({labels})."
        ),
        "timer_start": _("Tap to start the first turn"),
        "timer_tap": _("Tap at each new turn"),
        "timer_over": _("Time is up!"),
        "turn_of": _("Turn: {seat}"),
        "overtime_of": _("Overtime: {seat}"),
        "overtime_saved": _("Overtime recorded for {seat}."),
        "keep_saved": _("Use the saved value"),
        "keep_yours": _("Keep yours"),
        "pad_needs_colour": _("Choose a colour first."),
    }
