"""The correction screen: a scored hand's bids and tricks changed, checked live, and saved in one step."""

from __future__ import annotations

import flet as ft

from companion.store.files import StorageError
from companion.texts import t
from companion.ui.panels import TrickRow
from companion.ui.session import GameHandle, use_session
from companion.ui.widgets import Pad, heading, part, said, screen


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
