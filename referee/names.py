"""How a player's name appears on public pages, by the tournament's privacy setting."""

from __future__ import annotations

from django.utils.translation import gettext as _

from referee.models import Player
from referee.models.tournament import Privacy

HIDDEN_CHARACTER = "○"


def chinese_initials(name: str) -> str:
    """Keep the surname, hide the given name, as Hong Kong schools print results: 陳大文 -> 陳○○."""
    name = name.strip()
    if len(name) <= 1:
        return name
    return name[0] + HIDDEN_CHARACTER * (len(name) - 1)


def english_initials(name: str) -> str:
    """Chan Tai Man -> C. T. M."""
    return " ".join(f"{part[0].upper()}." for part in name.split() if part)


def public_name(player: Player, privacy: str) -> str:
    if privacy == Privacy.FULL_NAMES:
        return player.display_name
    if privacy == Privacy.INITIALS:
        if player.name_zh:
            return chinese_initials(player.name_zh)
        return english_initials(player.name_en)
    return _("Player %(number)d") % {"number": player.number}
