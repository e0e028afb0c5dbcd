"""Printable score sheets: a blank one to fill in by hand, and the filled sheet of any game.

A sheet is described first (title lines, column groups, rows, the rules in
words, footer lines) and then drawn with reportlab. Widths are fractions of
the page; the orientation is the one that fits the player count; a long
game continues on further pages with the header repeated and never splits a
row. One shipped font draws names in any script the app does, and user text
is drawn as text, never read as markup.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date as Date
from functools import cache, lru_cache
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape, portrait
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Flowable, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from companion.look import FONT_FILE, axis_step, nice_range, nice_top, seat_colour
from companion.texts import in_use, t, trump_label
from scoring.describe import adjustment_lines, scoring_summary, tie_break_line, winner_line
from scoring.game import Game
from scoring.i18n.language import game_text
from scoring.rules import Rules
from scoring.stats import GameCharts, game_charts

rl_config.useA85 = 0
"""A sheet's pages are written as the compressed bytes they are, not spelled out again in ASCII85 characters (a
quarter longer, and encoded in pure Python: most of the time a sheet took to be written out)."""

PAPERS = {"a4": A4, "letter": LETTER}
FONT = "BidwellSans"
HEADING_SIZE = 6
HERRLOF_ROWS = 12
"""Rows on the first page of an open-ended game's blank sheet (a typical game); a continuation page follows."""
CONTINUATION_ROWS = 12
MADE = "\u2713"
ADJUSTED = "*"
ROW_HEIGHT = 15
"""A hand's row: room to write a number by hand."""
TRUMP_SHARE = 0.08
"""The trump column's share of the page's width: two lines of a small font hold a suit and a joker's change."""
PORTRAIT_CELLS = 16
CELL_PADDING = 6
"""reportlab's Table keeps a cell's text this far from its left and right lines (its default): a trump wraps
within its column less twice this."""


@dataclass(frozen=True)
class SheetRow:
    """One hand: number, cards, dealer, and the cells of each player in column order."""

    number: str
    cards: str
    dealer: str
    cells: tuple[str, ...]
    trump: str = ""
    """The hand's trump as it went ("Hearts → Clovers"), where the game has one and it was recorded."""


@dataclass(frozen=True)
class Sheet:
    """Everything printed on a sheet, before it is drawn."""

    title: str
    subtitle: str
    names: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    continuation: tuple[SheetRow, ...]
    summary: tuple[str, ...]
    footer: tuple[str, ...]
    charts: GameCharts | None = None
    """A filled sheet's charts (from its first scored hand on)."""
    adjustments: tuple[str, ...] = ()
    """A filled sheet's bonuses and penalties, one line each; the points they are in are marked :data:`ADJUSTED`."""
    trump_column: bool = False
    """Whether each hand has a cell for its trump: in a game that names its trump suits."""
    standings_title: str = ""
    standings: tuple[tuple[str, str, str, str], ...] = ()
    """A filled sheet's standings once a hand is scored: place, name, total, exact bids, best first."""


def player_columns(rules: Rules, narrow: bool = False) -> tuple[str, ...]:
    """The cells each player has in a hand's row: bid, tricks, the counted cards, points, total.

    ``narrow`` gives the one-letter headings a crowded sheet uses (its legend explains them).
    """
    cards = tuple(game_text(kind.heading) if kind.heading else game_text(kind.label).split()[0]
                  for kind in rules.scoring.cards)
    if narrow:
        return (t("sheet.bid_short"), t("sheet.tricks_short"), *cards, t("sheet.points_short"), t("sheet.total_short"))
    return (t("sheet.bid"), t("sheet.tricks"), *cards, t("sheet.points"), t("sheet.total"))


CROWDED_CELLS = 40
"""Player cells across a hand's row past which the sheet takes the one-letter headings: Rage for 6 (36 cells) keeps
its words; 7 players of any game, or Skull King's 9 cells a player for 5, do not have room for them."""


def crowded(rules: Rules) -> bool:
    """Whether a sheet of ``rules`` has too many player cells in a row for the headings' words."""
    return rules.players > 6 or rules.players * len(player_columns(rules)) > CROWDED_CELLS


