"""The play screen (a hand from bids to score, the end of the game), the correction screen and the scoreboard."""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import unicodedata
from typing import NamedTuple

import flet as ft

from companion.server.seats import SeatState
from companion.store.files import StorageError
from companion.texts import in_use, t
from companion.ui.charts import GameChartsPanel
from companion.ui.screens import scan_to_open
from companion.ui.session import GameHandle, Seating, use_session
from companion.ui.widgets import NoticeBar, Pad, counter, download, heading, icon_button, part, said, screen, wide
from companion.views.common import Aim, Message, PadKey, Screen, Settling, Step
from companion.views.play_views import (
    BidLine,
    BidsView,
    BoardRow,
    BoardView,
    Cell,
    ChangeView,
    Ending,
    HandSummary,
    Header,
    PlayView,
    TricksView,
    TrumpView,
)
from scoring.i18n import game_text

log = logging.getLogger(__name__)

# --- the routes ---------------------------------------------------------------------


@screen
def GameScreen() -> ft.View:
    """``/game/<id>``: the game being scored."""
    game_id = ft.use_route_params()["gid"]
    return _game_view(game_id, looking=False)


@screen
def PastGameScreen() -> ft.View:
    """``/history/<id>``: a past game looked at (a pending coin flip can still be made there)."""
    game_id = ft.use_route_params()["gid"]
    return _game_view(game_id, looking=True)


def _game_view(game_id: str, *, looking: bool) -> ft.View:
    session = use_session()
    route = ft.use_view_path()
    try:
        handle = session.game(game_id)
    except StorageError as error:
        return ft.View(route=route, appbar=ft.AppBar(title=ft.Text(t("app.title"))),
                       controls=[ft.Text(str(error), color=ft.Colors.ERROR)])
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(game_text(handle.model.game.rules.game.name)),
                         actions=[UndoButton(handle, looking)]),
        scroll=ft.ScrollMode.AUTO,
        padding=12,
        controls=[NoticeBar(session.banner), GameBody(handle, looking)],
    )


@part
def UndoButton(handle: GameHandle, looking: bool) -> ft.Control:
    """Undo in the top bar, for the scorekeeper: none on a private pad (the player holding the phone may not take
    back another's bid); where it would take back a private bid or a score, it asks first and says what."""
    model = handle.model
    if looking or model.read_only or model.screen is Screen.PRIVATE_BID:
        return ft.Container(width=0)
    page = ft.context.page
    aim = model.aim(Step.UNDO)
    question = model.undo_question()

    def tapped() -> None:
        if question is None:
            handle.act(model.undo, aim)
            return

        def answer(take_back: bool) -> None:
            page.pop_dialog()
            if take_back:
                handle.act(model.undo, aim)

        page.show_dialog(ft.AlertDialog(
            title=ft.Text(t("undo.ask_title")),
            content=ft.Text(question),
            actions=[ft.TextButton(t("undo.ask_no"), on_click=lambda _: answer(False)),
                     ft.FilledButton(t("undo.ask_yes"), on_click=lambda _: answer(True))],
        ))

    return icon_button(ft.Icons.UNDO, t("undo"), tapped, disabled=not model.can_undo() or model.settling is not None,
                       key="undo")


