"""Names on public pages follow the tournament's privacy setting (no database needed)."""

from __future__ import annotations

from django.utils import translation

from referee.models import Player
from referee.names import chinese_initials, english_initials, public_name


def test_chinese_initials_keep_the_surname():
    assert chinese_initials("陳大文") == "陳○○"
    assert chinese_initials("歐陽天佑") == "歐○○○"
    assert chinese_initials("林") == "林"


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
