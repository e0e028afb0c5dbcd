"""The hand at the table: a fixed header, a row per player in the order of play with the player's own pad, and a
fixed bar that says whose turn it is and scores the hand.

Every row's pad stays where it is for the whole of a step (bids, then tricks), keyed by its player, hand and step:
a second touch on the pad just tapped reaches that player's pad again, never the next player's. Where the rows do
not all fit the screen (many players, many cards) they scroll between the header and the bar, the next bidder's row
is brought into sight, and so the pads wait a moment after each bid (see :attr:`PlayModel.rows_scroll`); the
tricks, entered in any order, leave the rows where the scorekeeper put them.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable

import flet as ft

from companion.texts import t
from companion.ui.widgets import TAP, counter, part
from companion.views.common import Aim, PadKey
from companion.views.play_views import Header, SeatRow, TableView, TrumpView

KEY = TAP
"""A key of a row's pad: a finger's size, and no more, so a row of seven fits a phone."""
WIDE_KEY = 60
"""A key of a short pad (a hand of few cards): wider, easier to hit."""
KEY_GAP = 3
ROW_PADDING = 5
ROW_LINE = 22
"""The row's line over its pad: name, bid, tricks, points, total."""
ROW_GAP = 4
ROW_BORDER = 2
VIEW_PADDING = 8
NAV_BAR = 64
ABOVE_ROWS = 56 + VIEW_PADDING + 28 + 18 + 6 + 14
"""The top bar, the screen's padding, the header's two lines and the gaps under it, as drawn (measured at 390x844:
the rows start 130 px down, 146 with the options' line)."""
OPTIONS_LINE = 16
TRUMP_LINE = 54
BELOW_ROWS = 145
"""The gap over the bar, the bar, the screen's padding and the bottom bar, as drawn."""
CHIP_WIDTH = KEY
TOTAL_WIDTH = 44
"""The bid in a row while its tricks are entered, a button that changes it: a key's height, a little wider."""

def _key_style(fill: str, ink: str, edge: str | None = None, width: float = 1) -> ft.ButtonStyle:
    """A key's look in one of its states, the same for its tap and its greyed moment: every key is one kind of
    button told apart by style alone, so a key changing state is a property sent, not a control made anew."""
    side = ft.BorderSide(width, edge) if edge else ft.BorderSide(0, ft.Colors.TRANSPARENT)
    # The same whether the key takes a tap or not: a key that waits says so by its state's look, not Material's grey.
    return ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=12),
                          bgcolor={ft.ControlState.DEFAULT: fill, ft.ControlState.DISABLED: fill},
                          color={ft.ControlState.DEFAULT: ink, ft.ControlState.DISABLED: ink},
                          side=side, elevation=0)


CHOSEN_STYLE = _key_style(ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY)
LIVE_STYLE = _key_style(ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER)
TARGET_STYLE = _key_style(ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER, ft.Colors.PRIMARY, 2)
WAITING_STYLE = _key_style(ft.Colors.TRANSPARENT, ft.Colors.with_opacity(0.38, ft.Colors.ON_SURFACE),
                           ft.Colors.with_opacity(0.25, ft.Colors.ON_SURFACE))
REFUSED_STYLE = _key_style(ft.Colors.TRANSPARENT, ft.Colors.ERROR, ft.Colors.ERROR, 2)
OPENED_STYLE = ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=12),
                              bgcolor=ft.Colors.SECONDARY_CONTAINER)
STRUCK = ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH, decoration_thickness=2)


