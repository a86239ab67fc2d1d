"""Names on public pages follow the tournament's privacy setting (no database needed)."""

from __future__ import annotations

from django.utils import translation

from referee.models import Player
from referee.models.tournament import Privacy
from referee.wording.names import chinese_initials, english_initials, public_name


def test_chinese_initials_keep_the_surname():
    assert chinese_initials("陳大文") == "陳○○"
    assert chinese_initials("林") == "林"


def test_chinese_initials_keep_a_compound_surname_whole():
    assert chinese_initials("歐陽天佑") == "歐陽○○"
    assert chinese_initials("司徒樂怡") == "司徒○○"
    assert chinese_initials("諸葛明") == "諸葛○"
    assert chinese_initials("欧阳天佑") == "欧阳○○"  # simplified characters too
    assert chinese_initials("万俟真") == "万俟○"
    assert chinese_initials("司徒") == "司徒"
    assert chinese_initials("歐大文") == "歐○○"  # a single surname that begins like a compound one


def test_the_privacy_setting_says_the_same_in_both_languages():
    with translation.override("en"):
        english = str(Privacy.INITIALS.label)
    with translation.override("zh-hant"):
        chinese = str(Privacy.INITIALS.label)
    assert "initials" in english.lower()
    assert "surname" in english.lower()
    assert "首字母" in chinese
    assert "姓氏" in chinese


def test_english_initials():
    assert english_initials("Chan Tai Man") == "C. T. M."
    assert english_initials("  szeto   lok ") == "S. L."


def test_public_name_by_privacy():
    player = Player(name_zh="陳大文", name_en="Chan Tai Man", number=12)
    assert public_name(player, "full-names") == "陳大文 (Chan Tai Man)"
    assert public_name(player, "initials") == "陳○○"
    english_only = Player(name_zh="", name_en="Mary Lam", number=3)
    assert public_name(english_only, "initials") == "M. L."
    with translation.override("en"):
        assert public_name(player, "player-numbers") == "Player 12"
        assert "陳" not in public_name(player, "player-numbers")
