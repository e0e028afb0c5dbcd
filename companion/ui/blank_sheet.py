"""The blank score sheet's own screen: the game and its options, the players (names, or only how many), the paper,
and the button, all on a phone's first screen."""

from __future__ import annotations

from datetime import date

import flet as ft

from companion.texts import t
from companion.ui.guard import scorekeeper_notices
from companion.ui.session import use_session
from companion.ui.widgets import (
    Chips,
    download,
    icon_button,
    off_the_loop,
    part,
    said,
    screen,
    toggle_chip,
    wide,
)
from companion.views.blank_sheet import BlankSheetModel
from companion.views.common import Message


@screen
def BlankSheetScreen() -> ft.View:
    """``/sheets``: a blank sheet to print, for a game not started in the app."""
    session = use_session()
    return ft.View(route=ft.use_view_path(), scroll=ft.ScrollMode.AUTO, padding=12,
                   appbar=ft.AppBar(title=ft.Text(t("sheet_screen.title"))),
                   controls=[*scorekeeper_notices(session), BlankSheet()])


def label(text: str) -> ft.Control:
    """A group's name above its chips."""
    return ft.Text(text, size=13, weight=ft.FontWeight.W_600, color=ft.Colors.ON_SURFACE_VARIANT)


@part
def BlankSheet() -> ft.Control:
    session = use_session()
    model = ft.use_memo(lambda: BlankSheetModel(paper=session.paper), [])
    view, set_view = ft.use_state(lambda: model.view())
    saved_note, set_saved_note = ft.use_state(None)

    def change(action) -> None:  # noqa: ANN001 - a model's method, bound to its arguments
        action()
        set_saved_note(None)
        set_view(model.view())

    async def save(_: object) -> None:
        from companion.sheets.pdf import render_pdf  # reportlab loads on the first print, not at start-up

        sheet = model.sheet()
        set_view(model.view())
        if sheet is not None:
            pdf = await off_the_loop(render_pdf, sheet, model.paper)
            set_saved_note(await download(model.file_name(date.today().isoformat()), pdf))

    controls: list[ft.Control] = [
        label(t("setup.game")),
        Chips(view.game_id, view.games, lambda value: change(lambda: model.choose_game(value)), key="game"),
    ]
    toggles = [toggle_chip(row.label, bool(row.value), lambda on, n=row.name: change(lambda: model.set_option(n, on)),
                           key=f"option-{row.name}") for row in view.options if row.is_bool]
    for row in view.options:
        if not row.is_bool:
            controls += [label(row.label), Chips(str(row.value), row.choices,
                                                 lambda value, n=row.name: change(lambda: model.set_option(n, value)),
                                                 key=f"option-{row.name}")]
    if toggles:
        controls += [label(t("setup.options")), ft.Row(toggles, wrap=True, spacing=6, run_spacing=0)]
    controls += [
        ft.Row([
            label(t("sheet_screen.players")),
            icon_button(ft.Icons.REMOVE, t("sheet_screen.fewer"), lambda: change(lambda: model.step_count(-1)),
                        disabled=not view.can_fewer, key="fewer"),
            ft.Text(view.count_text, size=16, key="count"),
            icon_button(ft.Icons.ADD, t("sheet_screen.more"), lambda: change(lambda: model.step_count(1)),
                        disabled=not view.can_more, key="more"),
        ], spacing=4),
        # Uncontrolled (its value never sent back), so nothing typed is overwritten by a redraw.
        ft.TextField(label=t("sheet_screen.names"), hint_text=t("sheet_screen.names_hint"), value=None, dense=True,
                     width=float("inf"), key="names",
                     on_change=lambda e: change(lambda: model.set_names(e.control.value or ""))),
        ft.Row([label(t("sheet_screen.paper")),
                Chips(view.paper, view.papers, lambda value: change(lambda: model.set_paper(value)), key="paper")],
               spacing=12),
        # What the button did or why it did not, just above it: in sight on the first screen.
        *said(view.message or (Message(saved_note) if saved_note else None)),
        wide(ft.FilledButton(t("setup.blank_sheet"), icon=ft.Icons.PRINT, on_click=save, key="save")),
    ]
    return ft.Column(controls, spacing=4)
