"""The play screen's panels: the hand's header and trump, the bids and tricks with their pads, the phones at the
table, the end of the game."""

from __future__ import annotations

from typing import NamedTuple

import flet as ft

from companion.server.seats import SeatState
from companion.store.files import StorageError
from companion.texts import t
from companion.ui.screens import scan_to_open
from companion.ui.session import GameHandle, Seating, use_session
from companion.ui.widgets import CopyButton, Pad, download, fold, heading, off_the_loop, part, said, wide
from companion.views.common import Aim, Message, PadKey, Settling, Step
from companion.views.play_views import BidLine, BidsView, ChangeView, Ending, HandSummary, Header, TrumpView
from companion.views.scoreboard import standings_text
from companion.views.spreadsheet import game_csv


class Ghost(NamedTuple):
    """The pad the last tap was taken on, kept in the screen unseen under its own key: a second tap sent to it before
    the screen changed reaches it, and is answered as one aimed at that pad (never taken for the next player)."""

    pad: Settling
    key: str
    label: str


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
        ft.Text(trump.line, expand=True, size=16, weight=ft.FontWeight.W_600 if trump.recorded else None),
        ft.TextButton(t("trump.done") if choosing else t("trump.record"), height=48, key="trump",
                      on_click=lambda _: set_choosing(not choosing)),
    ])
    if not choosing:
        return line
    # The suit that is trump now is filled and ticked, and said so: the others are outlined.
    chips = [(ft.FilledButton if value == trump.current else ft.OutlinedButton)(
                 content=ft.Text(label, semantics_label=t("trump.now", suit=label) if value == trump.current else None),
                 icon=ft.Icons.CHECK if value == trump.current else None, height=48, key=f"trump-{value}",
                 disabled=settling, on_click=lambda _, v=value: add(v, aim))
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
def PhonesPanel(handle: GameHandle, seating: Seating, expanded: bool, set_expanded) -> ft.Control:  # noqa: ANN001
    """The players' own phones: the join code and its QR code, each seat's phone (joined, away, none), and the
    seats the scorekeeper may free; folded away under the code until asked for. Whether it is ``expanded`` is
    kept by the game's screen (``set_expanded``), so it stays open as the hand moves from a screen to another."""
    session = use_session()
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
    return fold(ft.Text(t("phones.title", code=table.code)), lines, expanded, set_expanded,
                subtitle=ft.Text(t("phones.joined", count=joined, players=len(players))),
                leading=ft.Icon(ft.Icons.PHONE_ANDROID))


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
    """Who won and how, the coin flip still to make, the standings, and what to do next: the rematch first and
    filled, then what the table keeps of the game."""
    session = use_session()
    saved_note, set_saved_note = ft.use_state(None)
    model = handle.model

    async def sheet(_: object) -> None:
        from companion.sheets.pdf import filled_sheet, render_pdf  # reportlab loads on the first print

        pdf = await off_the_loop(lambda: render_pdf(filled_sheet(model.game, played_on=model.saved.created[:10]),
                                                    session.paper))
        set_saved_note(await download(model.download_name("pdf"), pdf))

    async def record(_: object) -> None:
        set_saved_note(await download(model.download_name("json"), model.record_json().encode("utf-8")))

    async def spreadsheet(_: object) -> None:
        set_saved_note(await download(model.download_name("csv"), game_csv(model.game)))

    def rematch(_: object) -> None:
        try:
            with session.own_notices():
                saved = model.rematch(session.store)
        except StorageError as error:
            set_saved_note(Message(str(error), error=True))
            return
        session.started(saved)
        ft.context.page.navigate(f"/game/{saved.id}")

    controls: list[ft.Control] = [end_banner(ending)]
    if ending.coin_between and not model.saved.read_only:
        aim = model.aim(Step.COIN)
        controls.append(wide(ft.FilledButton(t("end.flip"), icon=ft.Icons.CASINO, key="flip",
                                             disabled=model.settling is not None,
                                             on_click=lambda _: handle.act(model.flip_coin, aim))))
    controls += [
        final_standings(ending),
        wide(ft.FilledButton(t("end.rematch"), icon=ft.Icons.REPLAY, on_click=rematch, key="rematch")),
        CopyButton(standings_text(model.game, model.saved.created), t("share.copy_standings"), t("share.copied"),
                   key="copy-standings"),
        wide(ft.OutlinedButton(t("end.sheet"), icon=ft.Icons.PRINT, on_click=sheet, key="sheet")),
        wide(ft.OutlinedButton(t("end.export"), icon=ft.Icons.DOWNLOAD, on_click=record, key="record")),
        wide(ft.OutlinedButton(t("share.csv"), icon=ft.Icons.TABLE_CHART, on_click=spreadsheet, key="csv")),
    ]
    if isinstance(saved_note, Message):
        controls += said(saved_note)
    elif saved_note:
        controls += said(Message(saved_note))
    if not looking:
        controls.append(wide(ft.OutlinedButton(t("end.home"), icon=ft.Icons.HOME, key="home",
                                               on_click=lambda _: ft.context.page.navigate("/"))))
    return ft.Column(controls, spacing=8)


def end_banner(ending: Ending) -> ft.Control:
    """The end of the game at a glance, across the top: who won (or the coin flip still to make) large, and how."""
    ink = ft.Colors.ON_PRIMARY_CONTAINER
    lines: list[ft.Control] = [
        ft.Icon(ft.Icons.CASINO if ending.coin_between else ft.Icons.EMOJI_EVENTS, size=36, color=ink),
        ft.Text(t("end.title"), size=14, weight=ft.FontWeight.W_600, color=ink),
        ft.Text(ending.headline, size=26, weight=ft.FontWeight.BOLD, color=ink, text_align=ft.TextAlign.CENTER),
    ]
    if ending.how:
        lines.append(ft.Text(ending.how, size=13, color=ink, text_align=ft.TextAlign.CENTER))
    return ft.Container(ft.Column(lines, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                        padding=ft.Padding(16, 16, 16, 18), border_radius=20, width=float("inf"),
                        bgcolor=ft.Colors.PRIMARY_CONTAINER)


def final_standings(ending: Ending) -> ft.Control:
    """The final standings as a card, a line a player: the place in a disc (the winners' filled), the name, the
    exact bids where the game counts them, and the total large at the right. A screen reader hears each line whole
    ("1. Anna: 62 · 3 exact bids"), once."""
    lines: list[ft.Control] = [heading(t("end.standings"), size=16)]
    for line in ending.standings:
        exact = None if line.exact_bids is None else t("end.exact_bids", count=line.exact_bids)
        first = line.place == 1
        disc = ft.Container(
            ft.Text(str(line.place), size=14, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.ON_PRIMARY if first else ft.Colors.ON_SURFACE),
            width=30, height=30, border_radius=15, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.PRIMARY if first else ft.Colors.SURFACE_CONTAINER_HIGHEST)
        who = [ft.Text(line.name, size=16, weight=ft.FontWeight.W_600, semantics_label=line.line_text(), max_lines=2,
                       overflow=ft.TextOverflow.ELLIPSIS)]
        if exact is not None:
            who.append(ft.Semantics(content=ft.Text(exact, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                                    exclude_semantics=True))
        lines.append(ft.Row([
            ft.Semantics(content=disc, exclude_semantics=True),
            ft.Column(who, spacing=0, expand=True),
            ft.Semantics(content=ft.Text(str(line.total), size=20, weight=ft.FontWeight.BOLD), exclude_semantics=True),
        ], spacing=12))
    if ending.match:
        lines.append(ft.Text(ending.match, weight=ft.FontWeight.W_600, key="match"))
    return ft.Container(ft.Column(lines, spacing=10), padding=ft.Padding(14, 12, 16, 14), border_radius=16,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, width=float("inf"))


# --- the scoreboard -------------------------------------------------------------------
