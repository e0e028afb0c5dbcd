"""Small parts every screen uses: number pads, wide buttons, said lines, the notices bar, downloads.

Every control a person can use has a label (its text, or a semantics
label), which screen readers read and the browser tests use to find it.
Every tap target is at least :data:`TAP` logical pixels each way.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import io
import logging
import sys
from collections.abc import Callable
from typing import TypeVar

import flet as ft

from companion.texts import t
from companion.ui.fonts import draw_far_east
from companion.ui.session import SessionContext
from companion.views.common import Aim, Message, PadKey

Worked = TypeVar("Worked")

log = logging.getLogger(__name__)

TAP = 48  # the smallest comfortable tap target, in logical pixels
KEY_WIDTH = 64  # wide enough for "23" on one line at the pad's size
# One style object for every key: Flet's diff passes over an unchanged object at once, where it would
# compare a fresh copy field by field on every tap.
KEY_STYLE = ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=10))
NOT_ALLOWED = ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)


def part(fn: Callable) -> Callable:
    """A component that, if drawing it fails, says so in its place (and in the log) instead of leaving a grey box
    or, as Flet does with an error while drawing, nothing at all; the rest of the screen is drawn as usual."""
    return _guarded(fn, lambda broken: broken)


def screen(fn: Callable | None = None, *, redrawn_on_return: bool = False) -> Callable:
    """A route's component (it returns a :class:`ft.View`), guarded as :func:`part` is; its opening and its closing
    are told to the tab's :class:`~companion.ui.session.BackGuard`, which gives its view the key the phone knows it by
    (:meth:`~companion.ui.session.BackGuard.key`); as a routed screen opens, the tab fetches the
    far-east glyphs if its language or a stored name now needs them (:func:`~companion.ui.fonts.draw_far_east`).

    Shown again as the screen over it closes, a screen is uncovered as it was (scrolled where it was), after
    Flutter's 300 ms transition; one ``redrawn_on_return`` is drawn anew at once, from its top, in its place: the
    start screen, drawn in 0.15–0.2 s with 10,000 games stored, and read from its top. A game's screen drawn anew
    would lose the scoreboard the correction was opened from, and takes about as long as the transition when big."""
    if fn is None:
        return functools.partial(screen, redrawn_on_return=redrawn_on_return)

    @functools.wraps(fn)
    def told(*args, **kwargs):
        session = ft.use_context(SessionContext)  # None on the PIN screen, before the tab has its screens
        path = ft.use_view_path()  # "" outside the Router: the PIN and join screens, which have no Back
        location = ft.use_route_location()
        page = ft.context.page

        def opened() -> None:
            if session is not None and path:  # the routed screens, behind the PIN: they show the stored names
                draw_far_east(page, session.speech.code, session.store.player_names)
                session.back.opened(path)

        def closed() -> None:
            if session is not None and path:
                session.back.closed(path)

        ft.use_effect(opened, [path], cleanup=closed)
        view = fn(*args, **kwargs)
        if session is not None and path:
            view.route = session.back.key(path, location, drawn_anew=redrawn_on_return)
        if session is not None and path not in ("", "/"):  # a screen with one beneath: Back closes it
            session.back.ask_before_closing(view)
        return view

    return _guarded(told, lambda broken: ft.View(appbar=ft.AppBar(title=ft.Text(t("app.title"))), controls=[broken]))


def _guarded(fn: Callable, in_place_of: Callable[[ft.Control], ft.Control]) -> Callable:
    @functools.wraps(fn)
    def guarded(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as error:
            log.exception("drawing %s failed", fn.__name__)
            return in_place_of(ft.Text(t("app.broken", error=error), color=ft.Colors.ERROR))

    return ft.component(guarded)


def heading(text: str, size: int = 18) -> ft.Control:
    """A section heading."""
    return ft.Text(text, size=size, weight=ft.FontWeight.W_600)


SCREEN_PADDING = 12
"""The room between a screen's edges and what it shows."""


def screen_list(controls: list[ft.Control], *, spacing: int = 10, key: str | None = None) -> ft.Control:
    """A screen's content as a list that fills the screen under its bar and scrolls as one: Flutter builds and lays
    out only the rows on the screen and just off it (``ListView``), so a list of any length costs what a screenful
    does. Its screen has no padding nor scroll of its own: the list's padding keeps the rows off the edges while its
    scrollbar stays at the screen's edge."""
    return ft.ListView(controls, spacing=spacing, padding=SCREEN_PADDING, expand=True, key=key)


