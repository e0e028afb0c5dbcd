"""The choices a game is set up with, drawn the same wherever a game is chosen (a new game, a blank sheet): the
games as cards, the house rules folded to one line, and one-of-a-few values as radio buttons."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.texts import t
from companion.ui.widgets import fold, heading, part
from companion.views.new_game import GameChoice, OptionRow


@ft.memo
@part
def GameCards(value: str, games: tuple[GameChoice, ...], on_pick, *, key: str | None = None) -> ft.Control:
    """The games as cards, two to a line, each with how many players it seats; the one chosen filled in. A card
    is a radio button named by its game: a tap anywhere on it picks it."""
    def card(game: GameChoice) -> ft.Control:
        chosen = game.id == value
        # One node for a screen reader, the radio button named by the game: the name beside the button (a radio's
        # own label does not wrap, and "Up and Down the River" was cut), the seats heard apart from it.
        return ft.Container(
            ft.MergeSemantics(content=ft.Container(ft.Row([
                ft.Radio(value=game.id, key=game.id),
                ft.Column([ft.Text(game.name, size=15, weight=ft.FontWeight.W_600, max_lines=2),
                           ft.Semantics(content=ft.Text(game.seats, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                                        exclude_semantics=True)],
                          spacing=0, expand=True, tight=True),
            ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.START), padding=ft.Padding(0, 4, 8, 6))),
            col=6, border_radius=14, on_click=lambda _: on_pick(game.id),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if chosen else ft.Colors.SURFACE_CONTAINER_HIGH)

    return ft.RadioGroup(value=value, on_change=lambda e: on_pick(e.control.value), key=key,
                         content=ft.ResponsiveRow([card(game) for game in games], spacing=8, run_spacing=8))


@part
def HouseRules(options: tuple[OptionRow, ...], summary: str, set_option: Callable[[str, object], None]) -> ft.Control:
    """The chosen game's options folded under "House rules", which says in a line how they stand; unfolded, each
    option with what it does."""
    expanded, set_expanded = ft.use_state(False)
    rules: list[ft.Control] = []
    for row in options:
        if row.is_bool:
            rules.append(ft.Switch(label=row.label, value=bool(row.value), key=f"option-{row.name}",
                                   on_change=lambda e, n=row.name: set_option(n, bool(e.control.value))))
        else:
            rules.append(ft.Text(row.label, weight=ft.FontWeight.W_600))
            rules.append(Choice(str(row.value), row.choices, lambda value, n=row.name: set_option(n, value),
                                key=f"option-{row.name}"))
        rules.append(ft.Text(row.explain, size=12))
    return fold(heading(t("setup.house_rules")), rules, expanded, set_expanded,
                subtitle=ft.Text(summary, size=13), controls_padding=ft.Padding(0, 0, 0, 8))


@part
def Choice(value: str, choices: tuple[tuple[str, str], ...], on_pick, *, key: str | None = None) -> ft.Control:
    """One of a few values, each a labelled radio button (easier on a phone than a drop-down)."""
    return ft.RadioGroup(
        value=value,
        on_change=lambda e: on_pick(e.control.value),
        content=ft.Row([ft.Radio(value=k, label=text, key=k) for k, text in choices], wrap=True, spacing=4),
        key=key,
    )
