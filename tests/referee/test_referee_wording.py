"""Sentences composed from parts take the punctuation of the language they are shown in."""

from __future__ import annotations

from django.utils import translation

from referee.wording.sentences import labelled, listed, spaced


def test_lists_take_the_languages_separators():
    with translation.override("zh-hant"):
        assert listed(["王五", "Mary Smith"]) == "王五、Mary Smith"
        assert listed(["出完牌", "得分 +311"], long=True) == "出完牌；得分 +311"
    with translation.override("en"):
        assert listed(["Wong Ng", "Mary Smith"]) == "Wong Ng, Mary Smith"
        assert listed(["went out", "score +311"], long=True) == "went out; score +311"


def test_a_label_and_its_text():
    with translation.override("zh-hant"):
        assert labelled("甲", "出完牌") == "甲：出完牌"
    with translation.override("en"):
        assert labelled("A", "went out") == "A: went out"


def test_latin_words_in_chinese_text_are_set_apart_by_a_space():
    with translation.override("zh-hant"):
        assert spaced("王五、Mary Smith的勝出局數") == "王五、Mary Smith 的勝出局數"
        assert spaced("與Mary Smith勝出局數") == "與 Mary Smith 勝出局數"
        assert spaced("與陳大文 (Chan Tai Man)勝出局數") == "與陳大文 (Chan Tai Man) 勝出局數"
        assert spaced("同分：Mary Smith、王五") == "同分：Mary Smith、王五"  # next to punctuation: no space
        assert spaced("與王五勝出局數") == "與王五勝出局數"
    with translation.override("en"):
        assert spaced("tied with王五") == "tied with王五"  # English sentences keep their own spacing


def test_the_draw_reports_table_sizes_as_chinese_writes_a_list():
    from referee.wording.draws import report_lines

    report = {
        "players": 21,
        "tables_by_size": [{"4": 3, "3": 3}],
        "same_school_pairs": 0,
        "same_school_pairs_min": 0,
        "repeat_pairs": 0,
        "consecutive_repeats": 0,
        "max_meetings": 1,
        "by_round": [{"unseated": ["7", "9"]}],
    }
    with translation.override("zh-hant"):
        lines = dict(report_lines(report))
    assert lines["各人數的桌數"] == "4 人桌 3 張、3 人桌 3 張"
    assert "7、9" in lines.values()
    with translation.override("en"):
        assert dict(report_lines(report))["Tables by size"] == "3 of 4, 3 of 3"
