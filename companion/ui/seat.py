"""A player's own phone at the table (``/join/CODE``): the join code, the seat, then the game as the table sees
it with the player's own bid pad on their turn. Nothing here reaches the scorekeeper's screens."""

from __future__ import annotations

import asyncio
import logging

import flet as ft

from companion.look import seat_colour
from companion.server.pins import PinAnswer
from companion.server.seats import Claim, normal_code
from companion.store.files import StorageError
from companion.texts import t
from companion.ui.board import Board
from companion.ui.fonts import draw_far_east
from companion.ui.panels import HeaderCard, SummaryCard, end_banner, final_standings
from companion.ui.session import GameHandle, Joining, use_session, use_settling
from companion.ui.widgets import NoticeBar, Pad, heading, part, said, screen, wide
from companion.views.seat import SeatModel

log = logging.getLogger(__name__)

DEVICE_PREFERENCE = "bidwell.device"
"""The phone's id, as its browser keeps it: the phone takes its seat back with it after a reload or a sleep."""


def join_code_of(route: str) -> str | None:
    """The join code in a ``/join/CODE`` address, if there is one.

    >>> join_code_of("/join/ABC234"), join_code_of("/join"), join_code_of("/join/")
    ('ABC234', None, None)
    """
    parts = [part for part in route.split("?")[0].split("/") if part]
    return parts[1] if len(parts) >= 2 and parts[0] == "join" else None


@screen
def JoinScreen(joining: Joining, seating) -> ft.View:  # noqa: ANN001 - seating: the session's Seating
    """The whole app of a player's phone: one screen that goes from the join code to the seat to the game. The
    seat is the table's word (drawn again as seats change): a seat the scorekeeper freed is this phone's no more."""
    session = use_session()
    page = ft.context.page
    ft.use_effect(lambda: page.run_task(_arrive, page, session), [])
    game_id = joining.table.game_id if joining.table is not None else None

    def fonts_for_the_table() -> None:
        # The code's field is gone once the table is found: the far-east glyphs, if this game's names need them,
        # cannot take its focus now.
        if game_id is not None:
            draw_far_east(page, session.speech.code, lambda: _players(session, game_id))

    ft.use_effect(fonts_for_the_table, [game_id])
    seat = joining.table.seat_of(joining.device) if joining.table is not None and joining.device else None
    body: ft.Control
    if joining.device is None:
        body = ft.ProgressRing()
    elif joining.table is None:
        # One field for every try, as typed: a wrong code is mended there, not typed again from nothing.
        body = CodeEntry(joining.note, joining.answers, key="code")
    elif seat is None:
        body = SeatPicker(joining, seating.version)
    else:
        try:
            handle = session.game(joining.table.game_id)
        except StorageError as error:
            body = ft.Text(str(error), color=ft.Colors.ERROR)
        else:
            body = PhoneSeat(handle, seat, joining)
    return ft.View(route=page.route, scroll=ft.ScrollMode.AUTO, padding=12,
                   appbar=ft.AppBar(title=ft.Text(t("join.title")), automatically_imply_leading=False),
                   controls=[NoticeBar(session.banner), body])


def _players(session, game_id: str) -> list[str]:  # noqa: ANN001 - the tab's Session
    try:
        return session.game(game_id).model.players
    except StorageError:  # the screen says so where the game would be
        return []


async def _arrive(page: ft.Page, session) -> None:  # noqa: ANN001 - the tab's Session
    """The phone's id (kept by its browser), then the join code in the address, if any."""
    device = None
    try:
        device = await asyncio.wait_for(session.preferences.get(DEVICE_PREFERENCE), 5)
    except Exception as error:  # noqa: BLE001 - a phone that cannot say gets a new id; it then joins anew
        log.info("the phone's id could not be read: %s", error)
    device = session.joining.arrived(device if isinstance(device, str) else None)
    try:
        await session.preferences.set(DEVICE_PREFERENCE, device)
    except Exception as error:  # noqa: BLE001 - it plays on; only a later visit will not know it
        log.info("the phone's id could not be kept: %s", error)
    code = join_code_of(page.route)
    if code:
        try_code(session, code)


