"""The scorekeeper's notice that someone is guessing the PIN or a join code, with the way to change them."""

from __future__ import annotations

import flet as ft

from companion.server.pins import GUESSING_MINUTES
from companion.texts import t
from companion.ui.session import Guard, use_session
from companion.ui.widgets import part, wide


@part
def GuardNotice(guard: Guard) -> ft.Control:
    """Under --lan, on the scorekeeper's screens: while someone is guessing, how many wrong tries in the last
    minutes and a button to change what they guess; once changed, the new PIN (to this tab only) until read."""
    session = use_session()
    lines: list[ft.Control] = []
    if guard.pin_wrong or guard.codes_wrong:
        lines.append(ft.Row([ft.Icon(ft.Icons.GPP_MAYBE, color=ft.Colors.ON_ERROR_CONTAINER),
                             ft.Text(t("guard.pin", count=guard.pin_wrong, minutes=GUESSING_MINUTES)
                                     if guard.pin_wrong else
                                     t("guard.codes", count=guard.codes_wrong, minutes=GUESSING_MINUTES),
                                     weight=ft.FontWeight.W_600, color=ft.Colors.ON_ERROR_CONTAINER, expand=True)],
                            vertical_alignment=ft.CrossAxisAlignment.START))
        if guard.pin_wrong and guard.codes_wrong:
            lines.append(ft.Text(t("guard.codes", count=guard.codes_wrong, minutes=GUESSING_MINUTES),
                                 weight=ft.FontWeight.W_600, color=ft.Colors.ON_ERROR_CONTAINER))
        lines.append(ft.Text(t("guard.explain"), color=ft.Colors.ON_ERROR_CONTAINER))
        if guard.pin_wrong:
            lines.append(wide(ft.FilledButton(t("guard.change_pin"), icon=ft.Icons.PASSWORD, key="change-pin",
                                              on_click=lambda _: session.change_pin())))
        if guard.codes_wrong:
            lines.append(wide(ft.FilledButton(t("guard.change_codes"), icon=ft.Icons.QR_CODE, key="change-codes",
                                              on_click=lambda _: session.change_codes())))
    if guard.new_pin:
        lines += [ft.Text(t("guard.new_pin", pin=guard.new_pin), size=24, weight=ft.FontWeight.BOLD,
                          color=ft.Colors.ON_ERROR_CONTAINER, selectable=True, key="new-pin"),
                  ft.Text(t("guard.new_pin_explain"), color=ft.Colors.ON_ERROR_CONTAINER)]
    if guard.codes_changed:
        lines.append(ft.Text(t("guard.new_codes"), color=ft.Colors.ON_ERROR_CONTAINER))
    if guard.new_pin or guard.codes_changed:
        lines.append(ft.TextButton(t("notice.ok"), on_click=lambda _: guard.changes_read()))
    if not lines:
        return ft.Container(height=0)
    return ft.Container(ft.Column(lines, spacing=8), padding=12, border_radius=8, bgcolor=ft.Colors.ERROR_CONTAINER,
                        key="guard")
