"""What a child becomes once their personal data is removed: "Player 103" with the school's code beside it on
every page, as the public pages already show a child when names are hidden.

The pseudonym is stored in both name columns as fixed text (`stored_names`), so that every page and file that
reads the columns prints it; pages show it in their own language (`pseudonym`). Imports nothing of the site.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

PSEUDONYM_ZH = "{number} 號參加者"
PSEUDONYM_EN = "Player {number}"


def stored_names(number: int) -> tuple[str, str]:
    """The Chinese and English name columns of a child whose data was removed."""
    return PSEUDONYM_ZH.format(number=number), PSEUDONYM_EN.format(number=number)


def is_pseudonym(number: int, name_zh: str, name_en: str) -> bool:
    """Whether these are the names `stored_names` gives: a page that builds a player from the columns alone
    (a file's row) still shows the pseudonym rather than masking it like a name."""
    return (name_zh, name_en) == stored_names(number)


def pseudonym(number: int) -> str:
    """Player 103, in the active language (103 號參加者)."""
    return _("Player %(number)d") % {"number": number}
