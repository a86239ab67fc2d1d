"""One table's scoresheet page, laid out as the school form of seed 002.

Header (competition, games, referee, table, date), a 勝 / 得分 column pair per seat (甲 乙 丙 丁)
with names and schools, one row per game, the 總結 totals, the table's winner, the incidents,
signature lines and a box for the organiser's stamp (大會蓋印). A blank page keeps the same grid
with empty cells and adds a QR code.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

import scoring
from referee.exports.exporters.fonts import cjk_font
from referee.exports.exporters.pdf import FitToPage, cell_text, para, styles
from referee.exports.exporters.qr import QrCode
from referee.play.selectors.late_corrections import LateCorrection
from referee.play.selectors.sheets import SheetGame, SheetIncident, SheetSeat, SheetTotal
from referee.results.outcome import TableOutcome
from referee.wording.changes import late_correction_line
from referee.wording.codes import incident_label, outcome_reason
from referee.wording.figures import count_text, score_text
from referee.wording.seats import seat_label
from referee.wording.sentences import listed

LABEL_WIDTH = 21 * mm
QR_SIZE = 27 * mm
GRID_SIZE = 9.5
CELL_PADDING = 3  # reportlab's default left and right padding in a table cell
NARROW_SEAT = 30 * mm  # below this, a seat's school is shown by its code and named under the grid
BLANK_ROWS_WITHOUT_LIMIT = 12
BLANK_HANDS = 16  # a race to 500 takes more hands than a round of games
GRID = colors.Color(0.2, 0.2, 0.2)
SHADE = colors.Color(0.9, 0.9, 0.9)
WIN_SHADE = colors.Color(0.86, 0.93, 0.86)


@dataclass(frozen=True)
class SheetPage:
    """Everything printed on one table's page; `games` empty and `blank` set for the paper fallback."""

    tournament_name: str
    ruleset: str | scoring.Ruleset  # as the tournament plays it at this table (its incidents' names)
    round_name: str
    date_text: str
    table_number: int
    referee_name: str
    games_required: int | None
    seats: list[SheetSeat]
    school_names: dict[str, str]
    blank: bool
    games: list[SheetGame] = field(default_factory=list)
    totals: list[SheetTotal] = field(default_factory=list)
    incidents: list[SheetIncident] = field(default_factory=list)
    outcome: TableOutcome | None = None
    entry_url: str | None = None
    target: int | None = None
    late_corrections: list[LateCorrection] = field(default_factory=list)

    @property
    def corrected_games(self) -> set[int]:
        """Games changed after sign-off: their rows are marked *."""
        return {item.game_number for item in self.late_corrections if item.game_number is not None}

    @property
    def race(self) -> bool:
        """UNO: hands until someone reaches the target, each seat's points and running total per row."""
        return scoring.get_ruleset(self.ruleset).match_format == "target"


def page_flowables(page: SheetPage, width: float, height: float) -> list[Flowable]:
    """One table's page as a single flowable that always fits one sheet: a crowded table (ten UNO players,
    long names, many incidents) is scaled down to fit rather than spilling its signatures onto a second,
    unlabelled page. An ordinary four-seat sheet fits as it is."""
    return [FitToPage(lambda frame_width: _page_parts(page, frame_width), width, height)]


def _page_parts(page: SheetPage, width: float) -> list[Flowable]:
    parts: list[Flowable] = [*_header(page, width), Spacer(1, 4 * mm)]
    if page.seats:
        parts += [_grid(page, width), *_school_legend(page, width), Spacer(1, 3 * mm), _verdict(page)]
    else:
        parts.append(para(_("Nobody is seated at this table yet."), "heading"))
    parts += _incidents(page, width)
    parts += _late_corrections(page)
    parts += [Spacer(1, 5 * mm), _signatures_and_stamp(page, width), Spacer(1, 3 * mm)]
    parts.append(para(_rule_note(page.ruleset), "small"))
    return parts