def keys_per_line(width: float, *, chip: bool = False) -> int:
    """How many keys of :data:`KEY` fit a row's line on a screen ``width`` wide (one slot fewer where the bid's
    chip leads the line)."""
    room = width - 2 * VIEW_PADDING - 2 * ROW_PADDING - (CHIP_WIDTH + KEY_GAP if chip else 0)
    return max(1, int((room + KEY_GAP) // (KEY + KEY_GAP)))


INLINE_KEYS = 4
"""The most keys (the bid's chip counted) a row holds beside its player's name, on one line."""


def inline(keys: int, *, chip: bool) -> bool:
    """Whether a row's pad of ``keys`` keys stands beside the player's name rather than under it."""
    return keys + (1 if chip else 0) <= INLINE_KEYS


def pad_slots(row: SeatRow) -> int:
    """How many keys a row's pad lays out: its numbers, and the key to its counted cards where it has one."""
    return len(row.keys) + (1 if row.counted else 0)


def row_height(keys: int, width: float, *, chip: bool = False) -> int:
    """How tall a row is with a pad of ``keys`` keys (:func:`pad_slots`) on a screen ``width`` wide."""
    if inline(keys, chip=chip):
        return 2 * (ROW_PADDING + ROW_BORDER) + KEY
    lines = max(1, math.ceil(keys / keys_per_line(width, chip=chip)))
    return 2 * (ROW_PADDING + ROW_BORDER) + ROW_LINE + lines * KEY + (lines - 1) * KEY_GAP


def wide_keys(table: TableView, width: float | None) -> bool:
    """Whether every row's pad fits one line of :data:`WIDE_KEY` keys on a screen ``width`` wide (390 when not
    known), under its player's name: a short pad is drawn with wider keys (one beside the name keeps to a
    finger's size, to leave the name its room)."""
    room = (width or 390) - 2 * VIEW_PADDING - 2 * ROW_PADDING - (0 if table.bidding else CHIP_WIDTH + KEY_GAP)
    most = max((pad_slots(row) for row in table.rows), default=0)
    return not inline(most, chip=not table.bidding) and most * (WIDE_KEY + KEY_GAP) - KEY_GAP <= room


def rows_fit(table: TableView, width: float | None, height: float | None, *, trump: bool, options: bool) -> bool:
    """Whether every row of ``table`` fits between the fixed header and bar on a page ``width`` by ``height``
    (390 by 844 when not known): Flet does not tell the server where it drew a control, so this is worked out
    from the keys and the page's size, for the bar's usual three lines. The rows scroll wherever they overflow
    all the same (a long language's line in the bar); this says where the screen brings the next bidder into
    sight itself, and so where a bid's pads wait a moment."""
    width, height = width or 390, height or 844
    room = height - ABOVE_ROWS - BELOW_ROWS - (TRUMP_LINE if trump else 0) - (OPTIONS_LINE if options else 0)
    chip = not table.bidding
    rows = sum(row_height(pad_slots(row), width, chip=chip) for row in table.rows)
    return rows + ROW_GAP * (len(table.rows) - 1) <= room


@ft.memo
@part
def HeaderStrip(header: Header, options: bool, summary: str | None = None) -> ft.Control:
    """The hand: its number, the cards each, who deals and who bids first (once the tricks are entered, the bids'
    ``summary`` in their place: the rows' tags still say who deals and who led); the options the first time they
    hold."""
    title = ft.Row([
        ft.Text(header.title, size=18, weight=ft.FontWeight.BOLD, no_wrap=True),
        ft.Text(header.cards, size=16, no_wrap=True, color=ft.Colors.PRIMARY, weight=ft.FontWeight.W_600),
    ], spacing=10, wrap=True, run_spacing=0, alignment=ft.MainAxisAlignment.CENTER)
    lines: list[ft.Control] = [title]
    second = [summary] if summary else [header.dealer, header.first, *([header.race] if header.race else [])]
    lines.append(ft.Text(" · ".join(second), size=13, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1,
                         overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER))
    if options:
        lines.append(ft.Text(header.options, size=12, italic=True, color=ft.Colors.ON_SURFACE_VARIANT,
                             text_align=ft.TextAlign.CENTER))
    return ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


@ft.memo
@part
def TrumpLine(trump: TrumpView, add: Callable[..., object], aim: Aim) -> ft.Control:
    """Rage'n Glyphs' trump in one tap: the suits in one sideways line, the one that is trump now filled."""
    chips = []
    for value, label in trump.choices:
        now = value == trump.current
        make = ft.FilledButton if now else ft.OutlinedButton
        chips.append(make(
            content=ft.Text(label, no_wrap=True, size=13,
                            semantics_label=t("trump.now", suit=label) if now else None),
            height=TAP, key=f"trump-{value}", style=ft.ButtonStyle(padding=ft.Padding(10, 0, 10, 0)),
            on_click=(lambda _: None) if now else (lambda _, v=value: add(v, aim))))
    return ft.Row([ft.Icon(ft.Icons.STYLE_OUTLINED, size=20, tooltip=trump.line), *chips], spacing=4,
                  scroll=ft.ScrollMode.HIDDEN)


@ft.memo
@part
def SeatPad(keys: tuple[PadKey, ...], label: str, on_tap: Callable[..., object], aim: Aim, chosen: int | None,
            wide: bool, target: int | None = None, struck: bool = True, tail: ft.Control | None = None) -> ft.Control:
    """A row's pad: one key per number, told apart by look alone (the chosen filled, the live tonal, the waiting
    faint, the one the hook refuses struck and outlined in the error colour) and by what a screen reader says; on
    a trick pad, the number the player bid (``target``) is ringed. Not ``struck``: a refused key is drawn faint, as
    one waiting (a count more than the tricks left is no fault, only not possible now). ``tail``, a key of the
    row's own (its counted cards), ends the keys, in the room their last line leaves."""
    buttons = []
    for key in keys:
        refused = not key.allowed and key.reason is not None
        spoken = f"{key.value}: {key.reason}" if refused else label.format(value=key.value)
        refused = refused and struck
        text = ft.Text(str(key.value), size=20, weight=ft.FontWeight.W_600, no_wrap=True, semantics_label=spoken,
                       style=STRUCK if refused else None)
        if key.value == chosen:
            style = CHOSEN_STYLE
        elif key.allowed:
            style = TARGET_STYLE if key.value == target else LIVE_STYLE
        else:
            style = REFUSED_STYLE if refused else WAITING_STYLE
        buttons.append(ft.FilledButton(content=text, width=WIDE_KEY if wide else KEY, height=KEY, style=style,
                            disabled=not key.allowed, key=f"key-{key.value}",
                            on_click=lambda _, v=key.value: on_tap(v, aim)))
    if tail is not None:
        buttons.append(tail)
    return ft.Row(buttons, wrap=True, spacing=KEY_GAP, run_spacing=KEY_GAP)


@ft.memo
@part
def SeatCard(row: SeatRow, on_tap: Callable[..., object], ask_change: Callable[..., object], change_aim: Aim,
             step_counted: Callable[..., object], pad_key: str, wide: bool, bidding: bool) -> ft.Control:
    """One player's row: name (with the dealer's and the first bidder's marks), bid, tricks, what the hand scores
    them and their total, over their own pad; the turn's row outlined. A player who may have counted cards in the
    hand (Skull King's captures, Rage's ±5) has a key at the end of their pad that opens their counters."""
    opened, set_opened = ft.use_state(False)
    marks = []
    if row.dealer:
        marks.append(_tag(t("table.dealer_tag"), t("table.dealer", name=row.name)))
    if row.first:
        marks.append(_tag(t("table.first_tag"), t("table.first", name=row.name)))
    facts: list[ft.Control] = []
    if not bidding:
        facts.append(ft.Text(t("table.took", count=row.tricks), size=14, no_wrap=True,
                             italic=row.filled_in, weight=ft.FontWeight.W_600))
    if row.result:
        facts.append(ft.Text(row.result, size=14, no_wrap=True,
                             color=ft.Colors.PRIMARY if row.made else ft.Colors.ERROR,
                             opacity=0.65 if bidding else 1))
    total = ft.Text(row.total, size=18, weight=ft.FontWeight.BOLD, no_wrap=True, width=TOTAL_WIDTH,
                    text_align=ft.TextAlign.END, semantics_label=t("table.total", name=row.name, total=row.total))
    # The chosen key is told apart by its look alone: a screen reader hears the bid with the name.
    spoken = f"{row.name} · {t('tricks.bid', bid=row.bid)}" if bidding and row.chosen is not None else None
    name = ft.Text(row.name, size=16, weight=ft.FontWeight.BOLD if row.turn else ft.FontWeight.W_500, no_wrap=True,
                   overflow=ft.TextOverflow.ELLIPSIS, expand=True, semantics_label=spoken)
    line = ft.Row([name, *marks, *facts, total], spacing=8, height=ROW_LINE,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)
    pad_line: list[ft.Control] = []
    if not bidding:
        pad_line.append(ft.OutlinedButton(
            content=ft.Text(spans=[ft.TextSpan(t("table.bid_word") + "\n", ft.TextStyle(size=10)),
                                   ft.TextSpan(row.bid, ft.TextStyle(size=16, weight=ft.FontWeight.BOLD))],
                            text_align=ft.TextAlign.CENTER, semantics_label=t("table.bid_chip", name=row.name,
                                                                              bid=row.bid)),
            width=CHIP_WIDTH, height=KEY, style=ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=12)),
            disabled=not row.bid_changeable, key="bid-chip",
            on_click=lambda _: ask_change(row.seat, change_aim)))
    # Bounded by the row: a pad wraps onto a second line where its keys do not fit one.
    target = int(row.bid) if not bidding and row.bid.isdigit() else None
    tail = _counted_key(row, opened, set_opened) if row.counted else None
    pad_line.append(ft.Container(SeatPad(row.keys, row.label, on_tap, row.aim, row.chosen, wide, target, bidding,
                                         tail, key=pad_key),
                                 expand=True))
    if inline(pad_slots(row), chip=not bidding):
        # A short pad beside the name: the name over its facts on the left, the keys on the right.
        line = ft.Row([
            ft.Column([ft.Row([name], height=ROW_LINE), ft.Row([*marks, *facts], spacing=6, tight=True)], spacing=0,
                      expand=True, alignment=ft.MainAxisAlignment.CENTER),
            total, ft.Container(width=4), *pad_line[:-1], pad_line[-1].content,
        ], spacing=KEY_GAP, height=KEY, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        content: list[ft.Control] = [line]
    else:
        content = [line, ft.Row(pad_line, spacing=KEY_GAP, vertical_alignment=ft.CrossAxisAlignment.START)]
    if row.counted and opened:
        content.append(Counters(row.seat, row.name, row.counted, step_counted, key="counted"))
    return ft.Container(
        ft.Column(content, spacing=0),
        padding=ROW_PADDING,
        border_radius=14,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if row.turn else ft.Colors.SURFACE_CONTAINER_LOW,
        # The same border on every row, coloured on the turn's: the turn moving on moves nothing.
        border=ft.Border.all(2, ft.Colors.PRIMARY if row.turn else ft.Colors.TRANSPARENT),
    )


def _tag(text: str, spoken: str) -> ft.Control:
    return ft.Container(ft.Text(text, size=11, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY_CONTAINER,
                                semantics_label=spoken),
                        bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=6, padding=ft.Padding(5, 1, 5, 1))


def _counted_key(row: SeatRow, opened: bool, set_opened: Callable[[bool], None]) -> ft.Control:
    """The key, a pad's key in size, that says how many cards the player counted in the hand (Skull King's
    captures, Rage's ±5) and opens or folds their counters."""
    total = sum(count for _, _, count, _ in row.counted)
    return ft.OutlinedButton(
        content=ft.Text(spans=[ft.TextSpan(t("table.cards_word") + "\n", ft.TextStyle(size=10)),
                               ft.TextSpan(str(total), ft.TextStyle(size=16, weight=ft.FontWeight.BOLD))],
                        text_align=ft.TextAlign.CENTER, no_wrap=True,
                        semantics_label=t("table.counted_of", name=row.name, count=total)),
        width=KEY, height=KEY, key="counted-toggle", on_click=lambda _: set_opened(not opened),
        style=OPENED_STYLE if opened else ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=12)))


