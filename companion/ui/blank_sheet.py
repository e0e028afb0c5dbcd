"""The blank score sheet's own screen, laid out as a new game's: the game as cards, its house rules folded to one
line, the players (names, or only how many), the paper; the button at its foot, never scrolled away."""

from __future__ import annotations

from datetime import date

import flet as ft

from companion.texts import t
from companion.ui.choices import Choice, GameCards, HouseRules
from companion.ui.guard import scorekeeper_notices
from companion.ui.session import use_session
from companion.ui.widgets import download, heading, icon_button, off_the_loop, part, said, screen, wide
from companion.views.blank_sheet import BlankSheetModel
from companion.views.common import Message


@screen
def BlankSheetScreen() -> ft.View:
    """``/sheets``: a blank sheet to print, for a game not started in the app."""
    session = use_session()
    return ft.View(route=ft.use_view_path(), padding=12, appbar=ft.AppBar(title=ft.Text(t("sheet_screen.title"))),
                   controls=[*scorekeeper_notices(session), BlankSheet()])


@part
def BlankSheet() -> ft.Control:
    """The sheet's choices scrolling above its button; what the button did, or why it did not, just above it."""
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

    form: list[ft.Control] = [
        GameCards(view.game_id, view.games, lambda value: change(lambda: model.choose_game(value)), key="game")]
    if view.options:
        form.append(HouseRules(view.options, view.rules_summary,
                               lambda name, value: change(lambda: model.set_option(name, value)), key="house-rules"))
    form += [
        ft.Row([
            ft.Container(heading(t("sheet_screen.players")), expand=True),
            icon_button(ft.Icons.REMOVE, t("sheet_screen.fewer"), lambda: change(lambda: model.step_count(-1)),
                        disabled=not view.can_fewer, key="fewer"),
            ft.Text(view.count_text, size=16, key="count"),
            icon_button(ft.Icons.ADD, t("sheet_screen.more"), lambda: change(lambda: model.step_count(1)),
                        disabled=not view.can_more, key="more"),
        ], spacing=4),
        # Uncontrolled (its value never sent back), so nothing typed is overwritten by a redraw.
        ft.TextField(label=t("sheet_screen.names"), hint_text=t("sheet_screen.names_hint"), value=None,
                     width=float("inf"), key="names",
                     on_change=lambda e: change(lambda: model.set_names(e.control.value or ""))),
        ft.Row([heading(t("sheet_screen.paper")),
                Choice(view.paper, view.papers, lambda value: change(lambda: model.set_paper(value)), key="paper")],
               spacing=12),
    ]
    under = [*said(view.message or (Message(saved_note) if saved_note else None)),
             wide(ft.FilledButton(t("setup.blank_sheet"), icon=ft.Icons.PRINT, on_click=save, key="save"))]
    return ft.Column([ft.Column(form, spacing=10, expand=True, scroll=ft.ScrollMode.AUTO, key="form"),
                      ft.Column(under, spacing=4, key="under")], spacing=8, expand=True)
