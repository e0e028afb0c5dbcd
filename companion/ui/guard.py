"""The scorekeeper's notice that someone is guessing the PIN or a join code, with the way to change them."""

from __future__ import annotations

import flet as ft

from companion.server.pins import GUESSING_MINUTES
from companion.texts import t
from companion.ui.session import Guard, Session, use_session
from companion.ui.widgets import NoticeBar, part, wide

ACTION = ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR)
"""The notice's buttons, in its colours: the app's own green would read as a step of the game."""


@part
def GuardNotice(guard: Guard) -> ft.Control:
    """Under --lan, on the scorekeeper's screens: while someone is guessing, how many wrong tries in the last
    minutes and a button to change what they guess; once changed, the new PIN (to this tab only) until read."""
    session = use_session()
    alarm = bool(guard.pin_wrong or guard.codes_wrong)
    # Red while someone is guessing; a PIN changed and no one guessing is news, in the other notices' colours.
    ground, ink = ((ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER) if alarm
                   else (ft.Colors.TERTIARY_CONTAINER, ft.Colors.ON_TERTIARY_CONTAINER))
    lines: list[ft.Control] = []
    if alarm:
        lines.append(ft.Row([ft.Icon(ft.Icons.GPP_MAYBE, color=ink),
                             ft.Text(t("guard.pin", count=guard.pin_wrong, minutes=GUESSING_MINUTES)
                                     if guard.pin_wrong else
                                     t("guard.codes", count=guard.codes_wrong, minutes=GUESSING_MINUTES),
                                     weight=ft.FontWeight.W_600, color=ink, expand=True)],
                            vertical_alignment=ft.CrossAxisAlignment.START))
        if guard.pin_wrong and guard.codes_wrong:
            lines.append(ft.Text(t("guard.codes", count=guard.codes_wrong, minutes=GUESSING_MINUTES),
                                 weight=ft.FontWeight.W_600, color=ink))
        lines.append(ft.Text(t("guard.explain"), color=ink))
        if guard.pin_wrong:
            lines.append(wide(ft.FilledButton(t("guard.change_pin"), icon=ft.Icons.PASSWORD, style=ACTION,
                                              key="change-pin", on_click=lambda _: session.change_pin())))
        if guard.codes_wrong:
            lines.append(wide(ft.FilledButton(t("guard.change_codes"), icon=ft.Icons.QR_CODE, style=ACTION,
                                              key="change-codes", on_click=lambda _: session.change_codes())))
    if guard.new_pin:
        lines += [ft.Text(t("guard.new_pin", pin=guard.new_pin), size=24, weight=ft.FontWeight.BOLD,
                          color=ink, key="new-pin"),
                  ft.Text(t("guard.new_pin_explain"), color=ink)]
    if guard.codes_changed:
        lines.append(ft.Text(t("guard.new_codes"), color=ink))
    if guard.new_pin or guard.codes_changed:
        lines.append(ft.TextButton(t("notice.ok"), on_click=lambda _: guard.changes_read()))
    if not lines:
        return ft.Container(height=0)
    return ft.Container(ft.Column(lines, spacing=8), padding=12, border_radius=8, bgcolor=ground, key="guard")


def scorekeeper_notices(session: Session) -> list[ft.Control]:
    """What tops each of the scorekeeper's screens: the tab's notices, then whether someone is guessing the PIN or a
    join code."""
    return [NoticeBar(session.banner), GuardNotice(session.guard)]
