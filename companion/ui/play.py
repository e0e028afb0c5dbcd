"""The play screen: a hand from bids to score, the end of the game, and a past game looked at."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from enum import IntEnum

import flet as ft

from companion.store.files import StorageError
from companion.texts import t
from companion.ui.board import Board, Ranking, line_width
from companion.ui.charts import GameChartsPanel
from companion.ui.guard import scorekeeper_notices
from companion.ui.panels import (
    BidsPanel,
    ChangePanel,
    Cover,
    EndPanel,
    Ghost,
    HeaderCard,
    PhonesPanel,
    PhoneTurn,
    SaveRecord,
    SummaryCard,
    TrumpPanel,
)
from companion.ui.session import GameHandle, use_session, use_settling
from companion.ui.sharing import ShareButton
from companion.ui.table import (
    NAV_BAR,
    VIEW_PADDING,
    ActionBar,
    HeaderStrip,
    RowsColumn,
    SeatCard,
    TrumpLine,
    rows_fit,
    wide_keys,
)
from companion.ui.widgets import icon_button, part, said, screen
from companion.views.common import Screen, Settling, Step
from companion.views.play_views import PlayView, TableView
from scoring.i18n.language import game_text
from scoring.stats import game_charts

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


class Tab(IntEnum):
    """The game's screens behind its bottom bar, in the bar's order."""

    HAND = 0
    BOARD = 1
    STANDINGS = 2
    CHARTS = 3


TABS = ((Tab.HAND, ft.Icons.STYLE_OUTLINED, ft.Icons.STYLE, "tab.hand"),
        (Tab.BOARD, ft.Icons.TABLE_CHART_OUTLINED, ft.Icons.TABLE_CHART, "board.title"),
        (Tab.STANDINGS, ft.Icons.LEADERBOARD_OUTLINED, ft.Icons.LEADERBOARD, "board.standings"),
        (Tab.CHARTS, ft.Icons.SHOW_CHART_OUTLINED, ft.Icons.SHOW_CHART, "charts.title"))


def _game_view(game_id: str, *, looking: bool) -> ft.View:
    session = use_session()
    route = ft.use_view_path()
    # Kept by the screen, not the body: Back from a correction comes back to the scoreboard it was opened from.
    tab, set_tab = ft.use_state(Tab.HAND)
    try:
        handle = session.game(game_id)
    except StorageError as error:
        return ft.View(route=route, appbar=ft.AppBar(title=ft.Text(t("app.title"))),
                       controls=[ft.Text(str(error), color=ft.Colors.ERROR)])
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=bar_title(game_text(handle.model.game.rules.game.name), ft.context.page.width),
                         actions=[ShareButton(handle, "history" if looking else "game"),
                                  AdjustButton(handle, looking), UndoButton(handle, looking)]),
        navigation_bar=ft.NavigationBar(
            destinations=[ft.NavigationBarDestination(icon=icon, selected_icon=chosen, label=t(label))
                          for _, icon, chosen, label in TABS],
            selected_index=int(tab), height=NAV_BAR,
            label_behavior=ft.NavigationBarLabelBehavior.ALWAYS_SHOW,
            on_change=lambda e: set_tab(Tab(int(e.control.selected_index)))),
        padding=VIEW_PADDING,
        spacing=6,
        controls=[*scorekeeper_notices(session), GameBody(handle, looking, tab)],
    )


BAR_TITLE_SIZES = (21, 18, 16)
"""The sizes a game's name is drawn at in the top bar, the largest that fits on one line; past the smallest it takes
two lines of :data:`BAR_TITLE_TWO_LINES`."""
BAR_TITLE_TWO_LINES = 15
BAR_AROUND_TITLE = 56 + 16 + 3 * 48
"""What the top bar takes beside its title: the back arrow, the gap after it, and the three buttons (share, bonus,
undo)."""


def bar_title(name: str, page_width: float | None) -> ft.Text:
    """A game's name in its screen's top bar, as large as fits whole beside the bar's buttons at ``page_width``
    (390 px when not known): "Rage'n Glyphs" was cut to "Rage'n Gly…" at 360 px."""
    room = (page_width or 390) - BAR_AROUND_TITLE
    for size in BAR_TITLE_SIZES:
        if line_width(name, size) <= room:
            return ft.Text(name, size=size, max_lines=1)
    return ft.Text(name, size=BAR_TITLE_TWO_LINES, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)


@ft.memo
@part
def AdjustButton(handle: GameHandle, looking: bool) -> ft.Control:
    """A bonus or penalty for one player (a revoke), in the top bar for the scorekeeper, once a hand has a bid."""
    model = handle.model
    if looking or model.read_only or model.screen is Screen.PRIVATE_BID or not model.game.adjustable_hands():
        return ft.Container(width=0)
    return icon_button(ft.Icons.EXPOSURE, t("adjust.open"),
                       lambda: ft.context.page.navigate(f"/game/{handle.id}/adjust"), key="adjust")


@ft.memo
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


@ft.memo
@part
def GameBody(handle: GameHandle, looking: bool, tab: Tab) -> ft.Control:
    """The screen the bottom bar chose: the hand (its table of players, or the pass-the-phone cover, a private pad,
    the end), the scoreboard, the standings or the charts; each built only while it is shown.

    Drawn again when the game changes (the handle moves on), not each time the router draws the screens of the
    stack (leaving a correction)."""
    wakelock = ft.use_ref(None)
    ft.use_effect(lambda: _keep_awake(wakelock), [], cleanup=lambda: _let_sleep(wakelock))
    use_settling(handle)
    # Kept here: the phones' panel is drawn on the table and on the cover, each a screen of its own.
    phones_open = ft.use_state(False)
    model = handle.model
    ft.use_effect(lambda: None, [], cleanup=model.left)
    base = "history" if looking else "game"
    if tab is Tab.BOARD:
        return _scrolled([Board(model.board(), handle.id, base, False, key="board")], "board")
    if tab is Tab.STANDINGS:
        board = model.board()
        return _scrolled([Ranking(board.standings, board.standings_text, key="ranking")], "standings")
    if tab is Tab.CHARTS:
        return _scrolled([GameChartsPanel(game_charts(model.game), model.players, len(model.state.scored_hands),
                                          key="charts")], "charts")
    table = None if model.read_only else model.table()
    if table is not None:
        return _hand_table(handle, table, phones_open)
    view: PlayView = model.view(board=False)
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
    elif view.ending is not None:
        controls.append(EndPanel(view.ending, handle, looking, key="end"))
    session = use_session()
    if session.tables is not None and not view.read_only and view.screen is not Screen.FINISHED \
            and view.screen is not Screen.PRIVATE_BID:
        controls.append(PhonesPanel(handle, session.seating, *phones_open, key="phones"))
    return _scrolled(controls, f"hand-{view.screen.value}")


def _scrolled(controls: list[ft.Control], key: str) -> ft.Control:
    """A screen's content, scrolling under the top bar and over the bottom one; opened at its top."""
    return ft.Column(controls, spacing=12, expand=True, scroll=ft.ScrollMode.AUTO, key=key)