def blank_sheet(rules: Rules, *, names: Sequence[str] | None = None, first_dealer: int = 0) -> Sheet:
    """A sheet to fill in by hand: every hand's size and dealer, empty cells, the rules in words."""
    seats = tuple(names) if names else tuple(t("sheet.seat", number=n + 1) for n in range(rules.players))
    columns = player_columns(rules, narrow=crowded(rules))
    count = rules.hand_count or HERRLOF_ROWS
    rows = tuple(_blank_row(rules, seats, index, first_dealer, len(columns)) for index in range(count))
    continuation: tuple[SheetRow, ...] = ()
    if rules.hand_count is None:
        continuation = tuple(
            _blank_row(rules, seats, index, first_dealer, len(columns)) for index in range(count, count + CONTINUATION_ROWS)
        )
    return Sheet(
        title=t("sheet.blank_title", game=game_text(rules.game.name)),
        subtitle=_options_line(rules),
        names=seats,
        columns=columns,
        rows=rows,
        continuation=continuation,
        summary=tuple(scoring_summary(rules)),
        footer=(t("sheet.footer_winner"), t("sheet.footer_date"), t("sheet.footer_place"), t("sheet.footer_keeper")),
        trump_column=bool(rules.trump_suits),
    )


def filled_sheet(game: Game, *, played_on: str | None = None) -> Sheet:
    """The sheet of a game as recorded: bids (as the table may see them), tricks, points, totals, the end."""
    rules, state, number = game.rules, game.state, in_use()
    rows = []
    for hand in state.hands:
        if hand.void or (not hand.scored and all(b is None for b in hand.bids)):
            continue
        cells: list[str] = []
        for seat in hand.seats:
            bid = "" if seat.shown_bid is None else str(seat.shown_bid)
            if seat.exact:
                bid += " " + MADE
            cells += [bid, "" if seat.tricks is None else str(seat.tricks)]
            cells += [str(seat.counted.get(kind.name, 0)) if hand.scored else "" for kind in rules.scoring.cards]
            adjusted = ADJUSTED if seat.adjustment and seat.points is not None else ""
            cells += ["" if seat.points is None else number.integer(seat.points) + adjusted,
                      "" if seat.total is None else number.integer(seat.total)]
        trumps = state.trumps.get(hand.number, ())
        rows.append(SheetRow(str(hand.number), str(hand.cards), game.name(hand.dealer), tuple(cells),
                             " → ".join(trump_label(value) for value in trumps)))
    return Sheet(
        title=t("sheet.filled_title", game=game_text(rules.game.name)),
        subtitle=_options_line(rules) + " · " + in_use().date(played_on or Date.today()),
        names=game.players,
        columns=player_columns(rules, narrow=crowded(rules)),
        rows=tuple(rows),
        continuation=(),
        summary=tuple(scoring_summary(rules)),
        footer=(_result_line(game), t("sheet.made_mark", mark=MADE)),
        charts=game_charts(game),
        adjustments=tuple(adjustment_lines(state, game.players)),
        trump_column=bool(rules.trump_suits),
        standings_title=(t("sheet.standings_final") if state.finished
                         else t("sheet.standings_after", hand=state.scored_hands[-1].number) if state.scored_hands
                         else ""),
        standings=tuple((t("sheet.place", place=line.place), game.name(line.seat), number.integer(line.total),
                         str(line.exact_bids)) for line in state.standings) if state.scored_hands else (),
    )


