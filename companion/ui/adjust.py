"""The bonus-or-penalty screen: one player given points outside the game's scoring (a revoke, a misdeal), with a
reason, counted with a hand; Undo on the game's screen takes it back."""

from __future__ import annotations

import flet as ft

from companion.store.files import StorageError
from companion.texts import t
from companion.ui.session import GameHandle, use_session
from companion.ui.widgets import TAP, heading, part, said, screen, wide
from companion.views.adjust import AdjustmentModel


@screen
def AdjustScreen() -> ft.View:
    """``/game/<id>/adjust``: give one player a bonus or a penalty."""
    params = ft.use_route_params()
    session = use_session()
    route = ft.use_view_path()
    try:
        handle = session.game(params["gid"])
    except StorageError as error:
        return ft.View(route=route, controls=[ft.Text(str(error), color=ft.Colors.ERROR)])
    return ft.View(route=route, scroll=ft.ScrollMode.AUTO, padding=12,
                   appbar=ft.AppBar(title=ft.Text(t("adjust.title"))), controls=[Adjustment(handle)])


@part
def Adjustment(handle: GameHandle) -> ft.Control:
    """Who (a name to tap), penalty or bonus, the points, why, and one button that says what it gives."""
    adjustment, _ = ft.use_state(lambda: AdjustmentModel(handle.model))
    version, set_version = ft.use_state(0)

    def change(action) -> None:  # noqa: ANN001 - a model method with its arguments bound
        action()
        set_version(version + 1)

    def give(_: object) -> None:
        if handle.act(adjustment.give):
            ft.context.page.navigate(f"/game/{handle.id}")
        else:
            set_version(version + 1)

    view = adjustment.view()
    names = [ft.Chip(label=ft.Text(name, size=16), selected=chosen, show_checkmark=True, height=TAP,
                     on_select=lambda _, s=seat: change(lambda: adjustment.choose(s)), key=f"who-{seat}")
             for seat, name, chosen in view.players]
    sign = ft.SegmentedButton(
        segments=[ft.Segment(value="penalty", label=ft.Text(t("adjust.penalty")), icon=ft.Icon(ft.Icons.REMOVE)),
                  ft.Segment(value="bonus", label=ft.Text(t("adjust.bonus")), icon=ft.Icon(ft.Icons.ADD))],
        selected=["penalty" if view.penalty else "bonus"], allow_multiple_selection=False,
        allow_empty_selection=False, key="sign",
        on_change=lambda e: change(lambda: adjustment.set_penalty("penalty" in e.control.selected)),
    )
    return ft.Column([
        ft.Text(view.hand_line, key="hand-line"),
        heading(t("adjust.who"), 16),
        ft.Row(names, wrap=True, spacing=8, run_spacing=8, key="who"),
        sign,
        ft.TextField(label=t("adjust.points"), hint_text=t("adjust.points_hint", most=view.points_max), value=None,
                     keyboard_type=ft.KeyboardType.NUMBER, max_length=len(str(view.points_max)), counter="",
                     prefix=ft.Text("−" if view.penalty else "+"), key="points",
                     on_change=lambda e: change(lambda: adjustment.type_points(e.control.value or ""))),
        ft.TextField(label=t("adjust.reason"), hint_text=t("adjust.reason_hint"), value=None,
                     max_length=view.reason_max, counter="", key="reason",
                     on_change=lambda e: adjustment.type_reason(e.control.value or "")),
        *said(view.message),
        wide(ft.FilledButton(view.give, icon=ft.Icons.CHECK, on_click=give, key="give")),
    ], spacing=12)
