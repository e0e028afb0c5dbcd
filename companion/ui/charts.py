"""Charts drawn with Flet's own charts package: a game's running totals and its bids against tricks, and the
parts the Statistics screen's charts share with them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.look import axis_marks, labelled_hands, nice_range, nice_top, seat_colour
from companion.texts import t
from companion.ui.widgets import heading, part
from scoring.i18n.sentences import Listed
from scoring.stats import GameCharts

if TYPE_CHECKING:  # imported where a chart is drawn: the app starts without the charts package
    import flet_charts as charts

CHART_HEIGHT = 200
NARROWEST_SCREEN = 360
"""The width a chart is laid out for while the page's is not known yet: the narrowest phone the app is made for."""
HAND_LABEL_ROOM = 24
"""The width a hand's size under its bar needs ("10" at the axis' size, and a gap to the next one)."""
COUNT_LABEL_ROOM = 28
"""The width between two labels of a count axis ("100" at the axis' size, and a gap)."""


def grid(step: int) -> charts.ChartGridLines:
    """Faint horizontal lines at every label."""
    import flet_charts as charts

    return charts.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1, interval=step)


def plot_width(left_labels: int) -> float:
    """How wide a chart's plot is on this page: the screen's width, less the view's padding, the left axis'
    labels and the room :func:`described` keeps at the right."""
    return (ft.context.page.width or NARROWEST_SCREEN) - 2 * 12 - left_labels - 16


def count_axis(first: int, last: int, **style) -> charts.ChartAxis:
    """A bottom axis of counts (hands, games) from ``first`` to ``last``, labelled at both ends and at round
    numbers between that leave the end labels room (see :func:`~companion.look.axis_marks`)."""
    import flet_charts as charts

    gap = COUNT_LABEL_ROOM * (last - first) / plot_width(40)
    return charts.ChartAxis(label_size=24, label_spacing=1, labels=[
        charts.ChartAxisLabel(value=mark, label=ft.Text(str(mark))) for mark in axis_marks(first, last, gap)
    ], **style)


def described(chart: ft.Control, label: str) -> ft.Control:
    """The chart with room at its right for the last label, read by a screen reader as ``label``."""
    return ft.Semantics(content=ft.Container(chart, padding=ft.Padding.only(top=12, right=16)), label=label)


@ft.memo
@part
def GameChartsPanel(game_charts: GameCharts, names: tuple[str, ...], scored: int) -> ft.Control:
    """A game's charts, on their own tab of the game's screen (drawn only while it is open: a tap elsewhere sends
    nothing of them); before the first hand is scored (``scored`` hands so far), a line saying when they come."""
    if not scored:
        return ft.Column([heading(t("charts.title"), size=20),
                          ft.Text(t("charts.none_yet"), italic=True, color=ft.Colors.ON_SURFACE_VARIANT)])
    return ft.Column([
        heading(t("charts.title"), size=20),
        heading(t("charts.totals"), size=16),
        Legend([(seat_colour(seat), name) for seat, name in enumerate(names)]),
        TotalsChart(game_charts, names), heading(t("charts.bids"), size=16),
        Legend([(ft.Colors.PRIMARY, t("charts.bids_total")), (ft.Colors.TERTIARY, t("charts.tricks_total"))],
               radius=2),
        BidsChart(game_charts),
    ], spacing=8)


def Legend(keys: list[tuple[str, str]], *, radius: int = 6) -> ft.Control:
    """A swatch of each colour with its name, ``keys`` being (colour, name) pairs; wrapping on a narrow phone."""
    return ft.Row([ft.Row([ft.Container(width=12, height=12, bgcolor=colour, border_radius=radius),
                           ft.Text(name, size=13)], spacing=4, tight=True)
                   for colour, name in keys], wrap=True, spacing=12)


def TotalsChart(game_charts: GameCharts, names: tuple[str, ...]) -> ft.Control:
    """Every seat's running total, a line each, over the hands (0 before the first)."""
    import flet_charts as charts

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
        bottom_axis=count_axis(0, max(hands, 1), title=ft.Text(t("charts.hands"), size=12), title_size=20),
        horizontal_grid_lines=grid(step), height=CHART_HEIGHT,
    )
    label = t("charts.totals_label", lines=t("rules.joiner").join(
        t("charts.totals_line", name=name, totals=Listed(line[1:]))
        for name, line in zip(names, game_charts.totals, strict=True)))
    return described(chart, label)


def BidsChart(game_charts: GameCharts) -> ft.Control:
    """Each hand's bids beside its tricks, the hand sizes (the staircase) along the bottom."""
    import flet_charts as charts

    hands = game_charts.hands
    width = max(2.0, min(10.0, 130 / len(hands)))
    groups = [charts.BarChartGroup(x=hand.number, spacing=1, rods=[
        charts.BarChartRod(to_y=hand.bids, width=width, color=ft.Colors.PRIMARY, border_radius=1),
        charts.BarChartRod(to_y=hand.tricks, width=width, color=ft.Colors.TERTIARY, border_radius=1),
    ]) for hand in hands]
    high, step = nice_top(max(max(hand.bids, hand.tricks) for hand in hands))
    labelled = labelled_hands([hand.cards for hand in hands], int(plot_width(32) // HAND_LABEL_ROOM))
    chart = charts.BarChart(
        groups=groups, min_y=0, max_y=high, interactive=False, group_spacing=2,
        left_axis=charts.ChartAxis(label_size=32, label_spacing=step),
        bottom_axis=charts.ChartAxis(label_size=24, title=ft.Text(t("charts.cards"), size=12), title_size=20,
                                     labels=[charts.ChartAxisLabel(value=hands[index].number,
                                                                   label=ft.Text(str(hands[index].cards)))
                                             for index in labelled]),
        horizontal_grid_lines=grid(step), height=CHART_HEIGHT,
    )
    label = t("charts.bids_label", hands=t("rules.joiner").join(
        t("charts.bids_hand", number=hand.number, cards=hand.cards, bids=hand.bids, tricks=hand.tricks)
        for hand in hands))
    return described(chart, label)