@part
def Counters(seat: int, name: str, counted: tuple[tuple[str, str, int, int], ...],
             step_counted: Callable[..., object]) -> ft.Control:
    """The steppers of the cards a player counted in the hand (Skull King's captures, Rage's ±5), opened from the
    key at the end of their pad."""
    steppers = [counter(label, name, count, most, lambda d, k=kind: step_counted(k, seat, d), key=f"{kind}-{seat}")
                for kind, label, count, most in counted]
    return ft.Row(steppers, wrap=True, spacing=8, run_spacing=0)


@ft.memo
@part
def ActionBar(status: str, tally: str, line: str | None, kind: str, can_score: bool, score: Callable[..., object],
              score_aim: Aim | None, hand: int) -> ft.Control:
    """The bar under the rows, always on the screen and three lines tall: whose turn it is (or what the last tap
    took), the bids or tricks so far, and one more ``line`` of the ``kind`` "error" (a refusal), "said" (an undo,
    a changed bid, the last bid) or "note" (what the hook forbids, the bids' summary, every trick placed); and
    Score, short on the screen, read whole ("Score the hand")."""
    # Wrapped rather than cut in a long language (the rows above scroll if need be).
    lines: list[ft.Control] = [
        ft.Text(status, size=17, weight=ft.FontWeight.BOLD, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS,
                key="status"),
        ft.Text(tally, size=13, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, key="tally"),
    ]
    if line:
        lines.append(ft.Text(line, size=13, italic=kind == "note", semantics_label=line, max_lines=2,
                             color=ft.Colors.ERROR if kind == "error" else None, overflow=ft.TextOverflow.ELLIPSIS,
                             key=kind))
    button = ft.FilledButton(content=ft.Text(t("table.score"), semantics_label=t("tricks.confirm"), no_wrap=True),
                             icon=ft.Icons.CHECK, height=TAP, disabled=not can_score, key=f"score-{hand}",
                             on_click=lambda _: score(score_aim))
    return ft.Container(
        ft.Row([ft.Column(lines, spacing=0, expand=True), button], spacing=8,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding(10, 6, 10, 6), border_radius=14, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )


@part
def RowsColumn(rows: list[ft.Control], turn: int | None, scrolls: bool,
               moves: Callable[[Callable[[], Awaitable[object]]], None]) -> ft.Control:
    """The rows, still where they fit; scrolling between the header and the bar where they do not, the row of
    ``turn`` (the next bidder; None: no row) brought into sight as the turn moves on, by ``moves`` (which keeps
    the next pad waiting until the phone has moved).

    The rows jump rather than glide: Flutter lets no tap through while a scroll is animated, and a person who
    bids at once as the turn comes lost that tap."""
    column = ft.use_ref(None)

    def into_sight() -> None:
        if scrolls and turn is not None and column.current is not None:
            async def scroll() -> None:
                await asyncio.sleep(0)  # the screen's change goes first: the row to bring into sight is in it
                await column.current.scroll_to(scroll_key=f"seat-{turn}")

            moves(scroll)

    ft.use_effect(into_sight, [turn, scrolls])
    return ft.Column(rows, spacing=ROW_GAP, expand=True, ref=column, scroll=ft.ScrollMode.AUTO)