WIDE_PADDING = ft.Padding(20, 16, 20, 16)
"""A wide button's room around its label: with one line of it, about :data:`TAP` + 8 pixels tall."""


def wide(button: ft.Control, *, key: str | None = None) -> ft.Control:
    """A button as wide as the screen, tall enough for a thumb, and as tall as its label: a label that wraps (a long
    one in Hungarian or German on a small phone) is drawn whole on two lines, never cut at the box's foot.

    The box takes the button's key unless given its own: in a list that grows or shrinks, an unkeyed box is
    matched by position, and a tap in flight could land on the button that moved into its place.
    """
    if getattr(button, "style", False) is None:
        button.style = ft.ButtonStyle(padding=WIDE_PADDING)
    return ft.Container(button, width=float("inf"), key=key or getattr(button, "key", None))


def said(message: Message | None) -> list[ft.Control]:
    """A line said after a tap: refusals in the error colour, good news in the normal one with a tick."""
    if message is None:
        return []
    if message.error:
        return [ft.Text(message.text, color=ft.Colors.ERROR, semantics_label=message.text, key="said")]
    return [ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE, color=ft.Colors.PRIMARY, size=20),
                    ft.Text(message.text, expand=True, semantics_label=message.text)], key="said")]


@ft.memo
@part
def Pad(keys: tuple[PadKey, ...], label: str, on_tap: Callable[..., None], *, aim: Aim | None = None,
        chosen: int | None = None, visible: bool = True, small: bool = False) -> ft.Control:
    """A number pad: one key per value, the ones refused greyed out, struck through and read with their reason
    (the ones merely waiting, greyed out and read as usual).

    ``label`` is the spoken name of a key, with ``{value}`` in it ("Bid {value}"). A key tapped calls
    ``on_tap(value, aim)``, or ``on_tap(value)`` for a pad drawn for no aim (a correction's drafts). A pad not
    ``visible`` is kept in the screen unseen (see :class:`companion.ui.panels.Ghost`). A ``small`` pad's keys are a
    thumb's size and no more, for a pad in each player's line.
    """
    buttons = []
    for key in keys:
        refused = not key.allowed and key.reason is not None
        spoken = f"{key.value}: {key.reason}" if refused else label.format(value=key.value)
        text = ft.Text(str(key.value), size=18 if small else 20, no_wrap=True, semantics_label=spoken,
                       style=NOT_ALLOWED if refused else None)
        make = ft.FilledButton if key.value == chosen else ft.FilledTonalButton
        tap = (lambda _, v=key.value: on_tap(v)) if aim is None else (lambda _, v=key.value: on_tap(v, aim))
        buttons.append(make(content=text, width=TAP if small else KEY_WIDTH, height=TAP if small else 56,
                            style=KEY_STYLE, disabled=not key.allowed, key=f"key-{key.value}", on_click=tap))
    return ft.Row(buttons, wrap=True, spacing=4 if small else 6, run_spacing=4 if small else 6, visible=visible)


def fold(title: ft.Control, controls: list[ft.Control], expanded: bool, set_expanded: Callable[[bool], None], *,
         subtitle: ft.Control | None = None, leading: ft.Control | None = None,
         controls_padding: ft.Padding | None = None) -> ft.Control:
    """A section folded to its title line (and ``subtitle``, which says how things stand), unfolded by a tap to
    ``controls`` laid out from the left. Whether it is unfolded is the caller's state (``expanded``,
    ``set_expanded``): a redraw would otherwise fold it again."""
    return ft.ExpansionTile(
        title=title, subtitle=subtitle, leading=leading, tile_padding=ft.Padding.all(0), expanded=expanded,
        on_change=lambda e: set_expanded(e.data in (True, "true")),
        expanded_cross_axis_alignment=ft.CrossAxisAlignment.START, expanded_alignment=ft.Alignment.CENTER_LEFT,
        controls_padding=controls_padding, controls=controls)


async def off_the_loop(work: Callable[..., Worked], *args: object) -> Worked:
    """``work(*args)``, worked out in a thread of its own, so that the server answers every other tab's taps
    meanwhile (a sheet drawn, a link or a file of records read); in the browser's own Python (the published phone
    app), which has no threads and one tab, in place. The thread sees this tab's language: it runs in a copy of the
    tab's context."""
    if sys.platform == "emscripten":
        return work(*args)
    return await asyncio.to_thread(work, *args)


