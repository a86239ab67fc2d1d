"""The three kinds of rows a people file holds, their columns, and the headers accepted for each column.

Headers are read in either language, whatever the site's language: a school's teacher may have typed 中文姓名
or "Name (Chinese)". They are compared after NFKC (full-width letters), case folding and with spaces and
brackets removed, so "Name（Chinese）" and "name (chinese)" are the same header.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

SCHOOLS, PLAYERS, REFEREES = "schools", "players", "referees"
KINDS = (SCHOOLS, PLAYERS, REFEREES)


@dataclass(frozen=True)
class Column:
    field: str
    english: str  # the template's header in English
    chinese: str  # and in Chinese
    aliases: tuple[str, ...] = ()
    required: bool = False

    @property
    def keys(self) -> set[str]:
        return {header_key(name) for name in (self.english, self.chinese, *self.aliases)}


COLUMNS: dict[str, tuple[Column, ...]] = {
    SCHOOLS: (
        Column("code", "School code", "學校代號", ("code", "代號", "校碼", "學校編號"), required=True),
        Column(
            "name_zh",
            "School name (Chinese)",
            "學校中文名稱",
            ("中文名稱", "中文校名", "中文學校名稱", "校名", "學校名稱", "School name", "Chinese name"),
        ),
        Column(
            "name_en",
            "School name (English)",
            "學校英文名稱",
            ("英文名稱", "英文校名", "英文學校名稱", "English name"),
        ),
    ),
    PLAYERS: (
        Column("school", "School code", "學校代號", ("school", "學校", "代號", "校碼"), required=True),
        Column(
            "number",
            "Player number",
            "參加者編號",
            ("number", "no", "no.", "編號", "號碼", "參賽編號", "選手編號"),
        ),
        Column("name_zh", "Name (Chinese)", "中文姓名", ("姓名", "Chinese name", "中文名")),
        Column("name_en", "Name (English)", "英文姓名", ("English name", "英文名", "name")),
        Column("class_name", "Class", "班別", ("班級", "班")),
    ),
    REFEREES: (
        Column("username", "Login name", "登入名稱", ("login", "username", "帳號", "登入名"), required=True),
        Column(
            "display_name",
            "Referee's name",
            "評審員姓名",
            ("name", "姓名", "display name", "裁判姓名"),
            required=True,
        ),
        Column("table", "Table number", "桌號", ("table", "檯號", "枱號", "檯", "桌")),
    ),
}

SHEET_NAMES: dict[str, tuple[str, str]] = {
    SCHOOLS: ("Schools", "學校"),
    PLAYERS: ("Players", "參加者"),
    REFEREES: ("Referees", "評審員"),
}
SHEET_ALIASES = {
    SCHOOLS: {"schools", "school", "學校"},
    PLAYERS: {"players", "player", "參加者", "選手", "參賽者", "學生"},
    REFEREES: {"referees", "referee", "裁判", "裁判員", "評審員"},
}

KIND_LABELS: dict[str, Promise] = {
    SCHOOLS: _("Schools"),
    PLAYERS: _("Players"),
    REFEREES: _("Referees"),
}

_IGNORED_IN_HEADERS = re.compile(r"[\s()（）\[\]*:：._/\-]+")


def header_key(text: str) -> str:
    return _IGNORED_IN_HEADERS.sub("", unicodedata.normalize("NFKC", text).casefold())


def kind_of_sheet_name(name: str) -> str | None:
    key = header_key(name)
    for kind, names in SHEET_ALIASES.items():
        if key in {header_key(alias) for alias in names}:
            return kind
    return None


def column_for(kind: str, header: str) -> Column | None:
    key = header_key(header)
    if not key:
        return None
    for column in COLUMNS[kind]:
        if key in column.keys:
            return column
    return None


def guess_kind(headers: list[str]) -> str | None:
    """The kind whose columns these headers are: referees have a login; players a school code and a header
    only a player has (a number, a class, 中文姓名); otherwise a school list, with a code and a name
    ("School code, Chinese name, English name" names schools)."""
    matched = {kind: {c.field for h in headers if (c := column_for(kind, h))} for kind in KINDS}
    if "username" in matched[REFEREES]:
        return REFEREES
    players_only = [h for h in headers if column_for(PLAYERS, h) and not column_for(SCHOOLS, h)]
    if "school" in matched[PLAYERS] and players_only:
        return PLAYERS
    if "code" in matched[SCHOOLS] and len(matched[SCHOOLS]) >= 2:
        return SCHOOLS
    return None
