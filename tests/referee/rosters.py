"""Rosters as Hong Kong school offices send them, made here byte for byte: one sheet (or CSV) per event with
the school and the child on every row, a title above the header, 學號 that repeat from school to school, two
children of one name in one school, classes typed in full-width letters, and a column we do not import.

Eight schools of twenty children: 160 in all. `roster_xlsx`, and `roster_csv` in each encoding Excel writes
in Hong Kong (Big5/cp950, UTF-16 with and without its mark, UTF-8 with its mark).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import openpyxl

TITLE = "2026-27 年度 Rummikub 小學邀請賽 參加者名單"
CHINESE_HEADERS = ["學校編號", "學校名稱", "School Name", "學號", "學生姓名", "English Name", "班別", "性別"]
ENGLISH_HEADERS = [
    "School Code",
    "School (Chinese) Name",
    "English School Name",
    "Student No.",
    "Name (Chinese)",
    "English Name",
    "Class",
    "Sex",
]
SCHOOLS = [
    ("HSP", "海濱小學", "Harbourside Primary School"),
    ("KLN", "九龍灣小學", "Kowloon Bay Primary School"),
    ("LHP", "獅山小學", "Lion Hill Primary School"),
    ("SPS", "聖保羅小學", "St Paul's Primary School"),
    ("TWP", "荃灣小學", "Tsuen Wan Primary School"),
    ("YLP", "元朗小學", "Yuen Long Primary School"),
    ("STP", "沙田小學", "Sha Tin Primary School"),
    ("CWP", "柴灣小學", "Chai Wan Primary School"),
]
PER_SCHOOL = 20
SURNAMES = [("陳", "Chan"), ("李", "Lee"), ("張", "Cheung"), ("黃", "Wong"), ("何", "Ho"), ("林", "Lam")]
GIVEN = [
    ("俊傑", "Chun Kit"),
    ("詠琳", "Wing Lam"),
    ("家豪", "Ka Ho"),
    ("嘉儀", "Ka Yi"),
    ("子晴", "Tsz Ching"),
]
TWINS_SCHOOL, TWINS = "LHP", (4, 9)  # two children named 陳大文 in one school, 學號 4 and 9
FULL_WIDTH_SCHOOL = "KLN"  # its office typed the classes in full-width letters: ５Ａ


@dataclass(frozen=True)
class Child:
    code: str
    school_zh: str
    school_en: str
    school_number: int
    name_zh: str
    name_en: str
    class_name: str  # as typed in the file
    sex: str

    @property
    def plain_class(self) -> str:
        return self.class_name.translate(str.maketrans("０１２３４５６７８９ＡＢＣＤ", "0123456789ABCD"))


def children() -> list[Child]:
    found = []
    for school_index, (code, zh, en) in enumerate(SCHOOLS):
        for number in range(1, PER_SCHOOL + 1):
            surname, surname_en = SURNAMES[(number + school_index) % len(SURNAMES)]
            given, given_en = GIVEN[(number * 3 + school_index) % len(GIVEN)]
            name_zh, name_en = surname + given, f"{surname_en} {given_en}"
            if code == TWINS_SCHOOL and number in TWINS:
                name_zh, name_en = "陳大文", "Chan Tai Man"
            class_name = f"{4 + number % 3}{'ABCD'[number % 4]}"
            if code == FULL_WIDTH_SCHOOL:
                class_name = class_name.translate(
                    str.maketrans("0123456789ABCD", "０１２３４５６７８９ＡＢＣＤ")
                )
            sex = "M" if number % 2 else "F"
            found.append(Child(code, zh, en, number, name_zh, name_en, class_name, sex))
    return found


def roster_rows(headers: list[str] = CHINESE_HEADERS) -> list[list[object]]:
    """The header and a row per child, 學號 as numbers (as Excel stores them)."""
    rows: list[list[object]] = [list(headers)]
    for child in children():
        rows.append(
            [
                child.code,
                child.school_zh,
                child.school_en,
                child.school_number,
                child.name_zh,
                child.name_en,
                child.class_name,
                child.sex,
            ]
        )
    return rows


def roster_xlsx(headers: list[str] = CHINESE_HEADERS, extra_rows: list[list[object]] | None = None) -> bytes:
    """The title merged over the columns in row 1, the date in row 2 merged too, the header in row 3."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "工作表1"
    sheet.append([TITLE])
    sheet.append(["更新日期：2026年9月1日"])
    for row in roster_rows(headers) + (extra_rows or []):
        sheet.append(row)
    sheet.merge_cells("A1:H1")
    sheet.merge_cells("A2:H2")
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def roster_text(headers: list[str] = CHINESE_HEADERS, delimiter: str = ",") -> str:
    """As Excel saves the sheet: the merged title in the first cell with empty cells after it."""
    width = len(headers)
    lines = [delimiter.join([TITLE] + [""] * (width - 1))]
    for row in roster_rows(headers):
        cells = [str(value) for value in row]
        lines.append(delimiter.join(f'"{cell}"' if delimiter in cell else cell for cell in cells))
    return "\r\n".join(lines) + "\r\n"


# Excel's ways of saving a sheet as text in Hong Kong: (name, encode).
ENCODINGS = {
    "big5-cp950": lambda text: text.encode("cp950"),
    "utf-16-with-mark": lambda text: text.replace(",", "\t").encode("utf-16"),  # "Unicode text": tabs
    "utf-16-without-mark": lambda text: text.replace(",", "\t").encode("utf-16-le"),
    "utf-8-with-mark": lambda text: b"\xef\xbb\xbf" + text.encode("utf-8"),
}


def roster_csv(encoding: str, headers: list[str] = CHINESE_HEADERS) -> bytes:
    return ENCODINGS[encoding](roster_text(headers))
