"""Sharing a game: its link with a QR code, the standings and a spreadsheet (``/game/<id>/share``,
``/history/<id>/share``), and a game opened from a link (``/shared?game=…``), kept on request."""

from __future__ import annotations

import flet as ft

from companion.store.files import StorageError
from companion.texts import t
from companion.ui.board import Board
from companion.ui.session import GameHandle, use_session
from companion.ui.widgets import (
    CopyButton,
    download,
    heading,
    icon_button,
    off_the_loop,
    part,
    qr_png,
    said,
    screen,
    wide,
)
from companion.views.common import Message, Screen
from companion.views.play_views import Ending
from companion.views.sharing import LinkError, SharedGame, SharedView, game_link, link_of, only_here
from companion.views.spreadsheet import game_csv

QR_MOST_VERSION = 25
"""The largest QR code shown (117 squares a side): a bigger one is too fine for a phone to read off a screen."""
QR_SIZE = 280


@ft.memo
@part
def ShareButton(handle: GameHandle, base: str) -> ft.Control:
    """Share in the top bar of a game's screen (``base``: "game" or "history"): opens the game's share screen.
    None on a private pad, which only its bidder sees."""
    if handle.model.screen is Screen.PRIVATE_BID:
        return ft.Container(width=0)
    return icon_button(ft.Icons.SHARE, t("share.open"),
                       lambda: ft.context.page.navigate(f"/{base}/{handle.id}/share"), key="share")


@screen
def ShareScreen() -> ft.View:
    """``/game/<id>/share`` and ``/history/<id>/share``: the game's link, its QR code, the standings to copy, the
    spreadsheet."""
    session = use_session()
    route = ft.use_view_path()
    try:
        handle = session.game(ft.use_route_params()["gid"])
    except StorageError as error:
        return ft.View(route=route, controls=[ft.Text(str(error), color=ft.Colors.ERROR)])
    return ft.View(route=route, scroll=ft.ScrollMode.AUTO, padding=12,
                   appbar=ft.AppBar(title=ft.Text(t("share.title"))), controls=[Sharing(handle, handle.version)])


@part
def Sharing(handle: GameHandle, version: int) -> ft.Control:
    """What the share screen holds, drawn again when the game changes (``version``)."""
    del version  # only to draw again
    session = use_session()
    note, set_note = ft.use_state(None)
    model = handle.model
    link, left_out = game_link(session.address, model.saved.record(), model.game)
    standings = model.board().standings_text

    async def spreadsheet(_: object) -> None:
        set_note(await download(model.download_name("csv"), game_csv(model.game)))

    import segno  # loaded with the first QR code, not at the start

    controls: list[ft.Control] = []
    # The code first: the other phone scans it; the words say what that does.
    if segno.make(link, error="l").version <= QR_MOST_VERSION:
        controls.append(ft.Container(ft.Image(src=qr_png(link, error="l"), width=QR_SIZE, height=QR_SIZE,
                                              semantics_label=t("share.qr")), alignment=ft.Alignment.CENTER))
        controls.append(ft.Text(t("share.link_explain")))
    else:
        controls += [ft.Text(t("share.too_long_for_qr")), ft.Text(t("share.link_only_explain"))]
    if left_out:
        controls.append(ft.Text(t("share.left_out"), italic=True, key="left-out"))
    if session.address is None:
        controls.append(ft.Text(t("share.no_address"), italic=True))
    elif only_here(session.address):
        controls.append(ft.Text(t("share.only_here"), italic=True, key="only-here"))
    controls += [
        CopyButton(link, t("share.copy_link"), t("share.link_copied"), ft.Icons.LINK, key="copy-link"),
        wide(ft.OutlinedButton(t("share.csv"), icon=ft.Icons.TABLE_CHART, on_click=spreadsheet, key="csv")),
        *said(Message(note) if note else None),
        heading(t("board.standings"), 16),
        ft.Text(standings, selectable=True, key="standings-text"),
        CopyButton(standings, t("share.copy_standings"), t("share.copied"), key="copy-standings"),
    ]
    return ft.Column(controls, spacing=12)


@screen
def SharedScreen() -> ft.View:
    """``/shared?game=…``: a game opened from a link, read-only, to keep in Past games."""
    return ft.View(route=ft.use_view_path(), scroll=ft.ScrollMode.AUTO, padding=12,
                   appbar=ft.AppBar(title=ft.Text(t("share.screen"))),
                   controls=[Shared(link_of(ft.context.page.route) or "")])


@part
def Shared(payload: str) -> ft.Control:
    """The shared game: what and who, whether it is kept here (and Keep this game), the end, the scoreboard; or
    what is wrong with the link."""
    session = use_session()
    opened, set_opened = ft.use_state(None)
    page = ft.context.page

    async def read() -> None:
        # Read, replayed and made a view of in a thread of its own: however long a link takes, other tabs' taps
        # are answered meanwhile (what it is drawn as is bounded: a board draws a window of its hands).
        set_opened(await off_the_loop(_opened, session.store, payload))

    ft.use_effect(read, [payload])
    if opened is None:
        return ft.Row([ft.ProgressRing(width=24, height=24), ft.Text(t("share.link_reading"), key="link-reading")],
                      spacing=12)
    if isinstance(opened, str):
        return ft.Column([ft.Text(opened, color=ft.Colors.ERROR, key="link-error", semantics_label=opened),
                          wide(ft.OutlinedButton(t("end.home"), icon=ft.Icons.HOME,
                                                 on_click=lambda _: page.navigate("/")))], spacing=12)
    opened, view = opened

    def keep(_: object) -> None:
        with session.own_notices():
            kept = opened.keep()
        if kept is not None:
            session.announce(kept, 0)  # other tabs' lists of games show it
        set_opened((opened, opened.view()))

    controls: list[ft.Control] = [ft.Text(view.title, size=22, weight=ft.FontWeight.BOLD),
                                  ft.Text(view.about)]
    if view.kept_id is None:
        controls += [ft.Text(t("share.not_kept"), italic=True),
                     wide(ft.FilledButton(t("share.keep"), icon=ft.Icons.SAVE_ALT, on_click=keep, key="keep"))]
    else:
        # Where the eye is after the tap: in the place of Keep this game, over the way to the game kept.
        controls += said(view.message) if view.message is not None else [ft.Text(t("share.is_kept"))]
        controls.append(wide(ft.OutlinedButton(t("share.open_kept"), icon=ft.Icons.HISTORY, key="open-kept",
                                               on_click=lambda _: page.navigate(f"/history/{view.kept_id}"))))
    if view.kept_id is None:
        controls += said(view.message)
    if view.ending is not None:
        controls.append(EndLines(view.ending))
    controls.append(Board(view.board, view.kept_id or "shared", "shared", key="board"))
    return ft.Column(controls, spacing=12)


def _opened(store, payload: str) -> tuple[SharedGame, SharedView] | str:  # noqa: ANN001 - a GameStore
    """The game a link carries and its view, or what is wrong with the link, in one sentence."""
    try:
        shared = SharedGame(store, payload)
    except LinkError as error:
        return str(error)
    return shared, shared.view()


@part
def EndLines(ending: Ending) -> ft.Control:
    """Who won and how, and the final standings, as a finished game's end says them."""
    lines: list[ft.Control] = [ft.Text(ending.headline, size=18, weight=ft.FontWeight.W_600)]
    if ending.how:
        lines.append(ft.Text(ending.how))
    lines.append(heading(t("end.standings"), 16))
    lines += [ft.Text(line.line_text()) for line in ending.standings]
    return ft.Column(lines, spacing=4)