def render_pdf(sheet: Sheet, paper: str = "a4") -> bytes:
    """Draw ``sheet`` on ``paper`` (``a4`` or ``letter``).

    Portrait while the players' cells number at most 16 (four players' bid,
    tricks, points and total), landscape beyond.
    """
    _register_font()
    size = PAPERS[paper]
    wide = len(sheet.names) * len(sheet.columns) > PORTRAIT_CELLS
    pagesize = landscape(size) if wide else portrait(size)
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer, pagesize=pagesize, leftMargin=10 * mm, rightMargin=10 * mm, topMargin=10 * mm, bottomMargin=10 * mm,
        title=sheet.title, author="Bidwell",
    )
    width = pagesize[0] - 20 * mm
    styles = _styles()
    story = [Paragraph(escape(sheet.title), styles["title"]), Paragraph(escape(sheet.subtitle), styles["small"]),
             Spacer(1, 2 * mm), _table(sheet, sheet.rows, width)]
    if sheet.continuation:
        story += [PageBreak(), Paragraph(escape(t("sheet.continued", title=sheet.title)), styles["small"]),
                  _table(sheet, sheet.continuation, width)]
    story.append(Spacer(1, 3 * mm))
    legend = [t("sheet.legend")] if sheet.columns[0] == t("sheet.bid_short") else []
    story.append(Paragraph(escape(t("sheet.rules_line", rules=t("rules.joiner").join([*sheet.summary, *legend]))),
                           styles["small"]))
    if sheet.adjustments:
        story.append(Paragraph(escape(t("sheet.adjustments", mark=ADJUSTED, lines="; ".join(sheet.adjustments))),
                               styles["small"]))
    if sheet.standings:
        story += [Spacer(1, 2 * mm), _standings(sheet, width)]
    story.append(Spacer(1, 3 * mm))
    story.append(_footer(sheet.footer, width))
    if sheet.charts is not None:
        story += [Spacer(1, 4 * mm), _Charts(sheet, width)]
    document.build(story)
    return buffer.getvalue()


class _Grid(Table):
    """reportlab's Table drawing its one-line text cells in a single text object.

    Table draws each text cell as a text object of its own (its width measured, the font chosen again, its
    subset named again), which was most of a sheet's time; one object holding every cell's text, each at the
    place and in the font and colour Table gives it, draws the same page at a fraction of the cost. Other
    cells (paragraphs, drawings) are drawn by Table as before.
    """

    def draw(self) -> None:
        self._texts: list[tuple[str, float, object, float, float, str]] = []
        super().draw()

    def _drawCell(self, cellval, cellstyle, pos, size) -> None:  # noqa: ANN001 - as Table's
        if not isinstance(cellval, str) or "\n" in cellval or cellstyle.href or cellstyle.destination \
                or cellstyle.direction or cellstyle.shaping or cellstyle.alignment == "DECIMAL":
            super()._drawCell(cellval, cellstyle, pos, size)
            return
        if not cellval:
            return
        (colpos, rowpos), (colwidth, rowheight) = pos, size
        name, fontsize, leading = cellstyle.fontname, cellstyle.fontsize, cellstyle.leading
        if cellstyle.valign == "BOTTOM":
            y = rowpos + cellstyle.bottomPadding + leading - fontsize
        elif cellstyle.valign == "TOP":
            y = rowpos + rowheight - cellstyle.topPadding - fontsize
        else:
            y = rowpos + (cellstyle.bottomPadding + rowheight - cellstyle.topPadding + leading) / 2.0 - fontsize
        if cellstyle.alignment == "LEFT":
            x = colpos + cellstyle.leftPadding
        else:
            width = _text_width(cellval, name, fontsize)
            if cellstyle.alignment == "RIGHT":
                x = colpos + colwidth - cellstyle.rightPadding - width
            else:
                x = colpos + (colwidth + cellstyle.leftPadding - cellstyle.rightPadding) * 0.5 - 0.5 * width
        self._texts.append((name, fontsize, cellstyle.color, x, y, cellval))

    def _drawLines(self) -> None:
        if self._texts:
            text = self.canv.beginText()
            font = colour = None
            for name, fontsize, color, x, y, cellval in self._texts:
                if (name, fontsize) != font:
                    text.setFont(name, fontsize)
                    font = name, fontsize
                if color != colour:
                    text.setFillColor(color)
                    colour = color
                text.setTextOrigin(x, y)
                text.textOut(cellval)
            self.canv.drawText(text)
            self._texts = []
        super()._drawLines()