def _header(page: SheetPage, width: float) -> list[Flowable]:
    games = str(page.games_required) if page.games_required else "—"
    referee = page.referee_name or "＿＿＿＿＿＿＿＿"
    length = _("Games: %(count)s") % {"count": games}
    if page.race:
        length = _("Target: %(score)s points") % {"score": page.target or "—"}
    text_width = width - (QR_SIZE + 4 * mm if page.entry_url else 0)
    left, right = text_width * 0.4, text_width * 0.6
    fields = [
        [
            cell_text(length, "body", left),
            cell_text(_("Referee: %(name)s") % {"name": referee}, "body", right),
        ],
        [
            cell_text(_("Table: %(number)s") % {"number": page.table_number}, "heading", left),
            cell_text(_("Date: %(date)s") % {"date": page.date_text}, "body", right),
        ],
    ]
    details = Table(fields, colWidths=[left, right], hAlign="LEFT")
    body, heading = styles()["body"], styles()["heading"]
    details.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), body.fontName, body.fontSize, body.leading),
                ("FONT", (0, 1), (0, 1), heading.fontName, heading.fontSize, heading.leading),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    title = [
        para(page.tournament_name, "title"),
        para(page.round_name, "subtitle"),
        Spacer(1, 2 * mm),
        details,
    ]
    if not page.entry_url:
        return title
    qr_cell = [QrCode(page.entry_url, QR_SIZE), para(_("Scan to enter the results"), "small")]
    block = Table([[title, qr_cell]], colWidths=[text_width, width - text_width])
    block.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return [block]


def _column_widths(seat_count: int, width: float) -> list[float]:
    per_seat = (width - LABEL_WIDTH) / max(seat_count, 1)
    won_width = max(per_seat * 0.28, 7 * mm)
    return [LABEL_WIDTH] + [won_width, per_seat - won_width] * seat_count


def _narrow(page: SheetPage, width: float) -> bool:
    return (width - LABEL_WIDTH) / max(len(page.seats), 1) < NARROW_SEAT


def _seat_rows(page: SheetPage, width: float) -> list[list[object]]:
    """Seat letters, names, schools, then the 勝 / 得分 column titles."""
    letters, names, schools, titles = [""], [_("Name")], [_("School")], [""]
    narrow = _narrow(page, width)
    seat_width = sum(_column_widths(len(page.seats), width)[1:3])
    for seat in page.seats:
        letters += [seat_label(seat.letter), ""]
        names += [cell_text(f"{seat.player_name} #{seat.player_number}", "cell_centre", seat_width), ""]
        school = "" if narrow else page.school_names.get(seat.school_code, "")
        detail = " · ".join(part for part in (seat.school_code, school, seat.class_name) if part)
        schools += [cell_text(detail, "cell_centre", seat_width), ""]
        titles += list(_column_titles(page))
    return [letters, names, schools, titles]


def _column_titles(page: SheetPage) -> tuple[str, str]:
    """Each seat's pair of columns: 勝 / 得分 per game, or an UNO hand's points and the running total."""
    if page.race:
        return pgettext("scoresheet column", "Points"), pgettext("scoresheet column", "Running total")
    return pgettext("scoresheet column", "Won"), pgettext("scoresheet column", "Score")


def _school_legend(page: SheetPage, width: float) -> list[Flowable]:
    """Under a grid too narrow for school names: each code at the table with its school's name."""
    if not _narrow(page, width):
        return []
    codes = dict.fromkeys(seat.school_code for seat in page.seats if seat.school_code)
    named = [f"{code} {page.school_names[code]}" for code in codes if page.school_names.get(code)]
    return [Spacer(1, 1.5 * mm), para(listed(named, long=True), "small")] if named else []


def _row_label(page: SheetPage, number: int) -> str:
    mark = " *" if number in page.corrected_games else ""
    if page.race:
        return _("Hand %(number)s") % {"number": number} + mark
    return _("Game %(number)s") % {"number": number} + mark


def _game_rows(page: SheetPage) -> list[list[str]]:
    """The recorded games, then empty rows up to the games the table plays, as on the paper form; for a race
    to the target (UNO) each hand's points and each seat's running total."""
    if page.race:
        return _hand_rows(page)
    rows = []
    for game in page.games:
        row = [_row_label(page, game.number)]
        for cell in game.cells:
            row += ["", ""] if cell is None else ["1" if cell.won else "", score_text(cell.score)]
        rows.append(row)
    required = page.games_required or (BLANK_ROWS_WITHOUT_LIMIT if page.blank else 0)
    for number in range(len(rows) + 1, required + 1):
        rows.append([_row_label(page, number)] + [""] * (2 * len(page.seats)))
    return rows