@part
def GameBody(handle: GameHandle, looking: bool) -> ft.Control:
    """Whatever part of the game is on: bids, the pass-the-phone cover, tricks, the end; then the scoreboard."""
    wakelock = ft.use_ref(None)
    ft.use_effect(lambda: _keep_awake(wakelock), [], cleanup=lambda: _let_sleep(wakelock))
    model = handle.model
    view: PlayView = model.view()
    settling = view.settling
    # Every part keyed: as parts come and go (a summary, a said line), the others keep their identity, so
    # nothing is sent again for nothing and no tap lands on a part that moved into another's place. A pad is
    # keyed by what it is drawn for (see GameHandle.key): a tap on the last player's pad never reaches the next's.
    controls: list[ft.Control] = []
    if view.damage is not None:
        controls.append(ft.Text(t("history.damaged_open", damage=view.damage), color=ft.Colors.ERROR,
                                key="damage"))
    if view.header is not None:
        controls.append(HeaderCard(view.header, key="header"))
    if view.trump is not None and not view.read_only:
        controls.append(TrumpPanel(view.trump, handle.on(model.add_trump), handle.on(model.clear_trump),
                                   model.aim(Step.TRUMP), settling is not None, key="trump"))
    controls += said(view.message)
    if view.summary is not None:
        controls.append(SummaryCard(view.summary, key="summary"))
    if view.read_only and view.screen is not Screen.FINISHED:
        controls.append(ft.Text(t("history.read_only_unfinished"), italic=True, key="read-only"))
        controls.append(SaveRecord(handle, key="save-record"))
    elif view.screen is Screen.COVER:
        controls.append(Cover(model.players[view.cover_aim.seat], handle.on(model.unlock), view.cover_aim,
                              view.changing_name is not None, _slot_text(view), settling is not None,
                              handle.on(model.cancel_change), key=handle.key(view.cover_aim)))
    elif view.screen is Screen.PHONE:
        aim = model.aim(Step.BID)
        controls.append(PhoneTurn(model.bidder or "", handle.on(model.take_over), aim, _slot_text(view),
                                  settling is not None, key="phone-turn"))
    elif view.change is not None:
        controls.append(ChangePanel(view.change, handle.on(model.change_bid), handle.on(model.cancel_change),
                                    settling is not None, handle.key(view.change.aim), key="change"))
    elif view.bids is not None:
        controls.append(BidsPanel(view.bids, handle.on(model.tap_bid), handle.on(model.ask_change),
                                  model.aim(Step.CHANGE), settling, handle.key(view.bids.aim),
                                  _ghost(model, handle, view.retired), handle.on(model.cover), key="bids"))
    elif view.tricks is not None:
        controls.append(TricksPanel(view.tricks, handle.on(model.tap_tricks), handle.on(model.choose),
                                    handle.on(model.step_counted), handle.on(model.confirm_tricks),
                                    handle.on(model.ask_change), model.aim(Step.CHANGE),
                                    _slot_text(view), settling is not None,
                                    handle.key(view.tricks.aim) if view.tricks.aim is not None else "no-pad",
                                    _ghost(model, handle, view.retired), key="tricks"))
    elif view.ending is not None:
        controls.append(EndPanel(view.ending, handle, looking, key="end"))
    session = use_session()
    if session.tables is not None and not view.read_only and view.screen is not Screen.FINISHED \
            and view.screen is not Screen.PRIVATE_BID:
        controls.append(PhonesPanel(handle, session.seating, key="phones"))
    # Only the bidder looks at a private pad; the scoreboard holds no private bid, so it shows everywhere else.
    if view.screen is not Screen.PRIVATE_BID:
        controls.append(Board(view.board, handle.id, "history" if looking else "game", key="board"))
        if view.charts is not None:
            controls.append(GameChartsPanel(view.charts, model.players, key="charts"))
    return ft.Column(controls, spacing=12)


class Ghost(NamedTuple):
    """The pad the last tap was taken on, kept in the screen unseen under its own key: a second tap sent to it before
    the screen changed reaches it, and is answered as one aimed at that pad (never taken for the next player)."""

    pad: Settling
    key: str
    label: str


def _ghost(model, handle: GameHandle, retired: Settling | None) -> Ghost | None:  # noqa: ANN001 - a PlayModel
    if retired is None or retired.pad is None:
        return None
    pad = retired.pad
    if pad.step is Step.TRICKS:
        label = t("tricks.pad", name=model.players[pad.seat], value="{value}")
    elif pad.step is Step.CHANGE:
        label = t("bid.change_to", value="{value}")
    else:
        label = t("bid.number", value="{value}")
    return Ghost(retired, handle.key(pad), label)


def _slot_text(view: PlayView) -> str | None:
    """What the line above a pad says where the screen has no pad heading: the tap just taken, or the last one."""
    return view.settling.text if view.settling is not None else view.last_entry


def _keep_awake(wakelock: ft.Ref) -> None:
    """The phone's screen stays on while a game is open, where the browser allows it (a secure page)."""
    wakelock.current = ft.Wakelock()

    async def enable() -> None:
        try:
            await wakelock.current.enable()
        except Exception as error:  # noqa: BLE001 - a browser without a wake lock (plain http) lets the screen sleep
            log.info("the screen cannot be kept awake here: %s", error)

    asyncio.get_running_loop().create_task(enable())


def _let_sleep(wakelock: ft.Ref) -> None:
    lock = wakelock.current
    if lock is None:
        return

    async def disable() -> None:
        try:
            await lock.disable()
        except Exception as error:  # noqa: BLE001 - see _keep_awake
            log.info("the wake lock could not be let go: %s", error)

    asyncio.get_running_loop().create_task(disable())


# --- the parts ----------------------------------------------------------------------


@ft.memo
@part
def HeaderCard(header: Header) -> ft.Control:
    """Which hand, how many cards, who deals and bids first, the options in play."""
    lines = [ft.Text(header.title, size=20, weight=ft.FontWeight.BOLD)]
    if header.race:
        lines.append(ft.Text(header.race))
    lines += [ft.Text(header.cards, size=16), ft.Text(f"{header.dealer} · {header.first}"),
              ft.Text(header.options, size=13, italic=True)]
    return ft.Container(ft.Column(lines, spacing=2), padding=10, border_radius=8, width=float("inf"),
                        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)


