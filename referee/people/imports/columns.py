"""What a people file's columns can mean, and the headers school offices write for each, in either language.

A column means one field. People sheets (schools and players, together or apart) take the school and
player fields; a referees sheet the referee fields. Headers are compared after NFKC (full-width letters),
case folding and with spaces, brackets and punctuation removed, so "Name（Chinese）" and "name (chinese)" are
one header.

Some headers say less than a field: "English Name" is a child's name on a roster and a school's on a list of
schools; "School Name" and 姓名 say nothing of the language. Such a header is a `Hint`, which `layout.py`
settles by the sheet's other columns and by the column's own text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

PEOPLE, REFEREES = "people", "referees"
SCHOOLS, PLAYERS = "schools", "players"  # what a people sheet adds; and the template's sheets
KINDS = (SCHOOLS, PLAYERS, REFEREES)
ZH, EN = "zh", "en"


@dataclass(frozen=True)
class Field:
    key: str
    sheet: str  # PEOPLE or REFEREES
    english: str  # the template's header in English
    chinese: str  # and in Chinese
    label: Promise  # what the preview's drop-down calls it
    aliases: tuple[str, ...] = ()


FIELDS: tuple[Field, ...] = (
    Field(
        "school",
        PEOPLE,
        "School code",
        "學校代號",
        _("School code"),
        (
            "學校編號",
            "學校代碼",
            "校碼",
            "代號",
            "學校碼",
            "school id",
            "school no",
            "code",
            "school",
            "學校",
        ),
    ),
    Field(
        "school_zh",
        PEOPLE,
        "School name (Chinese)",
        "學校中文名稱",
        _("School name (Chinese)"),
        ("中文校名", "中文學校名稱", "學校名稱中文", "school chinese name", "chinese school name"),
    ),
    Field(
        "school_en",
        PEOPLE,
        "School name (English)",
        "學校英文名稱",
        _("School name (English)"),
        ("英文校名", "英文學校名稱", "學校名稱英文", "english school name", "school english name"),
    ),
    Field(
        "number",
        PEOPLE,
        "Player number",
        "參加者編號",
        _("Player number (in the tournament)"),
        ("選手編號", "參賽編號", "參賽者編號", "參加者號碼", "編號", "號碼", "player no", "number", "no"),
    ),
    Field(
        "school_number",
        PEOPLE,
        "Student number",
        "學號",
        _("Number within the school (學號)"),
        (
            "學生編號",
            "學生號碼",
            "班號",
            "學生學號",
            "student no",
            "student id",
            "class no",
            "class number",
            "school number",
        ),
    ),
    Field(
        "name_zh",
        PEOPLE,
        "Name (Chinese)",
        "中文姓名",
        _("Player's name (Chinese)"),
        ("學生姓名", "學生中文姓名", "姓名中文", "student name chinese", "student chinese name"),
    ),
    Field(
        "name_en",
        PEOPLE,
        "Name (English)",
        "英文姓名",
        _("Player's name (English)"),
        ("學生英文姓名", "姓名英文", "student name english", "student english name"),
    ),
    Field("class_name", PEOPLE, "Class", "班別", _("Class"), ("班級", "班", "class")),
    Field(
        "username",
        REFEREES,
        "Login name",
        "登入名稱",
        _("Login name"),
        ("login", "username", "帳號", "登入名"),
    ),
    Field(
        "display_name",
        REFEREES,
        "Referee's name",
        "評審員姓名",
        _("Referee's name"),
        ("裁判姓名", "display name", "referee name"),
    ),
    Field(
        "table", REFEREES, "Table number", "桌號", _("Table number"), ("table", "檯號", "枱號", "檯", "桌")
    ),
)
FIELD_BY_KEY = {field.key: field for field in FIELDS}
PEOPLE_FIELDS = tuple(field.key for field in FIELDS if field.sheet == PEOPLE)
REFEREE_FIELDS = tuple(field.key for field in FIELDS if field.sheet == REFEREES)
SCHOOL_FIELDS = ("school", "school_zh", "school_en")
PLAYER_ONLY_FIELDS = ("number", "school_number", "name_zh", "name_en", "class_name")
NAME_FIELDS = {
    ("school", ZH): "school_zh",
    ("school", EN): "school_en",
    ("player", ZH): "name_zh",
    ("player", EN): "name_en",
}


@dataclass(frozen=True)
class Hint:
    """A header that names a name but not all of it: whose (a school's, a player's or None: the sheet's
    other columns tell) and in which language (None: the column's text tells, `language` when it is empty)."""

    whose: str | None
    language: str | None
    default_language: str = ZH


_HINTS: dict[str, Hint] = {
    "學校名稱": Hint("school", None, ZH),
    "校名": Hint("school", None, ZH),
    "school name": Hint("school", None, EN),
    "中文名稱": Hint(None, ZH),
    "中文名": Hint(None, ZH),
    "中文名字": Hint(None, ZH),
    "chinese name": Hint(None, ZH),
    "英文名稱": Hint(None, EN),
    "英文名": Hint(None, EN),
    "英文名字": Hint(None, EN),
    "english name": Hint(None, EN),
    "姓名": Hint("player", None, ZH),
    "學生名稱": Hint("player", None, ZH),
    "student name": Hint("player", None, EN),
    "name": Hint(None, None, EN),
    "名稱": Hint(None, None, ZH),
}

# Sheet names that say what a sheet holds: a generic "name" on a sheet called 學校 is a school's.
SHEET_NAMES: dict[str, tuple[str, str]] = {
    SCHOOLS: ("Schools", "學校"),
    PLAYERS: ("Players", "參加者"),
    REFEREES: ("Referees", "評審員"),
}
SHEET_ALIASES = {
    SCHOOLS: {"schools", "school", "學校", "學校名單"},
    PLAYERS: {"players", "player", "參加者", "選手", "參賽者", "學生", "學生名單", "參加者名單"},
    REFEREES: {"referees", "referee", "裁判", "裁判員", "評審員"},
}
# The template's sheets: their columns, in order.
TEMPLATE_COLUMNS: dict[str, tuple[str, ...]] = {
    SCHOOLS: ("school", "school_zh", "school_en"),
    PLAYERS: ("school", "number", "school_number", "name_zh", "name_en", "class_name"),
    REFEREES: ("username", "display_name", "table"),
}
KIND_LABELS: dict[str, Promise] = {
    SCHOOLS: _("Schools"),
    PLAYERS: _("Players"),
    REFEREES: _("Referees"),
}
IGNORE_LABEL = pgettext_lazy("import column", "Not imported")

_IGNORED_IN_HEADERS = re.compile(r"[\s()（）\[\]【】*:：._/\-‐－#＃]+")


def header_key(text: str) -> str:
    return _IGNORED_IN_HEADERS.sub("", unicodedata.normalize("NFKC", text).casefold())


def _index() -> tuple[dict[str, str], dict[str, Hint]]:
    fields: dict[str, str] = {}
    for field in FIELDS:
        for name in (field.english, field.chinese, field.key, *field.aliases):
            fields.setdefault(header_key(name), field.key)
    hints = {header_key(name): hint for name, hint in _HINTS.items()}
    return fields, hints


_FIELD_KEYS, _HINT_KEYS = _index()


def reading_of(header: str) -> str | Hint | None:
    """What a header says: a field's key, a hint to settle, or None (a column that is not imported)."""
    key = header_key(header)
    if not key:
        return None
    return _FIELD_KEYS.get(key) or _HINT_KEYS.get(key)


def kind_of_sheet_name(name: str) -> str | None:
    key = header_key(name)
    for kind, names in SHEET_ALIASES.items():
        if key in {header_key(alias) for alias in names}:
            return kind
    return None


def field_label(key: str) -> str:
    return str(FIELD_BY_KEY[key].label) if key in FIELD_BY_KEY else str(IGNORE_LABEL)


def template_header(key: str, language: str) -> str:
    field = FIELD_BY_KEY[key]
    return field.chinese if language.startswith("zh") else field.english


def column_letter(position: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: the column as Excel names it."""
    letters = ""
    position += 1
    while position:
        position, remainder = divmod(position - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


def has_han(text: str) -> bool:
    """Whether a text holds Chinese characters (CJK ideographs, the Hong Kong ones beyond the BMP too)."""
    return any(
        "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or "\U00020000" <= ch <= "\U0003134f"
        for ch in text
    )