def _blank_row(rules: Rules, seats: Sequence[str], index: int, first_dealer: int, per_player: int) -> SheetRow:
    return SheetRow(
        number=str(index + 1),
        cards=str(rules.cards_in_hand(index)),
        dealer=seats[rules.dealer(index, first_dealer)],
        cells=("",) * (per_player * len(seats)),
    )


def _options_line(rules: Rules) -> str:
    shown = []
    for name, value in rules.options.items():
        option = rules.game.options[name]
        if isinstance(value, bool):
            if value:
                shown.append(game_text(option.label))
        else:
            shown.append(t("sheet.option", option=game_text(option.label), value=game_text(option.choice_label(value))))
    players = t("sheet.players", count=rules.players)
    return " · ".join([players, *shown])


def _result_line(game: Game) -> str:
    """Who won and how a tie was settled, in the engine's words (the app's end screen says the same)."""
    state = game.state
    if not state.finished:
        return t("sheet.in_progress", hand=state.current.number if state.current else "")
    return " ".join(line for line in (winner_line(state, game.players), tie_break_line(state)) if line)


def _table(sheet: Sheet, rows: Sequence[SheetRow], width: float) -> Table:
    per = len(sheet.columns)
    fixed = [0.045, 0.045, 0.11] + ([TRUMP_SHARE] if sheet.trump_column else [])
    player_share = (1 - sum(fixed)) / len(sheet.names)
    widths = [f * width for f in fixed] + [player_share * width / per] * (per * len(sheet.names))
    name_width = player_share * width - 4
    head = [t("sheet.hand"), t("sheet.cards"), t("sheet.dealer")] + ([t("sheet.trump")] if sheet.trump_column else [])
    top = head + [cell for name in sheet.names for cell in [fit(name, name_width, 8)] + [""] * (per - 1)]
    second = [""] * len(fixed) + list(sheet.columns) * len(sheet.names)
    trump = ParagraphStyle("trump", fontName=FONT, fontSize=6, leading=6.5, alignment=1)  # as _trump_height
    body = [[row.number, row.cards, fit(row.dealer, widths[2] - 4, 7),
             *([Paragraph(escape(row.trump), trump) if row.trump else ""] if sheet.trump_column else []), *row.cells]
            for row in rows]
    heights = [max(ROW_HEIGHT, _trump_height(row.trump, widths[3] - 2 * CELL_PADDING)) if sheet.trump_column and row.trump
               else ROW_HEIGHT for row in rows]
    table = _Grid([top, second, *body], colWidths=widths, repeatRows=2, rowHeights=[14, 12, *heights])
    style = [
        ("FONT", (0, 0), (-1, -1), FONT, 7),
        ("FONTSIZE", (len(fixed), 0), (-1, 0), 8),
        ("FONTSIZE", (0, 1), (-1, 1), _heading_size(sheet.columns, widths[-1])),
        ("GRID", (0, 0), (-1, -1), 0.3, colors.black),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        *(("SPAN", (column, 0), (column, 1)) for column in range(len(fixed))),
    ]
    for n in range(len(sheet.names)):
        first = len(fixed) + n * per
        style += [("SPAN", (first, 0), (first + per - 1, 0)), ("LINEBEFORE", (first, 0), (first, -1), 1.0, colors.black)]
    table.setStyle(TableStyle(style))
    return table


CHART_HEIGHT = 55 * mm
CHART_FONT_SIZE = 7
"""The axes' labels and the legends' names."""
HAND_SIZE_FONT_SIZE = 6
"""The hand sizes under the bids chart's bars: up to 31 share its width."""
GRID_COLOUR = colors.lightgrey
BID_COLOUR, TRICK_COLOUR = colors.HexColor("#3A608F"), colors.HexColor("#B0BEC5")
TICK = 5
"""How far a tick reaches out of its axis; its label starts where it ends."""
SWATCH = 6
"""A legend's colour square; its name starts ``SWATCH_GAP`` after it."""
SWATCH_GAP = 10
LEGEND_ROW = 10
"""From a legend's first row to its second, where it takes two."""