@ft.memo
@part
def TrumpPanel(trump: TrumpView, add, clear, aim: Aim, settling: bool) -> ft.Control:
    """Rage'n Glyphs' trump as the table saw it: one line, and the suits to record it when asked."""
    choosing, set_choosing = ft.use_state(False)
    line = ft.Row([
        ft.Icon(ft.Icons.STYLE_OUTLINED, size=20),
        ft.Text(trump.line, expand=True),
        ft.TextButton(t("trump.done") if choosing else t("trump.record"), height=48, key="trump",
                      on_click=lambda _: set_choosing(not choosing)),
    ])
    if not choosing:
        return line
    chips = [ft.OutlinedButton(label, height=48, key=f"trump-{value}", disabled=settling,
                               on_click=lambda _, v=value: add(v, aim))
             for value, label in trump.choices]
    if trump.recorded:
        chips.append(ft.TextButton(t("trump.clear"), height=48, key="trump-clear", disabled=settling,
                                   on_click=lambda _: clear(aim)))
    return ft.Column([line, ft.Text(t("trump.hint"), size=12), ft.Row(chips, wrap=True, spacing=6, run_spacing=6)],
                      spacing=6)


@ft.memo
@part
def SummaryCard(summary: HandSummary) -> ft.Control:
    """The hand just scored: who made it, their points and totals."""
    rows = []
    for line in summary.lines:
        mark = t("board.made_mark") if line.made else t("board.missed_mark")
        rows.append(ft.Row([
            ft.Text(f"{mark} {line.name}", expand=True, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS,
                    color=None if line.made else ft.Colors.ERROR),
            ft.Text(t("summary.line", bid=line.bid, tricks=line.tricks, points=line.points, total=line.total)),
        ]))
    return ft.Container(ft.Column([heading(summary.title, 16), *rows], spacing=2), padding=10, border_radius=8,
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), width=float("inf"))


