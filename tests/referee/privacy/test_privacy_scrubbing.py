"""Finding names in any text or JSON: every spelling a person types, whole words only for English names, and
a player's snapshot without class and 學號. Plain functions: no database."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from referee.privacy.pseudonyms import is_pseudonym, stored_names
from referee.privacy.scrubbing import SHARED_NAME_ZH, Child, NameScrubber, snapshot_children

CHAN = Child(number=103, name_zh="陳大文", name_en="Chan Tai Man", class_name="5A")
LEE = Child(number=7, name_zh="李小明", name_en="Lee Siu Ming", class_name="6C")


def test_names_become_the_pseudonym_in_their_own_language() -> None:
    scrubber = NameScrubber([CHAN, LEE])
    text = "陳大文 (Chan Tai Man) 與 李小明 同桌；CHAN  TAI MAN 超時。"
    assert scrubber.text(text) == "103 號參加者 (Player 103) 與 7 號參加者 同桌；Player 103 超時。"


def test_an_english_name_only_as_whole_words() -> None:
    scrubber = NameScrubber([Child(number=4, name_en="Li Ka")])
    assert scrubber.text("Lily Kam met Li Ka.") == "Lily Kam met Player 4."
    assert scrubber.text("Malika") == "Malika"


def test_the_longest_name_wins() -> None:
    scrubber = NameScrubber([Child(number=1, name_zh="歐陽天"), Child(number=2, name_zh="歐陽天佑")])
    assert scrubber.text("歐陽天佑") == "2 號參加者"


def test_a_name_two_children_share_becomes_a_neutral_mark_in_free_text() -> None:
    twins = [Child(number=4, name_zh="陳大文"), Child(number=9, name_zh="陳大文")]
    assert NameScrubber(twins).text("陳大文遲到") == f"{SHARED_NAME_ZH}遲到"


def test_a_snapshot_loses_its_names_class_and_school_number_by_key() -> None:
    snapshot = {
        "before": {
            "name_zh": "陳大文",
            "name_en": "Chan Tai Man",
            "class_name": "5A",
            "number": 103,
            "school_number": "12",
            "school_id": 3,
        }
    }
    scrubbed = NameScrubber([CHAN]).value(snapshot)
    assert scrubbed == {
        "before": {
            "name_zh": "103 號參加者",
            "name_en": "Player 103",
            "class_name": "",
            "number": 103,
            "school_number": "",
            "school_id": 3,
        }
    }


def test_a_pasted_list_loses_names_and_classes_but_keeps_numbers() -> None:
    pasted = {"school": "HSP", "players": [[103, "陳大文", "Chan Tai Man", "5A"], [7, "李小明", "", "6C"]]}
    assert NameScrubber([CHAN, LEE]).value(pasted) == {
        "school": "HSP",
        "players": [[103, "103 號參加者", "Player 103", ""], [7, "7 號參加者", "", ""]],
    }


def test_a_school_snapshot_is_not_a_childs() -> None:
    school = {"name_zh": "海濱小學", "name_en": "Harbourside", "code": "HSP"}
    assert NameScrubber([CHAN]).value(school) == school


def test_the_children_named_in_snapshots_are_found_for_forgetting() -> None:
    entries = [
        {"after": {"name_zh": "雷子謙", "name_en": "Lui Tsz Him", "number": 5, "class_name": "6望"}},
        {},
    ]
    assert list(snapshot_children(entries)) == [Child(5, "雷子謙", "Lui Tsz Him", "6望")]


def test_the_pseudonym_is_known_by_its_columns() -> None:
    assert is_pseudonym(103, *stored_names(103))
    assert not is_pseudonym(104, *stored_names(103))
    assert not is_pseudonym(103, "陳大文", "Player 103")


CHINESE = st.text(alphabet="陳李張黃何林俊傑詠琳家豪嘉儀子晴", min_size=2, max_size=4)
ENGLISH = st.lists(
    st.sampled_from(["Chan", "Lee", "Ka", "Ho", "Wing", "Lam", "Tsz"]), min_size=2, max_size=3
).map(" ".join)


@given(st.lists(st.tuples(CHINESE, ENGLISH), min_size=1, max_size=12), st.randoms())
def test_no_name_is_left_in_a_text_made_of_names(names: list[tuple[str, str]], random) -> None:
    """Whatever the names and however they are strung together, none is left after scrubbing."""
    children = [Child(number=index + 1, name_zh=zh, name_en=en) for index, (zh, en) in enumerate(names)]
    parts = [name for pair in names for name in pair] + ["，", "; ", " 與 ", " and "]
    random.shuffle(parts)
    text = " ".join(parts)
    scrubbed = NameScrubber(children).text(text)
    for zh, en in names:
        assert zh not in scrubbed
        assert not re.search(rf"(?<![A-Za-z]){re.escape(en)}(?![A-Za-z])", scrubbed, re.IGNORECASE)