def _hand_table(handle: GameHandle, table: TableView, phones_open: tuple[bool, Callable[[bool], None]]) -> ft.Control:
    """The hand at the table (:mod:`companion.ui.table`): the header and the bar fixed, a row per player between."""
    model = handle.model
    page = ft.context.page
    session = use_session()
    trump = model.trump_view()
    options = model.options_new()
    fits = rows_fit(table, page.width, page.height, trump=trump is not None, options=options)
    model.rows_scroll = not fits
    wide = wide_keys(table, page.width)
    tap = handle.on(model.tap_seat_bid if table.bidding else model.tap_tricks)
    change_aim = model.table_aim(Step.CHANGE)
    # Each row in a box keyed for scrolling to it: a component's own key is not one Flutter scrolls to.
    rows: list[ft.Control] = [
        ft.Container(SeatCard(row, tap, handle.on(model.ask_change), change_aim, handle.on(model.step_counted),
                              handle.key(row.aim), wide, table.bidding, key="row"),
                     key=ft.ScrollKey(f"seat-{row.seat}"))
        for row in table.rows]
    if session.tables is not None:
        rows.append(PhonesPanel(handle, session.seating, *phones_open, key="phones"))
    turn = next((row.seat for row in table.rows if row.turn), None)
    # The bar's third line: what was said of a tap (a refusal, an undo, a changed bid) first, then what the table
    # needs now, then the last bid (which its row shows too).
    message = model.message
    if message is not None:
        line, kind = message.text, "error" if message.error else "said"
    elif table.note:
        line, kind = table.note, "note"
    else:
        line, kind = (model.last_entry if table.bidding else None), "said"
    header = model.header()
    controls: list[ft.Control] = []
    if model.saved.damage is not None:
        controls.append(ft.Text(t("history.damaged_open", damage=model.saved.damage), color=ft.Colors.ERROR,
                                key="damage"))
    controls.append(HeaderStrip(header, options, table.summary,
                                key="header"))
    if trump is not None:
        controls.append(TrumpLine(trump, handle.on(model.add_trump), model.table_aim(Step.TRUMP), key="trump"))
    controls.append(RowsColumn(rows, turn if table.bidding else None, not fits, handle.moves,
                               key=f"rows-{table.hand}-{'bids' if table.bidding else 'tricks'}"))
    controls.append(ActionBar(table.status, table.tally, line, kind, table.can_score,
                              handle.on(model.confirm_tricks), table.score_aim, table.hand, key="bar"))
    return ft.Column(controls, spacing=6, expand=True, key="table")


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