def _hand_rows(page: SheetPage) -> list[list[str]]:
    rows = []
    running = [0] * len(page.seats)
    for game in page.games:
        row = [_row_label(page, game.number)]
        for index, cell in enumerate(game.cells):
            if cell is None:
                row += ["", ""]
                continue
            running[index] += cell.score
            row += [score_text(cell.score) if cell.score else "", score_text(running[index])]
        rows.append(row)
    blank_rows = BLANK_HANDS if page.blank else 0
    for number in range(len(rows) + 1, blank_rows + 1):
        rows.append([_row_label(page, number)] + [""] * (2 * len(page.seats)))
    return rows


def _totals_row(page: SheetPage) -> list[str]:
    row = [pgettext("scoresheet", "Totals")]
    for total in page.totals if page.games and not page.blank else []:
        row += [count_text(total.games_won), score_text(total.total)]
    return row + [""] * (1 + 2 * len(page.seats) - len(row))


def _game_row_height(page: SheetPage, rows: int) -> float:
    """Room to write by hand on a blank sheet (less when it has many rows), a printed line otherwise."""
    if not page.blank:
        return 9.5 * mm
    return max(8 * mm, min(12 * mm, 130 * mm / max(rows, 1)))


def _title_size(widths: list[float], titles: tuple[str, str]) -> float:
    """The largest size (at most the grid's) at which 勝 / 得分, Won / Score fit their narrowest columns."""
    size = GRID_SIZE
    for title, column in zip(titles, widths[1:3], strict=False):
        size = min(size, (column - 2 * CELL_PADDING) / pdfmetrics.stringWidth(title, cjk_font(), 1))
    return max(size, 5)


def _grid(page: SheetPage, width: float) -> Table:
    header = _seat_rows(page, width)
    games = _game_rows(page)
    rows = header + games + [_totals_row(page)]
    row_heights = [None] * len(header) + [_game_row_height(page, len(games) + 1)] * (len(games) + 1)
    widths = _column_widths(len(page.seats), width)
    table = Table(rows, colWidths=widths, rowHeights=row_heights, repeatRows=4)
    commands = _grid_style(page, len(rows), len(header))
    commands.append(
        ("FONTSIZE", (1, len(header) - 1), (-1, len(header) - 1), _title_size(widths, _column_titles(page)))
    )
    table.setStyle(TableStyle(commands))
    return table


def _grid_style(page: SheetPage, row_count: int, header_rows: int) -> list[tuple]:
    last = row_count - 1
    names = styles()["cell_centre"]
    commands: list[tuple] = [
        ("FONT", (0, 0), (-1, -1), cjk_font(), GRID_SIZE),
        ("FONT", (1, 1), (-1, 2), names.fontName, names.fontSize, names.leading),  # as `cell_text` measured
        ("GRID", (0, 0), (-1, -1), 0.6, GRID),
        ("BOX", (0, 0), (-1, -1), 1.2, GRID),
        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("BACKGROUND", (0, header_rows - 1), (-1, header_rows - 1), SHADE),
        ("FONTSIZE", (1, 0), (-1, 0), 12),
        ("BACKGROUND", (0, last), (-1, last), SHADE),
        ("LINEABOVE", (0, last), (-1, last), 1.2, GRID),
    ]
    for index in range(len(page.seats)):
        first = 1 + 2 * index
        for row in range(header_rows - 1):
            commands.append(("SPAN", (first, row), (first + 1, row)))
        commands.append(("LINEBEFORE", (first, 0), (first, -1), 1.2, GRID))
    if not page.blank:
        for row_offset, game in enumerate(page.games):
            for index, cell in enumerate(game.cells):
                if cell is not None and cell.won:
                    row = header_rows + row_offset
                    commands.append(("BACKGROUND", (1 + 2 * index, row), (2 + 2 * index, row), WIN_SHADE))
    return commands


