"""Names as people read them: a player's on public pages (by the tournament's privacy setting), a school's in
the page's language, a user's."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils import translation
from django.utils.translation import gettext as _

from referee.models import Player
from referee.models.tournament import Privacy
from referee.privacy.pseudonyms import is_pseudonym, pseudonym

HIDDEN_CHARACTER = "○"

# Two-character surnames, in traditional and simplified characters. A name that begins with one of them
# keeps both characters (歐陽天佑 -> 歐陽○○); a rare single surname followed by a given name that happens
# to begin the same way (歐 + 陽X) is read as the compound one, as people would read it.
_COMPOUND_SURNAMES_LISTED = """
    歐陽 欧阳 司徒 司馬 司马 上官 諸葛 诸葛 東方 东方 皇甫 尉遲 尉迟 公孫 公孙 慕容 夏侯 長孫 长孙 令狐
    鍾離 鐘離 钟离 宇文 端木 軒轅 轩辕 澹台 澹臺 公羊 南宮 南宫 西門 西门 呼延 單于 单于 太史 申屠 万俟
    萬俟 聞人 闻人 赫連 赫连 左丘 濮陽 濮阳 百里 東郭 东郭 公冶 拓跋 完顏 完颜 司空 司寇 亓官 巫馬 巫马
    樂正 乐正 第五 閭丘 闾丘 穀梁 谷梁 宰父 夾谷 夹谷 仲孫 仲孙 叔孫 叔孙 顓孫 颛孙 公西 漆雕 壤駟 壤驷
    公良 東門 东门 鮮于 鲜于 羊舌 微生 淳于 公輸 公输 獨孤 独孤 賀蘭 贺兰
"""
COMPOUND_SURNAMES = frozenset(_COMPOUND_SURNAMES_LISTED.split())


def surname_length(name: str) -> int:
    """How many leading characters of a Chinese name are its surname: two for 歐陽, 司徒 and the like."""
    return 2 if name[:2] in COMPOUND_SURNAMES else 1


def chinese_initials(name: str) -> str:
    """Keep the surname, hide the given name, as Hong Kong schools print results: 陳大文 -> 陳○○,
    歐陽天佑 -> 歐陽○○."""
    name = name.strip()
    if len(name) <= 1:
        return name
    kept = surname_length(name)
    return name[:kept] + HIDDEN_CHARACTER * (len(name) - kept)


def english_initials(name: str) -> str:
    """Chan Tai Man -> C. T. M."""
    return " ".join(f"{part[0].upper()}." for part in name.split() if part)


def public_name(player: Player, privacy: str) -> str:
    """The name the privacy setting allows, alone (a file's "Player" column beside its "No." column); a child
    whose data was removed by the pseudonym, whatever the setting."""
    if forgotten(player):
        return pseudonym(player.number)
    if privacy == Privacy.FULL_NAMES:
        return player.display_name
    if privacy == Privacy.INITIALS:
        if player.name_zh:
            return chinese_initials(player.name_zh)
        return english_initials(player.name_en)
    return _("Player %(number)d") % {"number": player.number}


def forgotten(player: Player) -> bool:
    """Whether the player's names are the pseudonym (their data was removed), from the row or its columns."""
    return player.forgotten_at is not None or is_pseudonym(player.number, player.name_zh, player.name_en)


def numbered(number: int, name: str) -> str:
    """#12 陳○○: the number first, as the cards, the check-in and the seat lists print it."""
    return f"#{number} {name}"


def public_label(player: Player, privacy: str) -> str:
    """A player as the public pages show them: the name the privacy setting allows with their player number
    beside it, so that a parent tells their child from another 陳○○ of the same school; the number alone when
    names are hidden, or when the pseudonym already carries it."""
    if privacy == Privacy.PLAYER_NUMBERS or forgotten(player):
        return public_name(player, privacy)
    return numbered(player.number, public_name(player, privacy))


def numbered_name(player: Player) -> str:
    """A player on the organiser's pages and files, where two names could be confused: #12 陳大文 (Chan Tai
    Man); a child whose data was removed by the pseudonym alone."""
    if forgotten(player):
        return pseudonym(player.number)
    return numbered(player.number, player.display_name)


def school_name(name_zh: str, name_en: str) -> str:
    """A school's name in the page's language: English when the page is in English and the school has an
    English name, else its Chinese name (the site's own form)."""
    if name_en and (translation.get_language() or "").startswith("en"):
        return name_en
    return name_zh or name_en


def user_name(user: User | None) -> str:
    """A person with an account, by name when they gave one, else by their login name."""
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()