class _Charts(Flowable):
    """The running totals and the bids against tricks, side by side, drawn straight on the page: every line of a
    chart in one path per colour, every label in one text object.

    They look as reportlab's LinePlot, VerticalBarChart and Legend draw them (axes, ticks and labels where those
    put them, the grid, the legend's squares and names); those build a tree of a few hundred shapes and walk it
    with a graphics state of each shape's own, which was more than half the time of a filled sheet. One
    flowable is never split, so the two charts stay together on one page.
    """

    def __init__(self, sheet: Sheet, width: float) -> None:
        super().__init__()
        self.sheet, self.width, self.hAlign = sheet, width, "CENTER"
        self.half = (width - 6 * mm) / 2
        self.height = CHART_HEIGHT + 14 * mm + 6  # as the Table of two Drawings that held them (its padding)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803 - reportlab's
        return self.width, self.height

    def draw(self) -> None:
        canvas, texts = self.canv, []
        canvas.saveState()
        canvas.setLineCap(0)
        canvas.setLineJoin(0)
        self._totals(canvas, texts, 0, 3)
        self._bids(canvas, texts, self.half + 3 * mm, 3)
        text = canvas.beginText()
        text.setFillColor(colors.black)
        size = None
        for x, y, line, font_size in texts:
            if font_size != size:
                text.setFont(FONT, font_size)
                size = font_size
            text.setTextOrigin(x, y)
            text.textOut(line)
        canvas.drawText(text)
        canvas.restoreState()

    def _totals(self, canvas, texts: list, left: float, bottom: float) -> None:  # noqa: ANN001 - a Canvas
        charts, half = self.sheet.charts, self.half
        x, y, width, height = left + 10 * mm, bottom + 14 * mm, half - 14 * mm, CHART_HEIGHT - 10 * mm
        count = max(len(charts.hands), 1)
        low, high, step = nice_range([total for line in charts.totals for total in line])
        across = [(x + width * value / count, value) for value in range(0, count + 1, axis_step(len(charts.hands)))]
        up = [(y + height * (value - low) / (high - low), value) for value in range(low, high + 1, step)]
        _x_axis(canvas, texts, x, y, width, across)
        _y_axis(canvas, texts, x, y, height, up)
        _strokes(canvas, [(x, level, x + width, level) for level, _ in up if level != y], GRID_COLOUR, 0.25)
        canvas.setLineWidth(1.5)
        canvas.setLineJoin(1)
        for seat, line in enumerate(charts.totals):
            canvas.setStrokeColor(colors.HexColor(seat_colour(seat)))
            path = canvas.beginPath()
            path.moveTo(x, y + height * (line[0] - low) / (high - low))
            for hand, total in enumerate(line[1:], 1):
                path.lineTo(x + width * hand / count, y + height * (total - low) / (high - low))
            canvas.drawPath(path, stroke=1, fill=0)
        canvas.setLineJoin(0)
        _title(texts, t("charts.totals") + " · " + t("charts.hands"), left, bottom, half)
        _legend(canvas, texts, left, bottom, half,
                [(colors.HexColor(seat_colour(seat)), name) for seat, name in enumerate(self.sheet.names)],
                spacing=max(12 * mm, (half - 14 * mm) / max(len(self.sheet.names), 1)))

    def _bids(self, canvas, texts: list, left: float, bottom: float) -> None:  # noqa: ANN001 - a Canvas
        hands, half = self.sheet.charts.hands, self.half
        x, y, width, height = left + 10 * mm, bottom + 14 * mm, half - 14 * mm, CHART_HEIGHT - 10 * mm
        top, step = nice_top(max(max(hand.bids, hand.tricks) for hand in hands))
        up = [(y + height * value / top, value) for value in range(0, top + 1, step)]
        _strokes(canvas, [(x, level, x + width, level) for level, _ in up], GRID_COLOUR, 0.25)
        # reportlab's bar widths: each hand's room holds two bars of 10 units, 0.5 between them and a group
        # spacing split either side, scaled to fit.
        room = width / len(hands)
        group_spacing = max(1, 40 / len(hands))
        scale = room / (group_spacing + 20.5)
        for series, colour in enumerate((BID_COLOUR, TRICK_COLOUR)):
            path = canvas.beginPath()
            for index, hand in enumerate(hands):
                value = (hand.bids, hand.tricks)[series]
                if value:
                    path.rect(x + index * room + (group_spacing / 2 + series * 10.5) * scale, y, 10 * scale,
                              height * value / top)
            canvas.setFillColor(colour)
            canvas.drawPath(path, stroke=0, fill=1)
        every = axis_step(len(hands))
        _strokes(canvas, [(x, y, x + width, y), *((x + index * room, y, x + index * room, y - TICK)
                                                  for index in range(len(hands) + 1))], colors.black, 1)
        texts.extend(_centred(str(hand.cards), x + (index + 0.5) * room, y - TICK - HAND_SIZE_FONT_SIZE,
                              HAND_SIZE_FONT_SIZE) for index, hand in enumerate(hands) if index % every == 0)
        _y_axis(canvas, texts, x, y, height, up)
        _title(texts, t("charts.bids") + " · " + t("charts.cards"), left, bottom, half)
        _legend(canvas, texts, left, bottom, half,
                [(BID_COLOUR, t("charts.bids_total")), (TRICK_COLOUR, t("charts.tricks_total"))], spacing=20 * mm)