@part
def Cover(name: str, unlock, aim: Aim, changing: bool, last: str | None, settling: bool, cancel) -> ft.Control:
    """Pass the phone: only the named player looks at the next screen (to bid, or to change their bid). While the
    bid just made is being said, the button waits: a bounce of the last player's finger does not open it."""
    hint = t("bid.change_cover_hint" if changing else "bid.cover_hint", name=name)
    controls: list[ft.Control] = [Slot(last, settling, True, key="slot"),
                                  ft.Text(t("bid.cover", name=name), size=24, weight=ft.FontWeight.BOLD,
                                          text_align=ft.TextAlign.CENTER),
                                  ft.Text(hint, text_align=ft.TextAlign.CENTER),
                                  wide(ft.FilledButton(t("bid.i_am", name=name), on_click=lambda _: unlock(aim),
                                                       disabled=settling, key="i-am"))]
    if changing:
        controls.append(wide(ft.OutlinedButton(t("bid.keep"), on_click=lambda _: cancel(), key="keep")))
    return ft.Container(ft.Column(controls, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                        padding=ft.Padding(0, 8, 0, 24))


@part
def PhoneTurn(name: str, take_over, aim: Aim, last: str | None, settling: bool) -> ft.Control:
    """The next bidder bids on a phone of their own: this screen waits; it may take the bid after a question."""
    page = ft.context.page

    def ask(_: object) -> None:
        def answer(take: bool) -> None:
            page.pop_dialog()
            if take:
                take_over(aim)

        page.show_dialog(ft.AlertDialog(
            title=ft.Text(t("phone.take_over", name=name)),
            content=ft.Text(t("phone.take_over_question", name=name)),
            actions=[ft.TextButton(t("history.cancel"), on_click=lambda _: answer(False)),
                     ft.FilledButton(t("phone.take_over_yes"), on_click=lambda _: answer(True))],
        ))

    return ft.Container(
        ft.Column([
            Slot(last, settling, True, key="slot"),
            ft.Text(t("phone.bidding", name=name), size=22, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
            ft.Text(t("phone.bidding_hint"), text_align=ft.TextAlign.CENTER),
            wide(ft.OutlinedButton(t("phone.take_over", name=name), icon=ft.Icons.PHONE_ANDROID, on_click=ask,
                                   disabled=settling, key="take-over")),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding(0, 8, 0, 16),
    )


CHIP_STYLE = ft.ButtonStyle(padding=ft.Padding(6, 0, 6, 0))
SLOT = 36
"""The height of the line above a pad: its heading and what a tap just took take turns there, so nothing below it
moves when the one gives way to the other."""


@ft.memo
@part
def Slot(text: str | None, taken: bool, centered: bool = False) -> ft.Control:
    """The line above a pad: the pad's heading, or what a tap just took (``taken``: with a tick, while the screen
    waits a moment before it takes the next tap); ``centered`` on a screen whose lines are."""
    line: list[ft.Control] = []
    if taken:
        line.append(ft.Icon(ft.Icons.CHECK_CIRCLE, color=ft.Colors.PRIMARY, size=24))
    line.append(ft.Text(text or "", size=20, weight=ft.FontWeight.BOLD, expand=not centered, no_wrap=True,
                        overflow=ft.TextOverflow.ELLIPSIS))
    row = ft.Row(line, spacing=8, alignment=ft.MainAxisAlignment.CENTER if centered else ft.MainAxisAlignment.START)
    return ft.Container(row, height=SLOT, alignment=ft.Alignment.CENTER if centered else ft.Alignment.CENTER_LEFT)


@part
def PhonesPanel(handle: GameHandle, seating: Seating) -> ft.Control:
    """The players' own phones: the join code and its QR code, each seat's phone (joined, away, none), and the
    seats the scorekeeper may free; folded away under the code until asked for."""
    session = use_session()
    # Kept here, not only in the phone: the panel is drawn again as phones come and go, and stays as it was.
    expanded, set_expanded = ft.use_state(False)
    table = session.tables.table(handle.id)
    players = handle.model.players
    url = f"{session.join_url}/join/{table.code}"
    seats = table.seats(len(players))
    joined = sum(1 for seat in seats if seat.state is not SeatState.FREE)

    def free(seat: int) -> None:
        table.free(seat)
        session.table_changed(handle.id)

    lines: list[ft.Control] = [*scan_to_open(t("phones.scan"), url, t("phones.explain"))]
    for seat in seats:
        name = players[seat.seat]
        row: list[ft.Control] = [ft.Text(t(f"phones.seat_{seat.state.value}", name=name), expand=True)]
        if seat.state is not SeatState.FREE:
            row.append(ft.TextButton(content=ft.Text(t("phones.free"), semantics_label=t("phones.free_seat", name=name)),
                                     on_click=lambda _, s=seat.seat: free(s), key=f"free-{seat.seat}"))
        lines.append(ft.Row(row, key=f"phone-{seat.seat}"))
    return ft.ExpansionTile(
        title=ft.Text(t("phones.title", code=table.code)),
        subtitle=ft.Text(t("phones.joined", count=joined, players=len(players))),
        leading=ft.Icon(ft.Icons.PHONE_ANDROID), tile_padding=ft.Padding.all(0), expanded=expanded,
        on_change=lambda e: set_expanded(e.data in (True, "true")),
        expanded_cross_axis_alignment=ft.CrossAxisAlignment.START, expanded_alignment=ft.Alignment.CENTER_LEFT,
        controls=lines,
    )


@ft.memo
@part
def BidsPanel(bids: BidsView, tap_bid, ask_change, change_aim: Aim, settling: Settling | None, pad_key: str,
              ghost: Ghost | None, cover) -> ft.Control:
    """Whose bid it is, the bid pad, and the bids so far with their running total; a bid made in this hand is
    changed by tapping it. A bid just taken is said in the pad's heading while the pad waits a moment, greyed.
    A private pad can be covered again by whoever holds it, without a bid."""
    controls: list[ft.Control] = []
    if bids.private:
        controls.append(ft.Text(t("bid.private", name=bids.bidder), size=20, weight=ft.FontWeight.BOLD))
    else:
        controls.append(BidsLine(bids.bids, ask_change, change_aim, settling is not None, key="bids-line"))
        controls.append(ft.Text(bids.running, weight=ft.FontWeight.W_600))
        controls.append(Slot(settling.text if settling is not None else t("bid.turn", name=bids.bidder),
                             settling is not None, key="slot"))
    controls += _pads(bids.keys, t("bid.number", value="{value}"), tap_bid, bids.aim, pad_key, ghost)
    if bids.forbidden:
        controls.append(ft.Text(bids.forbidden, key="forbidden"))
    if bids.private:
        controls.append(ft.Text(bids.running, size=13))
        controls.append(wide(ft.OutlinedButton(t("bid.cover_again", name=bids.bidder), icon=ft.Icons.VISIBILITY_OFF,
                                               on_click=lambda _: cover(), key="cover-again")))
    return ft.Column(controls, spacing=8)


def _pads(keys: tuple[PadKey, ...], label: str, on_tap, aim: Aim | None, key: str,  # noqa: ANN001
          ghost: Ghost | None) -> list[ft.Control]:
    """The panel's pad (its keys greyed by the view-model while a tap just taken is said), after the last pad a
    tap was taken on, unseen."""
    pads = []
    if ghost is not None and ghost.key != key:
        # Drawn as it was (so turning it unseen sends one property), but for being unseen.
        pads.append(Pad(ghost.pad.keys, ghost.label, on_tap, aim=ghost.pad.pad, visible=False, key=ghost.key))
    if aim is not None:
        pads.append(Pad(keys, label, on_tap, aim=aim, key=key))
    return pads


@ft.memo
@part
def BidsLine(lines: tuple[BidLine, ...], ask_change, aim: Aim, settling: bool) -> ft.Control:
    """Every player's bid in bidding order, as the table may see it; a bid made in this hand is a button that
    changes it (one not made yet, the same button greyed: a bid coming in changes a property, not the line)."""
    chips = [
        # Read as it shows ("Béla: 2"), a button; the hint below says what tapping it does.
        ft.TextButton(f"{line.name}: {line.bid}", height=48, disabled=settling or not line.changeable,
                      style=CHIP_STYLE, on_click=lambda _, seat=line.seat: ask_change(seat, aim),
                      key=f"bid-{line.seat}")
        for line in lines
    ]
    row = ft.Row(chips, wrap=True, spacing=4, run_spacing=0)
    hint = t("bid.change_hint") if any(line.changeable for line in lines) else ""
    return ft.Column([row, ft.Text(hint, size=12, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=0)


@ft.memo
@part
def ChangePanel(change: ChangeView, change_bid, cancel, settling: bool, pad_key: str) -> ft.Control:
    """A bid of this hand being changed: the pad with its bid marked, the numbers it may not become greyed with
    the reason, and Keep to leave it."""
    controls: list[ft.Control] = [ft.Text(change.title, size=20, weight=ft.FontWeight.BOLD)]
    if change.private:
        controls.append(ft.Text(t("bid.change_now", value=change.current)))
    controls.append(Pad(change.keys, t("bid.change_to", value="{value}"), change_bid, aim=change.aim,
                        chosen=change.current, key=pad_key))
    forbidden = next((key.reason for key in change.keys if not key.allowed), None)
    if forbidden:
        controls.append(ft.Text(forbidden))
    controls.append(wide(ft.OutlinedButton(t("bid.keep"), on_click=lambda _: cancel(), disabled=settling,
                                           key="keep")))
    return ft.Column(controls, spacing=8)


@ft.memo
@part
def TricksPanel(tricks: TricksView, tap_tricks, choose, step_counted, confirm, ask_change, change_aim: Aim,
                last: str | None, settling: bool, pad_key: str, ghost: Ghost | None) -> ft.Control:
    """The bids, then one line per player (bid, tricks, points), the pad for the one chosen, the check. A count
    just taken is said in the pad's heading while the next player's pad waits a moment, greyed."""
    controls: list[ft.Control] = []
    if tricks.bids_note:
        controls.append(ft.Text(tricks.bids_note))
    if tricks.bids:
        controls.append(BidsLine(tricks.bids, ask_change, change_aim, settling, key="bids-line"))
    if tricks.bid_total:
        controls.append(ft.Text(tricks.bid_total, weight=ft.FontWeight.W_600))
    controls.append(ft.Text(t("play.play")))
    # The pad first, where the thumb is; the lines below show each count as it goes in.
    heading_text = last if settling or tricks.choosing is None else t("tricks.choose", name=tricks.choosing)
    controls.append(Slot(heading_text, settling, key="slot"))
    controls += _pads(tricks.keys, t("tricks.pad", name=tricks.choosing, value="{value}"), tap_tricks,
                      tricks.aim if tricks.choosing is not None else None, pad_key, ghost)
    for line in tricks.lines:
        controls.append(TrickRow(line, choose, step_counted, settling, key=f"line-{line.seat}"))
    controls.append(ft.Text(tricks.check, weight=ft.FontWeight.BOLD,
                            color=None if tricks.complete else ft.Colors.ON_SURFACE_VARIANT))
    controls.append(wide(ft.FilledButton(t("tricks.confirm"), icon=ft.Icons.CHECK,
                                         disabled=not tricks.complete or settling,
                                         on_click=lambda _: confirm(tricks.score_aim), key="score")))
    return ft.Column(controls, spacing=8)


@ft.memo
@part
def TrickRow(line, choose, step_counted, settling: bool = False) -> ft.Control:
    """One player: name and bid, tricks (tap to change), points it scores; Rage's card counters. While a count just
    taken is shown, the line waits."""
    if line.tricks is None:
        value = t("tricks.not_yet")
    else:
        value = str(line.tricks)
    result = ""
    if line.points is not None:
        mark = t("board.made_mark") if line.made else t("board.missed_mark")
        result = f"{mark} {t('tricks.points', count=line.points)}"
    row = ft.Container(
        ft.Row([
            ft.Text(line.name, weight=ft.FontWeight.W_600, expand=True, no_wrap=True,
                    overflow=ft.TextOverflow.ELLIPSIS),
            ft.Text(t("tricks.bid", bid=line.bid), width=56),
            ft.Text(value, size=20, width=40, text_align=ft.TextAlign.CENTER, weight=ft.FontWeight.BOLD),
            ft.Text(result, width=96, no_wrap=True,
                    color=ft.Colors.PRIMARY if line.made else (None if line.made is None else ft.Colors.ERROR)),
        ], spacing=6),
        height=48, padding=ft.Padding(8, 0, 8, 0), border_radius=8,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if line.selected else None,
        on_click=lambda _: choose(line.seat), disabled=settling,
    )
    row = ft.Semantics(content=row, label=t("tricks.change", name=line.name), button=True, disabled=settling,
                       key=f"row-{line.seat}")
    counters = [counter(label, line.name, count, most, lambda d, k=kind: step_counted(k, line.seat, d),
                        key=f"{kind}-{line.seat}")
                for kind, label, count, most in line.counted]
    if not counters:
        return row
    # Wrapped, so two counters with a long language's labels take two lines on a narrow phone rather than run off it.
    return ft.Column([row, ft.Row(counters, spacing=12, alignment=ft.MainAxisAlignment.END, wrap=True)], spacing=0)


@part
def SaveRecord(handle: GameHandle) -> ft.Control:
    """The record of a game that can only be looked at (a damaged one, as far as it goes), as its notice promises."""
    saved_note, set_saved_note = ft.use_state(None)

    async def record(_: object) -> None:
        model = handle.model
        set_saved_note(await download(model.download_name("json"), model.record_json().encode("utf-8")))

    return ft.Column([wide(ft.OutlinedButton(t("end.export"), icon=ft.Icons.DOWNLOAD, on_click=record, key="record")),
                      *said(Message(saved_note) if saved_note else None)], spacing=8)


@part
def EndPanel(ending: Ending, handle: GameHandle, looking: bool) -> ft.Control:
    """Who won and how, the coin flip still to make, the standings, and what to do next."""
    session = use_session()
    saved_note, set_saved_note = ft.use_state(None)
    model = handle.model
    controls: list[ft.Control] = [
        ft.Text(t("end.title"), size=24, weight=ft.FontWeight.BOLD),
        ft.Text(ending.headline, size=20),
    ]
    if ending.how:
        controls.append(ft.Text(ending.how))
    if ending.coin_between and not model.saved.read_only:
        aim = model.aim(Step.COIN)
        controls.append(wide(ft.FilledButton(t("end.flip"), icon=ft.Icons.CASINO, key="flip",
                                             disabled=model.settling is not None,
                                             on_click=lambda _: handle.act(model.flip_coin, aim))))
    controls.append(heading(t("end.standings")))
    for line in ending.standings:
        text = t("end.place", place=line.place, name=line.name, total=line.total)
        if line.exact_bids is not None:
            text += " · " + t("end.exact_bids", count=line.exact_bids)
        controls.append(ft.Text(text))
    if ending.match:
        controls.append(ft.Text(ending.match, weight=ft.FontWeight.W_600, key="match"))

    async def sheet(_: object) -> None:
        from companion.sheets.pdf import filled_sheet, render_pdf  # reportlab loads on the first print

        pdf = render_pdf(filled_sheet(model.game, played_on=model.saved.created[:10]), session.paper)
        set_saved_note(await download(model.download_name("pdf"), pdf))

    async def record(_: object) -> None:
        set_saved_note(await download(model.download_name("json"), model.record_json().encode("utf-8")))

    def rematch(_: object) -> None:
        try:
            with session.own_notices():
                saved = model.rematch(session.store)
        except StorageError as error:
            set_saved_note(Message(str(error), error=True))
            return
        session.started(saved)
        ft.context.page.navigate(f"/game/{saved.id}")

    controls += [
        wide(ft.OutlinedButton(t("end.sheet"), icon=ft.Icons.PRINT, on_click=sheet, key="sheet")),
        wide(ft.OutlinedButton(t("end.export"), icon=ft.Icons.DOWNLOAD, on_click=record, key="record")),
        wide(ft.OutlinedButton(t("end.rematch"), icon=ft.Icons.REPLAY, on_click=rematch, key="rematch")),
    ]
    if isinstance(saved_note, Message):
        controls += said(saved_note)
    elif saved_note:
        controls += said(Message(saved_note))
    if not looking:
        controls.append(wide(ft.OutlinedButton(t("end.home"), icon=ft.Icons.HOME, key="home",
                                               on_click=lambda _: ft.context.page.navigate("/"))))
    return ft.Column(controls, spacing=8)


# --- the scoreboard -------------------------------------------------------------------

CELL = 66
CELL_PADDING = 4
EM_PER_CHARACTER = 0.6
"""A digit's width in the app's font (0.57 em), a little over, and most small letters'."""
NARROW_SIGNS = "/-.,:'"
WIDE_SIGNS = "→"
NAME = 68


@ft.memo
@part
def Board(board: BoardView, game_id: str, base: str) -> ft.Control:
    """Players as columns with their totals (the leader starred), one row per hand, the newest at the bottom.

    A table wider than the phone scrolls sideways; a hand's heading opens its correction.
    """
    width = column_width(board)
    rows = [BoardHead(board.names, board.totals, board.leaders, width, key="head")]
    for row in board.rows:
        rows.append(BoardLine(row, game_id, base, width, key=f"hand-{row.number}"))
    table = ft.Column(rows, spacing=0)
    return ft.Column([
        heading(t("board.title")),
        # Only the scorekeeper's own game is corrected by tapping a hand; a past game's or a phone's board is read.
        ft.Text(t("board.legend" if base == "game" else "board.legend_read", made=t("board.made_mark"),
                  missed=t("board.missed_mark"), mark=t("board.dealer_mark")), size=12),
        ft.Row([table], scroll=ft.ScrollMode.AUTO),
    ], spacing=6)


class CellLine(NamedTuple):
    """One line of a player's cell on the scoreboard."""

    text: str
    size: int
    bold: bool = False
    missed: bool = False


def cell_lines(cell: Cell, scored: bool) -> list[CellLine]:
    """A player's cell in a hand, top to bottom: bid/tricks and marks (the bid alone before the hand is scored),
    points → total, Rage's action cards."""
    dealer = f" {t('board.dealer_mark')}" if cell.dealer else ""
    if scored:
        mark = t("board.made_mark") if cell.made else t("board.missed_mark")
        lines = [CellLine(f"{cell.bid}/{cell.tricks} {mark}{dealer}", 13, missed=not cell.made),
                 CellLine(f"{cell.points} → {cell.total}", 13, bold=True)]
    else:
        lines = [CellLine(f"{cell.bid}{dealer}".strip() or t("bid.waiting"), 13)]
    return lines + [CellLine(cards, 11) for cards in cell.cards]


def column_width(board: BoardView) -> int:
    """A player's column on the scoreboard: CELL, or wider where a line in it would not fit ("+23 → 119" late in
    a long game, "+5 Karten×1"), every column alike so the hands line up."""
    code = in_use().code
    return max([CELL, *(_row_width(row, code) for row in board.rows)])


@functools.lru_cache(maxsize=4096)
def _row_width(row: BoardRow, language_code: str) -> int:
    """The widest cell line of one hand, in the language it is shown in: each tap draws the board again, and only
    the newest hand's row has changed."""
    return max(line_width(line.text, line.size) + CELL_PADDING
               for cell in row.cells for line in cell_lines(cell, row.scored))


def line_width(text: str, size: int) -> int:
    """At least the width ``text`` takes at ``size`` in the app's font, in pixels, reckoned without the font:
    reading its metrics would load reportlab with the first scoreboard. Each character is counted at a little
    over the width of its kind (tests/test_board_layout.py measures every line a board shows with the font)."""
    return math.ceil(sum(_character_width(character) for character in text) * size)


def _character_width(character: str) -> float:
    if character in WIDE_SIGNS or unicodedata.east_asian_width(character) in "WF":
        return 1.0
    if character.isupper():
        return 0.8
    if character == " ":
        return 0.3
    if character in NARROW_SIGNS:
        return 0.4
    return EM_PER_CHARACTER


@ft.memo
@part
def BoardHead(names: tuple[str, ...], totals: tuple[int, ...], leaders: tuple[int, ...], width: int) -> ft.Control:
    """The players' names over their totals, the leaders starred."""
    head = [ft.Container(width=NAME)]
    for seat, name in enumerate(names):
        lead = seat in leaders
        title = f"{t('board.leader_mark')} {name}" if lead else name
        head.append(ft.Container(
            ft.Column([
                ft.Text(title, weight=ft.FontWeight.BOLD, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS,
                        tooltip=name, semantics_label=t("board.leads", name=name) if lead else name),
                ft.Text(in_use().integer(totals[seat]), size=18, weight=ft.FontWeight.BOLD),
            ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=width, padding=4, border_radius=6,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if lead else None,
        ))
    return ft.Row(head, spacing=0)


@ft.memo
@part
def BoardLine(row: BoardRow, game_id: str, base: str, width: int) -> ft.Control:
    """One hand: its heading (a button to correct it) and each player's bid/tricks, mark, points, total."""
    shown = f"{row.label}\n{row.cards}"  # "Hand 6" over "6 cards" fits the narrow first column
    heading_text = ft.Text(shown, size=12, weight=ft.FontWeight.W_600, semantics_label=row.heading)
    if row.can_correct and base == "game":
        label: ft.Control = ft.TextButton(
            content=ft.Text(shown, size=12, weight=ft.FontWeight.W_600,
                            semantics_label=t("board.correct", number=row.number)),
            on_click=lambda _: ft.context.page.navigate(f"/game/{game_id}/hand/{row.number}"),
            style=ft.ButtonStyle(padding=ft.Padding(4, 0, 4, 0)), height=48,
        )
    else:
        label = ft.Container(heading_text, height=48, alignment=ft.Alignment.CENTER_LEFT, padding=4)
    if row.trump:
        label = ft.Column([label, ft.Text(row.trump, size=11, italic=True)], spacing=0)
    cells = [ft.Container(label, width=NAME)]
    for cell in row.cells:
        lines = [ft.Text(line.text, size=line.size, no_wrap=True, weight=ft.FontWeight.W_600 if line.bold else None,
                         color=ft.Colors.ERROR if line.missed else None) for line in cell_lines(cell, row.scored)]
        # One node for a screen reader: a player's cell is read whole ("2/2 ✓ D, +12 → 12"), whatever the order
        # of lines across a row wider than the screen.
        cells.append(ft.MergeSemantics(ft.Container(
            ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=width, padding=ft.Padding(CELL_PADDING // 2, 4, CELL_PADDING // 2, 4))))
    return ft.Container(ft.Row(cells, spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        border=ft.Border(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)), key=f"hand-{row.number}")


# --- correcting a hand ------------------------------------------------------------------


@screen
def HandScreen() -> ft.View:
    """``/game/<id>/hand/<n>``: correct scored hand n; the check and points follow every change."""
    params = ft.use_route_params()
    session = use_session()
    route = ft.use_view_path()
    try:
        handle = session.game(params["gid"])
    except StorageError as error:
        return ft.View(route=route, controls=[ft.Text(str(error), color=ft.Colors.ERROR)])
    return ft.View(route=route, scroll=ft.ScrollMode.AUTO, padding=12,
                   appbar=ft.AppBar(title=ft.Text(t("correct.title", number=params["number"]))),
                   controls=[Correction(handle, int(params["number"]))])


@part
def Correction(handle: GameHandle, number: int) -> ft.Control:
    """The correction itself: each player's bid (a pad) and tricks (a pad), Rage's cards, save."""
    correction, _ = ft.use_state(lambda: handle.model.correction(number))
    version, set_version = ft.use_state(0)
    if correction is None:
        return ft.Text(t("correct.not_scored", number=number))

    def change(action) -> None:
        action()
        set_version(version + 1)

    def save(_: object) -> None:
        if handle.act(correction.save):
            ft.context.page.navigate(f"/game/{handle.id}")
        else:
            set_version(version + 1)

    view = correction.view()
    controls: list[ft.Control] = [ft.Text(view.heading, size=16)]
    for seat, name, bid, keys in view.bids:
        controls.append(heading(t("correct.bid", name=name), 16))
        controls.append(Pad(keys, t("correct.set_bid", name=name, value="{value}"),
                            lambda v, s=seat: change(lambda: correction.set_bid(s, v)), chosen=bid,
                            key=f"bid-{seat}"))
    controls.append(heading(t("correct.tricks_heading")))
    for line in view.tricks.lines:
        controls.append(TrickRow(line, lambda s: change(lambda: correction.choose(s)),
                                 lambda k, s, d: change(lambda: correction.step_counted(k, s, d)),
                                 key=f"line-{line.seat}"))
    if view.tricks.choosing is not None:
        controls.append(heading(t("tricks.choose", name=view.tricks.choosing)))
        controls.append(Pad(view.tricks.keys, t("tricks.pad", name=view.tricks.choosing, value="{value}"),
                            lambda v: change(lambda: correction.tap_tricks(v)), key="tricks-pad"))
    controls.append(ft.Text(view.tricks.check, weight=ft.FontWeight.BOLD,
                            color=None if view.can_save else ft.Colors.ERROR))
    controls += said(view.message)
    controls.append(ft.Row([
        ft.OutlinedButton(t("tricks.cancel"), height=48, on_click=lambda _: ft.context.page.navigate(
            f"/game/{handle.id}")),
        ft.FilledButton(t("correct.save"), icon=ft.Icons.CHECK, height=48, disabled=not view.can_save,
                        on_click=save),
    ], wrap=True))
    return ft.Column(controls, spacing=8)