def _verdict(page: SheetPage) -> Flowable:
    outcome = page.outcome
    if page.blank or outcome is None or not page.games:
        return para(_("Winner: %(name)s") % {"name": "＿" * 16}, "heading")
    if not outcome.finished:
        return para(_("Not finished: %(played)d games recorded.") % {"played": len(page.games)}, "heading")
    names = {seat.letter: seat.player_name for seat in page.seats}
    if outcome.winner is None:
        leaders = listed([f"{seat_label(letter)} {names.get(letter, '')}" for letter in outcome.tied])
        text = _("Tie between %(players)s: the organiser records how it was broken.") % {"players": leaders}
        return para(f"{text} {'＿' * 8}", "heading")
    text = _("Winner: %(seat)s %(name)s (%(reason)s)") % {
        "seat": seat_label(outcome.winner),
        "name": names.get(outcome.winner, ""),
        "reason": outcome_reason(outcome.decided_by, outcome.tie_break),
    }
    return para(text, "heading")


def _incidents(page: SheetPage, width: float) -> list[Flowable]:
    if page.blank:
        lines = Table([[""]] * 3, colWidths=[width], rowHeights=[8 * mm] * 3)
        lines.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, -1), 0.5, GRID)]))
        return [para(_("Incidents"), "heading"), lines]
    if not page.incidents:
        return []
    cards = not scoring.get_ruleset(page.ruleset).is_rummikub
    drawn = _("Cards drawn") if cards else _("Tiles drawn")
    rows = [[_("Hand") if cards else _("Game"), _("Seat"), _("Incident"), drawn, _("Note")]]
    for item in page.incidents:
        rows.append(
            [
                str(item.game_number),
                seat_label(item.letter),
                para(str(incident_label(page.ruleset, item.kind)), "cell"),
                str(item.tiles_drawn),
                para(item.note, "cell"),
            ]
        )
    table = Table(rows, colWidths=[width * share for share in (0.08, 0.08, 0.42, 0.12, 0.30)], repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), cjk_font(), 9),
                ("GRID", (0, 0), (-1, -1), 0.4, GRID),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    return [para(_("Incidents"), "heading"), table]


def _late_corrections(page: SheetPage) -> list[Flowable]:
    """What changed after the players signed: each correction, when, by whom and why (rows marked *)."""
    if page.blank or not page.late_corrections:
        return []
    lines = [para(_("* Changed after sign-off"), "heading")]
    for item in page.late_corrections:
        lines.append(para(late_correction_line(item), "small"))
    return lines


SIGNATURE_SHARE = 0.64  # of the width; the stamp box takes the rest
SIGNATURE_LABEL_SHARE = 0.45  # of the signatures' width; the line to sign on takes the rest


def signature_label_width(width: float) -> float:
    """Where the signature lines begin, measured from the left edge of the frame."""
    return width * SIGNATURE_SHARE * SIGNATURE_LABEL_SHARE


def _signatures_and_stamp(page: SheetPage, width: float) -> Table:
    """A line to sign for the referee and each player; a long name wraps in its column, not over the line."""
    signature_width = width * SIGNATURE_SHARE
    label_width = signature_label_width(width)
    lines = [[cell_text(_("Signature of the referee"), "cell", label_width), ""]]
    lines += [
        [cell_text(f"{seat_label(seat.letter)} {seat.player_name}", "cell", label_width), ""]
        for seat in page.seats
    ]
    cell = styles()["cell"]
    signatures = Table(lines, colWidths=[label_width, signature_width - label_width])
    signatures.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), cell.fontName, cell.fontSize, cell.leading),
                ("LINEBELOW", (1, 0), (1, -1), 0.6, GRID),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("TOPPADDING", (0, 0), (-1, -1), 4.5 * mm),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    stamp_size = 38 * mm
    stamp = Table(
        [[_("Organiser's stamp")], [""]], colWidths=[stamp_size], rowHeights=[6 * mm, stamp_size - 6 * mm]
    )
    stamp.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), cjk_font(), 9),
                ("BOX", (0, 0), (-1, -1), 1, GRID),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ]
        )
    )
    block = Table([[signatures, stamp]], colWidths=[signature_width, width - signature_width])
    block.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("ALIGN", (1, 0), (1, 0), "RIGHT")]))
    return block


def _rule_note(ruleset: str | scoring.Ruleset) -> str:
    if scoring.get_ruleset(ruleset).match_format == "target":
        return _("Note: the first player whose total reaches the target score wins the table.")
    return _(
        "Note: the table's winner has won the most games; when games won are equal, "
        "the higher total score decides."
    )