def _strokes(canvas, segments, colour, width: float) -> None:  # noqa: ANN001 - a Canvas and a reportlab Color
    """``segments`` (x1, y1, x2, y2) stroked in ``colour`` at ``width`` as one path."""
    path = canvas.beginPath()
    for x1, y1, x2, y2 in segments:
        path.moveTo(x1, y1)
        path.lineTo(x2, y2)
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(width)
    canvas.drawPath(path, stroke=1, fill=0)


def _centred(text: str, x: float, y: float, size: float) -> tuple[float, float, str, float]:
    """A label for :class:`_Charts`' text object: ``text`` at ``size`` with its middle at ``x``, on ``y``."""
    return x - _text_width(text, FONT, size) / 2, y, text, size


def _x_axis(canvas, texts: list, x: float, y: float, width: float, marks) -> None:  # noqa: ANN001
    """A value axis along the bottom of a plot: its line, a tick down at each mark (position, value) and the value
    under it."""
    _strokes(canvas, [(x, y, x + width, y), *((at, y, at, y - TICK) for at, _ in marks)], colors.black, 1)
    texts.extend(_centred(str(value), at, y - TICK - CHART_FONT_SIZE, CHART_FONT_SIZE) for at, value in marks)


def _y_axis(canvas, texts: list, x: float, y: float, height: float, marks) -> None:  # noqa: ANN001
    """A value axis up the left of a plot: its line, a tick left at each mark (position, value) and the value
    left of it, its middle level with the tick."""
    _strokes(canvas, [(x, y, x, y + height), *((x, at, x - TICK, at) for at, _ in marks)], colors.black, 1)
    for at, value in marks:
        label = str(value)
        texts.append((x - TICK - _text_width(label, FONT, CHART_FONT_SIZE), at - 0.4 * CHART_FONT_SIZE, label,
                      CHART_FONT_SIZE))


def _title(texts: list, text: str, left: float, bottom: float, width: float) -> None:
    texts.append((left, bottom + CHART_HEIGHT + 10 * mm, fit(text, width, 9), 9))


def _legend(canvas, texts: list, left: float, bottom: float, width: float, keys: list,  # noqa: ANN001 - a Canvas
            *, spacing: float) -> None:
    """A key under a chart ``width`` wide, laid out by :func:`legend_places`: a square of each colour and its
    name."""
    first_x, first_y = left + 10 * mm, bottom + 4 * mm + 4  # where reportlab's Legend put its first square
    baseline = (SWATCH - pdfmetrics.getFont(FONT).face.ascent / 1000 * CHART_FONT_SIZE) / 2
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(1)
    places = legend_places([name for _, name in keys], width - 10 * mm, spacing)
    for (colour, _), (x, y, name) in zip(keys, places):
        canvas.setFillColor(colour)
        canvas.rect(first_x + x, first_y + y, SWATCH, SWATCH, stroke=1, fill=1)
        texts.append((first_x + x + SWATCH + SWATCH_GAP, first_y + y + baseline, name, CHART_FONT_SIZE))


