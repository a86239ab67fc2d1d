"""Prizes: defined by kind, filled from the final standings, revealed one at a time in their order."""

from __future__ import annotations

import pytest

from core.errors import ServiceError
from referee.hall_screen.services.prizes import (
    prize_move,
    prize_reveal_next,
    prizes_add,
    prizes_fill,
    prizes_hide,
)
from referee.models import Prize
from referee.people.services.people import player_update
from referee.results.class_levels import class_level
from referee.wording.prizes import prize_titles


@pytest.mark.parametrize(
    ("class_name", "level"),
    [
        ("5A", 5),
        ("P.6", 6),
        ("小三", 3),
        ("四年級", 4),
        ("６Ｂ", 6),
        ("10A", None),
        ("", None),
        ("Form 1", 1),
    ],
)
def test_a_class_level_is_read_from_the_class_the_school_gave(class_name, level):
    assert class_level(class_name) == level


@pytest.fixture
def classes(organiser, players):
    for player, class_name in zip(players, ["5A", "5B", "6A", "6C", "4D"], strict=True):
        player_update(
            actor=organiser,
            player=player,
            school=player.school,
            name_zh=player.name_zh,
            name_en="",
            class_name=class_name,
            number=player.number,
        )
    return players


def test_each_kind_of_prize_is_added_once_in_the_order_of_the_prize_giving(organiser, tournament, classes):
    prizes_add(actor=organiser, tournament=tournament, kind="place", places=3)
    prizes_add(actor=organiser, tournament=tournament, kind="school-best")
    prizes_add(actor=organiser, tournament=tournament, kind="level-best")
    prizes_add(actor=organiser, tournament=tournament, kind="school-trophy", places=1)
    shown = [(prize.kind, prize.place or prize.level) for prize in Prize.objects.order_by("position")]
    assert shown == [
        ("place", 3),
        ("place", 2),
        ("place", 1),
        ("school-best", None),
        ("level-best", 4),
        ("level-best", 5),
        ("level-best", 6),
        ("school-trophy", 1),
    ]
    with pytest.raises(ServiceError) as again:
        prizes_add(actor=organiser, tournament=tournament, kind="place", places=2)
    assert again.value.code == "nothing-new"
    with pytest.raises(ServiceError) as bad:
        prizes_add(actor=organiser, tournament=tournament, kind="place", places=0)
    assert bad.value.field == "places"


def test_the_prizes_are_filled_from_the_final_standings(organiser, released, classes):
    for kind in ("place", "level-best", "school-best", "school-trophy"):
        prizes_add(actor=organiser, tournament=released, kind=kind, places=2)
    assert prizes_fill(actor=organiser, tournament=released) >= 4
    winners = {
        (prize.kind, prize.place or prize.level): [player.name_zh for player in prize.players.all()]
        for prize in Prize.objects.prefetch_related("players")
    }
    # The seed-002 table: 李詠琳 (B, 5B) won two games, 張家豪 (C, 6A) one, the others none.
    assert winners[("place", 1)] == ["李詠琳"]
    assert winners[("place", 2)] == ["張家豪"]
    assert winners[("level-best", 5)] == ["李詠琳"]
    assert winners[("level-best", 6)] == ["張家豪"]
    assert winners[("level-best", 4)] == []  # 劉子晴 (4D) did not play
    trophy = Prize.objects.get(kind="school-trophy", place=1)
    assert [school.code for school in trophy.schools.all()] == ["HSP"]


def test_prizes_are_revealed_in_order_and_fixed_once_the_prize_giving_begins(organiser, released):
    prizes_add(actor=organiser, tournament=released, kind="place", places=2)
    with pytest.raises(ServiceError) as unfilled:
        prize_reveal_next(actor=organiser, tournament=released)
    assert unfilled.value.code == "not-filled"
    prizes_fill(actor=organiser, tournament=released)
    first = prize_reveal_next(actor=organiser, tournament=released)
    assert first.place == 2
    with pytest.raises(ServiceError) as begun:
        prizes_fill(actor=organiser, tournament=released)
    assert begun.value.code == "begun"
    assert prize_reveal_next(actor=organiser, tournament=released).place == 1
    with pytest.raises(ServiceError) as done:
        prize_reveal_next(actor=organiser, tournament=released)
    assert done.value.code == "all-revealed"
    assert prizes_hide(actor=organiser, tournament=released) == 2
    assert not Prize.objects.filter(revealed_at__isnull=False).exists()


def test_a_prize_moves_earlier_in_the_prize_giving(organiser, tournament):
    third, second, first = prizes_add(actor=organiser, tournament=tournament, kind="place", places=3)
    prize_move(actor=organiser, prize=first, earlier=True)
    assert [prize.place for prize in Prize.objects.order_by("position")] == [3, 1, 2]
    with pytest.raises(ServiceError) as stuck:
        prize_move(actor=organiser, prize=Prize.objects.get(pk=third.pk), earlier=True)
    assert stuck.value.code == "at-the-end"


def test_titles_in_both_languages(organiser, tournament, school):
    prizes = prizes_add(actor=organiser, tournament=tournament, kind="place", places=3)
    assert prize_titles(prizes[-1]) == {"zh": "第 1 名", "en": "1st place"}
    assert prize_titles(prizes[0])["en"] == "3rd place"
    (best,) = prizes_add(actor=organiser, tournament=tournament, kind="school-best")
    assert prize_titles(best) == {"zh": "海濱小學最佳參加者", "en": "Best player of Harbourside Primary"}


def test_the_organisers_page_runs_the_prize_giving(organiser_client, organiser, released):
    from django.urls import reverse

    address = reverse("organiser:prizes", args=[released.slug])
    organiser_client.post(address, {"action": "add", "kind": "place", "places": "2"})
    organiser_client.post(address, {"action": "fill"})
    organiser_client.post(address, {"action": "show"})
    page = organiser_client.get(address).content.decode()
    assert 'id="reveal-next"' in page
    assert "#2 李詠琳" in page  # the organiser sees every winner in full
    organiser_client.post(address, {"action": "reveal"})
    assert Prize.objects.filter(revealed_at__isnull=False).count() == 1
