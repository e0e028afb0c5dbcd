"""Bidwell's look, given to Flet as its theme: the palette of :mod:`companion.look` in light and dark, one type
scale, rounded cards and buttons, a felt-green top bar, and controls at least a thumb's size. Screens name colours
by their role (``ft.Colors.PRIMARY``), never by value, so both looks follow from here."""

from __future__ import annotations

import dataclasses

import flet as ft

from companion.look import DARK, LIGHT, Palette
from companion.ui.fonts import FAR_EAST_FONT, FONT

RADIUS = 14
"""Rounded like a playing card's corners: cards, buttons and fields alike."""


INSTANT = ft.PageTransitionsTheme(**dict.fromkeys(("android", "ios", "linux", "macos", "windows"),
                                                 ft.PageTransitionTheme.NONE))
"""A screen opened is drawn at once, as a score sheet's page turns, without Material's 300 ms slide. A screen closed
is not animated either, but Flet's client still gives its route Flutter's 300 ms transition, the closed screen drawn
whole till it ends: so the start screen, light to draw, is shown again as a new one, at once (see
:meth:`companion.ui.session.BackGuard.key`)."""


def app_theme(palette: Palette) -> ft.Theme:
    """The theme for one brightness: every control drawn from ``palette`` and the shared type scale."""
    colours = ft.ColorScheme(**dataclasses.asdict(palette))
    corners = ft.RoundedRectangleBorder(radius=RADIUS)
    button = ft.ButtonStyle(shape=corners, padding=ft.Padding(20, 12, 20, 12), text_style=_type(16, ft.FontWeight.W_600))
    felt = palette is LIGHT
    return ft.Theme(
        font_family=FONT,
        color_scheme=colours,
        scaffold_bgcolor=palette.surface,
        visual_density=ft.VisualDensity.STANDARD,
        text_theme=ft.TextTheme(
            headline_medium=_type(28, ft.FontWeight.W_700, palette.on_surface),
            title_large=_type(22, ft.FontWeight.W_600, palette.on_surface),
            title_medium=_type(18, ft.FontWeight.W_600, palette.on_surface),
            body_large=_type(16, colour=palette.on_surface),
            body_medium=_type(15, colour=palette.on_surface),
            body_small=_type(13, colour=palette.on_surface_variant),
            label_large=_type(16, ft.FontWeight.W_600),
            # The styles not set above keep Material's sizes, in the app's font (a name in any script drawn).
            **dict.fromkeys(("display_large", "display_medium", "display_small", "headline_large", "headline_small",
                             "title_small", "label_medium", "label_small"), _type(None)),
        ),
        appbar_theme=ft.AppBarTheme(
            # The table's felt: the top bar is the game's colour in both looks.
            bgcolor=palette.primary if felt else palette.primary_container,
            color=palette.on_primary if felt else palette.on_primary_container,
            title_text_style=dataclasses.replace(_type(21, ft.FontWeight.W_600),
                                                 color=palette.on_primary if felt else palette.on_primary_container),
            elevation=0, elevation_on_scroll=2,
        ),
        card_theme=ft.CardTheme(color=palette.surface_container_low, elevation=1, shape=corners),
        filled_button_theme=ft.ButtonTheme(style=button),
        outlined_button_theme=ft.ButtonTheme(style=dataclasses.replace(
            button, side=ft.BorderSide(1, palette.outline))),
        text_button_theme=ft.ButtonTheme(style=dataclasses.replace(button, padding=ft.Padding(12, 12, 12, 12))),
        segmented_button_theme=ft.SegmentedButtonTheme(style=ft.ButtonStyle(
            padding=ft.Padding(12, 14, 12, 14), text_style=_type(15, ft.FontWeight.W_600))),
        expansion_tile_theme=ft.ExpansionTileTheme(text_color=palette.on_surface, icon_color=palette.primary,
                                                   collapsed_icon_color=palette.primary),
        divider_color=palette.outline_variant,
        page_transitions=INSTANT,
    )


def _type(size: int | None, weight: ft.FontWeight | None = None, colour: str | None = None) -> ft.TextStyle:
    # A style of the type scale names its font and colour itself: without them it is drawn in Flutter's default
    # font, which this offline app does not have (an arrow or a tick shows as a box), and in the light look's
    # ink whatever the brightness.
    # The far-east glyphs come from the fallback, once the tab has them (companion.ui.fonts).
    return ft.TextStyle(size=size, weight=weight, font_family=FONT, font_family_fallback=[FAR_EAST_FONT],
                        color=colour)


LIGHT_THEME = app_theme(LIGHT)
DARK_THEME = app_theme(DARK)
