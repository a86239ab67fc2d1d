"""What a printed page must survive: long names, many seats, long titles. Nothing printed over anything else,
nothing cut off, and one sheet of paper per table, whatever the ruleset."""

from __future__ import annotations

import datetime

import pytest

from referee.draws.services.seats import seat_assign
from referee.exports.exporters import ExportRequest, get_exporter
from referee.exports.exporters.pdf import FRAME_PADDING, MARGIN
from referee.models import Table, Tournament
from referee.people.services.people import player_create, school_create
from referee.play.services.incidents import incident_record
from referee.play.services.results import game_result_submit
from referee.tournaments.services.referees import referee_add
from referee.tournaments.services.schedule import round_create, table_assign_referee, table_create
from referee.tournaments.services.tournaments import tournament_create
from scoring import PlayerInput

LONG_TITLE = "聖保祿天主教小學暨全港小學校際 Rummikub 魔力橋邀請賽二〇二六（第十屆）決賽周暨頒獎典禮"
LONG_SCHOOLS = [
    (
        "天主教聖保祿善導會聖母無玷之心幼稚園暨小學（銅鑼灣分校下午部）",
        "Saint Paul's Catholic Good Shepherd Immaculate Heart of Mary Primary School (Causeway Bay, PM)",
        "SPCGSIHM",
    ),
    ("", "Harbourside International Primary School", "HIPS"),
]
LONG_NAMES = [
    ("歐陽司徒慕容小明", "Christopher Alexander Montgomery-Wellington"),
    ("", "Wong Tai Sin Mary Elizabeth Anne-Marie"),
    ("陳大文", ""),
    ("諸葛孔明", "Chu Kot Hung Ming"),
]
NOTE = "在第三回合超時，評審員協助還原桌面後罰取三隻牌；參加者對判決沒有異議。"


def crowded(organiser, referee, ruleset: str, seats: int, *, games: int = 2) -> Tournament:
    """One table of `seats` players with long names and schools, `games` games played, one long incident."""
    tournament = tournament_create(
        actor=organiser,
        name=LONG_TITLE,
        slug=f"crowded-{ruleset}-{seats}",
        ruleset=ruleset,
        target_score=5000 if ruleset == "uno" else None,
    )
    referee_add(actor=organiser, tournament=tournament, username=referee.username)
    schools = [
        school_create(actor=organiser, tournament=tournament, name_zh=zh, name_en=en, code=code)
        for zh, en, code in LONG_SCHOOLS
    ]
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="Semi-final 準決賽 第二輪（下午場）",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(14),
    )
    table = table_create(actor=organiser, round_=round_)
    table = table_assign_referee(actor=organiser, table=table, referee=referee)
    for index in range(seats):
        zh, en = LONG_NAMES[index % len(LONG_NAMES)]
        player = player_create(
            actor=organiser,
            tournament=tournament,
            school=schools[index % 2],
            name_zh=zh,
            name_en=en,
            class_name="6A",
        )
        seat_assign(actor=organiser, table=table, player=player)
    letters = [seat.letter for seat in table.seats.order_by("letter")]
    for number in range(1, games + 1):
        winner = letters[(number - 1) % seats]
        hands = [
            PlayerInput(
                letter, went_out=letter == winner, rack_value=None if letter == winner else 30 + seats
            )
            for letter in letters
        ]
        game_result_submit(actor=referee, table=table, game_number=number, ending="went-out", hands=hands)
    kind = "uno-not-called" if ruleset == "uno" else "overtime"
    incident_record(
        actor=referee,
        game=table.games.get(number=1),
        seat=table.seats.get(letter="A"),
        kind=kind,
        note=NOTE * 2,
    )
    return Tournament.objects.get(pk=tournament.pk)


def render(identifier: str, tournament: Tournament, language: str) -> bytes:
    request = ExportRequest(
        tournament=tournament,
        language=language,
        include_unsigned=True,
        entry_url=lambda table: "https://x.example/t/1/",
    )
    return get_exporter(identifier)(request).render()[2]


CASES = [("hk-school", 4), ("hk-school", 2), ("standard", 3), ("six-player", 6), ("uno", 10)]


@pytest.mark.parametrize("ruleset, seats", CASES)
@pytest.mark.parametrize("identifier", ["scoresheets-pdf", "blank-scoresheets-pdf"])
@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_every_table_fits_on_one_sheet_with_nothing_printed_over_anything(
    pdf, organiser, referee, ruleset, seats, identifier, language
):
    tournament = crowded(organiser, referee, ruleset, seats)
    data = render(identifier, tournament, language)
    assert pdf.info(data)["Pages"] == str(Table.objects.filter(round__tournament=tournament).count())
    assert pdf.overlaps(data) == []


@pytest.mark.parametrize("identifier", ["standings-pdf", "school-pack"])
def test_long_titles_never_run_into_the_footer(pdf, organiser, referee, identifier):
    tournament = crowded(organiser, referee, "hk-school", 4)
    if identifier == "school-pack":
        import io
        import zipfile

        school = tournament.schools.get(code="SPCGSIHM")
        request = ExportRequest(
            tournament=tournament, school=school, language="zh-hant", include_unsigned=True
        )
        archive = zipfile.ZipFile(io.BytesIO(get_exporter(identifier)(request).render()[2]))
        data = archive.read(next(name for name in archive.namelist() if name.endswith(".pdf")))
    else:
        data = render(identifier, tournament, "zh-hant")
    assert pdf.overlaps(data) == []
    width = float(pdf.info(data)["Page size"].split()[0])
    assert all(word.left >= MARGIN - 1 and word.right <= width - MARGIN + 1 for word in pdf.words(data))


def test_english_words_are_not_cut_in_half(pdf, organiser, referee):
    tournament = crowded(organiser, referee, "six-player", 6)
    words = {word.text.strip("()#,") for word in pdf.words(render("scoresheets-pdf", tournament, "en"))}
    assert {"Christopher", "Montgomery-Wellington", "Harbourside", "International"} <= words


def test_signature_names_stay_left_of_the_line(pdf, organiser, referee):
    from referee.exports.exporters import scoresheet_page

    tournament = crowded(organiser, referee, "hk-school", 4)
    data = render("scoresheets-pdf", tournament, "en")
    frame = 595.276 - 2 * MARGIN - 2 * FRAME_PADDING
    line_starts = MARGIN + FRAME_PADDING + scoresheet_page.signature_label_width(frame)
    below = [word for word in pdf.words(data) if word.text in {"Montgomery-Wellington)", "Anne-Marie"}]
    assert below
    assert all(word.right < line_starts for word in below[-2:])


def test_narrow_seats_name_their_schools_under_the_grid_in_the_sheets_language(pdf, organiser, referee):
    tournament = crowded(organiser, referee, "uno", 10)
    english = " ".join(pdf.text(render("scoresheets-pdf", tournament, "en")).split())
    assert "SPCGSIHM Saint Paul's" in english
    assert "; HIPS Harbourside International Primary School" in english
    chinese = " ".join(pdf.text(render("scoresheets-pdf", tournament, "zh-hant")).split())
    assert "SPCGSIHM 天主教聖保祿" in chinese
    assert "；HIPS Harbourside" in chinese
