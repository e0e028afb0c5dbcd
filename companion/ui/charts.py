"""Charts drawn with Flet's own charts package: a game's running totals and its bids against tricks, and the
parts the Statistics screen's charts share with them."""

from __future__ import annotations

import flet as ft
import flet_charts as charts

from companion.look import axis_step, nice_range, nice_top, seat_colour
from companion.texts import t
from companion.ui.widgets import heading, part
from scoring.i18n.sentences import Listed
from scoring.stats import GameCharts

CHART_HEIGHT = 200


def grid(step: int) -> charts.ChartGridLines:
    """Faint horizontal lines at every label."""
    return charts.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1, interval=step)


def described(chart: ft.Control, label: str) -> ft.Control:
    """The chart with room at its right for the last label, read by a screen reader as ``label``."""
    return ft.Semantics(content=ft.Container(chart, padding=ft.Padding.only(top=12, right=16)), label=label)


@ft.memo
@part
def GameChartsPanel(game_charts: GameCharts, names: tuple[str, ...]) -> ft.Control:
    """A game's charts, folded away under the scoreboard until asked for. Folded, they are not drawn at all: a
    scored hand then sends nothing of them, where it would send every point of both charts again."""
    expanded, set_expanded = ft.use_state(False)
    drawn = [heading(t("charts.totals"), size=16),
             Legend([(seat_colour(seat), name) for seat, name in enumerate(names)]),
             TotalsChart(game_charts, names), heading(t("charts.bids"), size=16),
             Legend([(ft.Colors.PRIMARY, t("charts.bids_total")), (ft.Colors.TERTIARY, t("charts.tricks_total"))],
                    radius=2),
             BidsChart(game_charts)] if expanded else []
    return ft.ExpansionTile(
        title=ft.Text(t("charts.title")), leading=ft.Icon(ft.Icons.SHOW_CHART), tile_padding=ft.Padding.all(0),
        expanded_cross_axis_alignment=ft.CrossAxisAlignment.START, expanded_alignment=ft.Alignment.CENTER_LEFT,
        expanded=expanded, on_change=lambda e: set_expanded(e.data in (True, "true")), controls=drawn,
    )


def Legend(keys: list[tuple[str, str]], *, radius: int = 6) -> ft.Control:
    """A swatch of each colour with its name, ``keys`` being (colour, name) pairs; wrapping on a narrow phone."""
    return ft.Row([ft.Row([ft.Container(width=12, height=12, bgcolor=colour, border_radius=radius),
                           ft.Text(name, size=13)], spacing=4, tight=True)
                   for colour, name in keys], wrap=True, spacing=12)


def TotalsChart(game_charts: GameCharts, names: tuple[str, ...]) -> ft.Control:
    """Every seat's running total, a line each, over the hands (0 before the first)."""
    values = [total for line in game_charts.totals for total in line]
    low, high, step = nice_range(values)
    hands = len(game_charts.hands)
    series = [charts.LineChartData(points=[charts.LineChartDataPoint(x=number, y=total)
                                           for number, total in enumerate(line)],
                                   color=seat_colour(seat), stroke_width=2, point=hands <= 15)
              for seat, line in enumerate(game_charts.totals)]
    chart = charts.LineChart(
        data_series=series, min_x=0, max_x=max(hands, 1), min_y=low, max_y=high, interactive=False,
        left_axis=charts.ChartAxis(label_size=40, label_spacing=step),
        bottom_axis=charts.ChartAxis(label_size=24, label_spacing=axis_step(hands),
                                     title=ft.Text(t("charts.hands"), size=12), title_size=20),
        horizontal_grid_lines=grid(step), height=CHART_HEIGHT,
    )
    label = t("charts.totals_label", lines=t("rules.joiner").join(
        t("charts.totals_line", name=name, totals=Listed(line[1:]))
        for name, line in zip(names, game_charts.totals, strict=True)))
    return described(chart, label)


def BidsChart(game_charts: GameCharts) -> ft.Control:
    """Each hand's bids beside its tricks, the hand sizes (the staircase) along the bottom."""
    hands = game_charts.hands
    width = max(2.0, min(10.0, 130 / len(hands)))
    groups = [charts.BarChartGroup(x=hand.number, spacing=1, rods=[
        charts.BarChartRod(to_y=hand.bids, width=width, color=ft.Colors.PRIMARY, border_radius=1),
        charts.BarChartRod(to_y=hand.tricks, width=width, color=ft.Colors.TERTIARY, border_radius=1),
    ]) for hand in hands]
    high, step = nice_top(max(max(hand.bids, hand.tricks) for hand in hands))
    every = axis_step(len(hands))
    chart = charts.BarChart(
        groups=groups, min_y=0, max_y=high, interactive=False, group_spacing=2,
        left_axis=charts.ChartAxis(label_size=32, label_spacing=step),
        bottom_axis=charts.ChartAxis(label_size=24, title=ft.Text(t("charts.cards"), size=12), title_size=20,
                                     labels=[charts.ChartAxisLabel(value=hand.number, label=ft.Text(str(hand.cards),
                                                                                                    size=11))
                                             for index, hand in enumerate(hands) if index % every == 0]),
        horizontal_grid_lines=grid(step), height=CHART_HEIGHT,
    )
    label = t("charts.bids_label", hands=t("rules.joiner").join(
        t("charts.bids_hand", number=hand.number, cards=hand.cards, bids=hand.bids, tricks=hand.tricks)
        for hand in hands))
    return described(chart, label)