def try_code(session, typed: str) -> None:  # noqa: ANN001 - the tab's Session
    """Try a join code (the address's, or one typed); a wrong one counts against the throttle as a wrong PIN does."""
    try:
        answer = session.join_guesses.guess(typed)
    except Exception:  # a guess must never crash the tab of whoever is guessing
        log.exception("checking a join code failed")
        answer = PinAnswer(opened=False, checked=False)
    if answer.opened:
        session.joining.opened(answer.opened_to, None)
        if session.joining.seat is not None:
            session.table_changed(answer.opened_to.game_id)
        return
    if answer.must_wait:
        seconds = answer.wait_seconds
        wait = t("lan.seconds", count=seconds) if seconds <= 120 else t("lan.minutes", count=-(-seconds // 60))
        session.joining.opened(None, t("join.wrong_wait" if answer.checked else "join.wait", wait=wait))
    else:
        session.joining.opened(None, t("join.wrong"))


@part
def CodeEntry(note: str | None, answers: int) -> ft.Control:
    """The join code, typed: from the scorekeeper's game screen, for a phone that scanned nothing."""
    session = use_session()
    typed = ft.use_ref("")

    def changed(e: ft.ControlEvent) -> None:
        typed.current = e.control.value or ""

    def submit(value: str) -> None:
        try_code(session, value if normal_code(value) else value.strip())

    return ft.Column([
        ft.Text(t("join.explain")),
        # Not focused by itself: a phone opens its keyboard only for a tap, and a tap on a field the app had just
        # focused was, on a busy phone, now and then left taking no typing (a person would tap again).
        ft.TextField(label=t("join.code_label"), hint_text=t("join.code_hint"), width=float("inf"),
                     capitalization=ft.TextCapitalization.CHARACTERS, on_change=changed,
                     on_submit=lambda e: submit(e.control.value or "")),
        wide(ft.FilledButton(t("join.go"), on_click=lambda _: submit(typed.current))),
        *([ft.Text(note, color=ft.Colors.ERROR, key=f"answer-{answers}")] if note else []),
    ], spacing=10)


@part
def SeatPicker(joining: Joining, seating: int) -> ft.Control:
    """Which seat is this phone's: the players' names, the ones another phone holds greyed out."""
    session = use_session()
    table = joining.table
    try:
        handle = session.game(table.game_id)
    except StorageError as error:
        return ft.Text(str(error), color=ft.Colors.ERROR)
    names = handle.model.players

    def pick(seat: int) -> None:
        claim = table.claim(seat, joining.device, hand_under_way=handle.model.hand_under_way)
        if claim is Claim.TAKEN:
            joining.seat, joining.note = seat, None
            session.table_changed(table.game_id)
        elif claim is Claim.BOUND and (own := table.bound_seat(joining.device)) is not None:
            joining.note = t("join.seat_bound", name=names[own])
        elif claim is Claim.UNDER_WAY:
            joining.note = t("join.seat_under_way", name=names[seat])
        else:
            joining.note = t("join.seat_taken", name=names[seat])

    controls: list[ft.Control] = [heading(handle.model.title), ft.Text(t("join.pick"))]
    own = table.bound_seat(joining.device)  # the seat this phone left: the one it may take again
    for seat, name in enumerate(names):
        taken = table.held(seat)
        button = ft.FilledButton if seat == own else ft.OutlinedButton
        # The player's colour, as their line in the charts and on the printed sheet: a dot beside the name.
        dot = ft.Container(width=14, height=14, border_radius=7, bgcolor=seat_colour(seat))
        label = ft.Text(t("join.taken", name=name) if taken else name, expand=True, max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS)
        controls.append(wide(button(content=ft.Row([dot, label, ft.Icon(ft.Icons.CHEVRON_RIGHT, size=20)],
                                                   spacing=12),
                                    disabled=taken, key=f"seat-{seat}", on_click=lambda _, s=seat: pick(s))))
    if joining.note:
        controls.append(ft.Text(joining.note, color=ft.Colors.ERROR))
    return ft.Column(controls, spacing=10)


@part
def PhoneSeat(handle: GameHandle, seat: int, joining: Joining) -> ft.Control:
    """The game as this player's phone shows it: the hand, everyone's bids as the table may see them, the
    player's own bid (the pad on their turn), the scoreboard, the end."""
    session = use_session()
    model = ft.use_memo(lambda: SeatModel(handle.model, seat, joining.table, joining.device), [seat])
    use_settling(handle)
    view = model.view()

    def tap(value: int, aim) -> None:  # noqa: ANN001 - the Aim the pad was drawn for
        if joining.table.seat_of(joining.device) == seat:  # not a seat the scorekeeper has just freed
            handle.act(model.tap_bid, value, aim)

    def leave(_: object) -> None:
        joining.table.leave(joining.device)
        game_id = joining.table.game_id
        joining.seat = None
        session.table_changed(game_id)

    controls: list[ft.Control] = [
        ft.Text(t("join.you_are", name=view.name), size=16, weight=ft.FontWeight.W_600, key="you"),
    ]
    if view.header is not None:
        controls.append(HeaderCard(view.header, key="header"))
    if view.summary is not None:
        controls.append(SummaryCard(view.summary, key="summary"))
    if view.bids:
        controls.append(ft.Row([ft.Text(f"{name}: {bid}") for name, bid in view.bids], wrap=True, spacing=12,
                               key="bids"))
    controls.append(ft.Text(view.turn, size=20, weight=ft.FontWeight.BOLD, key="turn"))
    if view.mine:
        controls.append(ft.Text(view.mine, size=16, key="mine"))
    if view.keys:
        controls.append(Pad(view.keys, t("bid.number", value="{value}"), tap, aim=view.aim, key=handle.key(view.aim)))
        forbidden = next((key.reason for key in view.keys if not key.allowed), None)
        if forbidden:
            controls.append(ft.Text(forbidden, key="forbidden"))
    controls += said(view.message)
    if view.ending is not None:  # the end as the scorekeeper's screen shows it
        controls += [end_banner(view.ending), final_standings(view.ending)]
    controls.append(Board(view.board, handle.id, "phone", key="board"))
    controls.append(wide(ft.OutlinedButton(t("join.leave"), icon=ft.Icons.LOGOUT, on_click=leave, key="leave")))
    return ft.Column(controls, spacing=10)