def legend_places(names: Sequence[str], room: float, spacing: float) -> list[tuple[float, float, str]]:
    """Where a chart's legend puts each key's square (from the first key's) and the name printed beside it, the
    key having ``room`` points across: in one row, at most 30 mm of each name, the squares ``spacing`` apart or
    further where the longest name needs it; in two rows, each name shortened to its share of the room, where one
    row would run past it into the next chart (ten players' names)."""
    beside = SWATCH + SWATCH_GAP + 5
    names = [fit(name, 30 * mm, CHART_FONT_SIZE) for name in names]
    widest = max(_text_width(name, FONT, CHART_FONT_SIZE) for name in names)
    step, per_row = max(spacing, widest + beside), len(names)
    if (len(names) - 1) * step + SWATCH + SWATCH_GAP + widest > room:
        per_row = -(-len(names) // 2)
        step = room / per_row
        names = [fit(name, step - beside, CHART_FONT_SIZE) for name in names]
    return [(index % per_row * step, -(index // per_row) * LEGEND_ROW, name) for index, name in enumerate(names)]


def _trump_height(text: str, width: float) -> float:
    """How tall a hand's row must be for its trump, wrapped at word breaks in the trump column (a long run of
    jokers takes more lines than a row has)."""
    lines = Paragraph(escape(text), ParagraphStyle("trump", fontName=FONT, fontSize=6, leading=6.5)).wrap(width, 1000)
    return lines[1] + 4


def _standings(sheet: Sheet, width: float) -> Table:
    """The standings as a small table of their own: a glance finds who came where, and by how much."""
    head = [sheet.standings_title, "", t("sheet.total"), t("sheet.exact_bids")]
    widths = [0.08 * width, 0.3 * width, 0.08 * width, 0.1 * width]
    rows = [head, *([place, fit(name, widths[1] - 4, 8), total, exact] for place, name, total, exact in sheet.standings)]
    table = _Grid(rows, colWidths=widths, rowHeights=[13] * len(rows), hAlign="LEFT")
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), FONT, 8), ("SPAN", (0, 0), (1, 0)),
                               ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.black),
                               ("ALIGN", (2, 0), (-1, -1), "RIGHT")]))
    return table


def _footer(lines: Sequence[str], width: float) -> Table:
    table = _Grid([[line] for line in lines], colWidths=[width], rowHeights=[16] * len(lines))
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), FONT, 9),
                               ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.black)]))
    return table


def _heading_size(headings: Sequence[str], width: float) -> float:
    """The size the players' column headings are printed at: 6 points, smaller where the widest of them would run
    into the next column of ``width`` (Skull King's captures for 8 players), never under 4."""
    _register_font()
    widest = max(_text_width(heading, FONT, HEADING_SIZE) for heading in headings)
    return max(4.0, min(HEADING_SIZE, HEADING_SIZE * (width - 2) / widest))


def fit(text: str, width: float, size: float) -> str:
    """``text`` as it fits ``width`` points at ``size``: whole, or its longest start that fits with an ellipsis.

    Measures a logarithmic number of starts, so a name of any length fits at once.
    """
    _register_font()
    if _text_width(text, FONT, size) <= width:
        return text
    fits, too_long = 0, len(text)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if _text_width(text[:middle] + "\u2026", FONT, size) <= width:
            fits = middle
        else:
            too_long = middle
    return text[:fits] + "\u2026"


_text_width = lru_cache(maxsize=4096)(pdfmetrics.stringWidth)
"""A text's width in points in a font at a size: a sheet's cells repeat a few texts ("0", "5", a name) hundreds of
times, and measuring one in the shipped font walks its characters in Python."""


@cache
def _register_font() -> None:
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_FILE)))


def _styles() -> dict[str, ParagraphStyle]:
    return {
        "title": ParagraphStyle("title", fontName=FONT, fontSize=14, leading=17),
        "small": ParagraphStyle("small", fontName=FONT, fontSize=8, leading=10),
    }