def icon_button(icon: ft.IconData, label: str, on_click: Callable[[], object], *, disabled: bool = False,
                key: str | None = None) -> ft.Control:
    """An icon button that screen readers (and the browser tests) know by ``label``."""
    # Material's icon buttons keep a 48 x 48 tap target around their 40-pixel look.
    handler = on_click if inspect.iscoroutinefunction(on_click) else lambda _: on_click()
    return ft.Semantics(content=ft.IconButton(icon, on_click=handler, disabled=disabled),
                        label=label, button=True, disabled=disabled, key=key)


def counter(label: str, name: str, value: int, most: int, on_step: Callable[[int], None], *, key: str) -> ft.Control:
    """A small counter (Rage's ±5 cards of one player) that stops at 0 and at ``most``."""
    return ft.Row([
        ft.Text(label, size=14),
        icon_button(ft.Icons.REMOVE, t("cards.less", label=label, name=name), lambda: on_step(-1),
                    disabled=value <= 0),
        ft.Text(str(value), size=18, width=28, text_align=ft.TextAlign.CENTER,
                semantics_label=f"{t('cards.of', label=label, name=name)}: {value}"),
        icon_button(ft.Icons.ADD, t("cards.more", label=label, name=name), lambda: on_step(1),
                    disabled=value >= most),
    ], key=key, spacing=0, tight=True)


@part
def NoticeBar(banner) -> ft.Control:
    """What the storage told this tab (a repaired index, a damaged file), until it is read."""
    if not banner.lines:
        return ft.Container(height=0)
    return ft.Container(
        ft.Column([*(ft.Text(line, color=ft.Colors.ON_TERTIARY_CONTAINER) for line in banner.lines),
                   ft.TextButton(t("notice.ok"), on_click=lambda _: banner.dismiss())], spacing=4),
        padding=8, border_radius=8, bgcolor=ft.Colors.TERTIARY_CONTAINER,
    )


def use_stable(fn: Callable) -> Callable:
    """A callable that stays the same object from one redraw to the next and always calls the latest ``fn``,
    so a memoized part of the screen given it is not drawn again for nothing."""
    latest = ft.use_ref(None)  # not use_ref(fn): a callable given to use_ref is called for its first value
    latest.current = fn
    return ft.use_memo(lambda: lambda *args, **kwargs: latest.current(*args, **kwargs), [])


def use_arrivals(route: str) -> int:
    """How many times the screen at ``route`` has come on top of the stack (1 when first drawn on top, 0 while it
    has only been beneath). A memoized list given it is read again each time the screen comes back into sight, and
    not each time the router draws the stack because a screen above it opened or closed."""
    on_top = ft.use_route_location() == route
    arrivals, was_on_top = ft.use_ref(0), ft.use_ref(False)
    if on_top and not was_on_top.current:
        arrivals.current += 1
    was_on_top.current = on_top
    return arrivals.current


async def download(name: str, data: bytes) -> str:
    """Hand a file to the browser (a download) or, in a window, to a save dialog; says what was saved."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=data)
    return t("saved", name=name)


def qr_png(url: str, *, error: str = "m") -> bytes:
    """A link as a QR code picture, for a phone to scan; ``error`` is segno's error correction level (a lower one
    holds a longer link in fewer, larger squares)."""
    import segno  # loaded with the first QR code, not at the start

    buffer = io.BytesIO()
    segno.make(url, error=error).save(buffer, kind="png", scale=6, border=2)
    return buffer.getvalue()


@part
def CopyButton(text: str, label: str, done: str, icon: ft.IconData = ft.Icons.CONTENT_COPY) -> ft.Control:
    """A button that copies ``text`` to the clipboard and says ``done`` beside it, where the eye is; where the
    browser does not let the app copy (a plain http page on another computer), it says so and shows the text to
    select."""
    copied, set_copied = ft.use_state(None)  # the text last copied, or False where copying failed

    async def copy(_: object) -> None:
        try:
            await ft.Clipboard().set(text)
        except Exception as error:  # noqa: BLE001 - whatever the browser refused, the text is shown to select instead
            log.info("copying to the clipboard failed: %s", error)
            set_copied(False)
            return
        set_copied(text)

    row: list[ft.Control] = [ft.OutlinedButton(label, icon=icon, height=TAP, on_click=copy)]
    if copied == text:
        row.append(ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE, color=ft.Colors.PRIMARY, size=20),
                           ft.Text(done, semantics_label=done)], spacing=4, tight=True, key="copied"))
    controls: list[ft.Control] = [ft.Row(row, wrap=True, spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    if copied is False:
        controls += [ft.Text(t("share.copy_failed"), color=ft.Colors.ERROR),
                     ft.Text(text, selectable=True, size=12, key="to-select")]
    return ft.Column(controls, spacing=4)
