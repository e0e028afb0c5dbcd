"""The Statistics screens: every player's figures, and one player's figures with their charts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import quote, unquote

import flet as ft

from companion.look import nice_range, nice_top
from companion.texts import t
from companion.ui.charts import CHART_HEIGHT, count_axis, described, grid
from companion.ui.guard import scorekeeper_notices
from companion.ui.session import Listing, use_session
from companion.ui.widgets import fold, heading, part, screen, screen_list
from companion.views.stats import PlayerView, StatsModel, names_typed
from scoring.i18n.sentences import Listed
from scoring.stats import GameFigures

PERIODS = {"": None, "30": 30, "365": 365}
"""The periods the figures can be looked at over: all games, or those started in the last so many days."""


def since(period: str) -> str | None:
    """The first day (UTC, as games' times are kept) of ``period``, a key of :data:`PERIODS`."""
    days = PERIODS[period]
    if days is None:
        return None
    return (datetime.now(UTC).date() - timedelta(days=days - 1)).isoformat()


def stats_route(name: str) -> str:
    """The address of a player's figures (a name may hold any character)."""
    return f"/stats/{quote(name, safe='')}"


@screen
def StatsScreen() -> ft.View:
    """``/stats``: a line per player over the stored games (all, or one game's); each opens the player's page."""
    session = use_session()
    return ft.View(route=ft.use_view_path(), padding=0, appbar=ft.AppBar(title=ft.Text(t("stats.title"))),
                   controls=[Players(session.listing)])


def use_figures(listing: Listing) -> list[GameFigures]:
    """Every game's figures, read again when a game changes on another screen (the index keeps them)."""
    session = use_session()
    return ft.use_memo(lambda: list(session.store.figures()), [listing.version])


@ft.memo
@part
def Players(listing: Listing) -> ft.Control:
    session = use_session()
    figures = use_figures(listing)
    game, set_game = ft.use_state(None)
    period, set_period = ft.use_state("")
    with_players, set_with_players = ft.use_state(())
    unfolded, set_unfolded = ft.use_state(False)
    view = StatsModel(figures, game, with_players=with_players, since=since(period)).view()
    page = ft.context.page
    periods = tuple((key, t(f"stats.period_{key or 'all'}")) for key in PERIODS)
    games = (("", t("history.all_games")),) + view.games
    players = t("stats.with_named", names=str(Listed(with_players))) if with_players else t("history.every_player")
    summary = t("stats.filter_summary", game=dict(games)[view.game or ""], period=dict(periods)[period],
                players=players)
    # Folded to one line, as the past games' filters are: the players' figures near the top of the screen.
    controls: list[ft.Control] = [*scorekeeper_notices(session), fold(ft.Text(summary), [
        Filter(t("stats.filter_game"), view.game or "", games, lambda value: set_game(value or None), key="game"),
        Filter(t("stats.filter_period"), period, periods, set_period, key="period"),
        # The names as taken (trimmed, comma-separated); the field keeps the text typed until it is submitted.
        ft.TextField(label=t("stats.with"), hint_text=t("stats.with_hint"), key="with", width=float("inf"),
                     value=str(Listed(with_players)),
                     on_submit=lambda e: set_with_players(names_typed(e.control.value))),
    ], unfolded, set_unfolded, leading=ft.Icon(ft.Icons.FILTER_LIST), controls_padding=ft.Padding(0, 0, 0, 8))]
    if view.together:
        controls.append(heading(view.together[0], size=16))
        if view.together_note:
            controls.append(Note(view.together_note))
        controls += [ft.Text(line) for line in view.together[1:]]
    if not view.lines:
        controls.append(ft.Text(t("stats.empty")))
    for line in view.lines:
        controls.append(ft.Card(ft.ListTile(
            title=ft.Text(line.name, weight=ft.FontWeight.W_600), subtitle=ft.Text(line.summary),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            on_click=lambda _, name=line.name: page.navigate(stats_route(name)),
        ), key=line.name))
    return screen_list(controls, spacing=8)


def Filter(label: str, value: str, choices: tuple[tuple[str, str], ...], on_pick, *, key: str) -> ft.Control:
    """A filter: its name, then its values as radio buttons side by side (wrapping on a narrow phone); a screen
    reader reads the name as the group's, so the choices are heard with what they choose."""
    return ft.Semantics(label=label, container=True, key=key, content=ft.Column([
        # Seen, not read: the group's own label already says it.
        ft.Semantics(exclude_semantics=True, content=ft.Text(label, size=13, weight=ft.FontWeight.W_600,
                                                             color=ft.Colors.ON_SURFACE_VARIANT)),
        ft.RadioGroup(value=value, on_change=lambda e: on_pick(e.control.value), content=ft.Row(
            # Each radio in a row of its own size: left alone, a radio takes the whole width.
            [ft.Row([ft.Radio(value=choice, label=text, key=choice)], tight=True) for choice, text in choices],
            wrap=True, spacing=8, run_spacing=6)),
    ], spacing=0))


def Note(text: str) -> ft.Control:
    """A short note on what the figures below leave out, quieter than the figures."""
    return ft.Text(text, size=13, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)


@screen
def PlayerStatsScreen() -> ft.View:
    """``/stats/<name>``: one player's figures, best and worst game, charts and head to head."""
    session = use_session()
    name = unquote(ft.use_route_params()["name"])
    return ft.View(route=ft.use_view_path(), scroll=ft.ScrollMode.AUTO, padding=12,
                   appbar=ft.AppBar(title=ft.Text(name)),
                   controls=[*scorekeeper_notices(session), PlayerFigures(session.listing, name)])


@ft.memo
@part
def PlayerFigures(listing: Listing, name: str) -> ft.Control:
    view = StatsModel(use_figures(listing)).player(name)
    if view is None:
        return ft.Text(t("stats.no_player", name=name))
    page = ft.context.page
    controls: list[ft.Control] = [Note(view.scope)] + [
        ft.Row([ft.Text(label, expand=True), ft.Text(value, weight=ft.FontWeight.W_600)], key=label)
        for label, value in view.figures
    ]
    if view.compared_note:
        controls.append(Note(view.compared_note))
    for label, game in ((t("stats.best"), view.best), (t("stats.worst"), view.worst)):
        if game is not None:
            game_id, text = game
            # A card as the players' lines are: the whole sentence wraps, however long a language makes it.
            controls.append(ft.Card(ft.ListTile(
                title=ft.Text(label, weight=ft.FontWeight.W_600), subtitle=ft.Text(text),
                trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                on_click=lambda _, i=game_id: page.navigate(f"/history/{i}"),
            ), key=f"{label}-{game_id}"))
    if view.charted:
        controls += [heading(t("stats.scores_chart")), ScoresChart(view), heading(t("stats.places_chart")),
                     PlacesChart(view)]
    else:
        controls.append(Note(view.charts_note))
    if view.rivals or view.rivals_note:
        controls.append(heading(t("stats.rivals")))
        if view.rivals_note:
            controls.append(Note(view.rivals_note))
        controls += [ft.Text(line) for line in view.rivals]
    return ft.Column(controls, spacing=8)


def ScoresChart(view: PlayerView) -> ft.Control:
    """The player's final score in each finished game, oldest first, as a line."""
    import flet_charts as charts  # loaded with the first chart, not at the start

    points = [charts.LineChartDataPoint(x=number, y=score) for number, score in enumerate(view.scores, start=1)]
    low, high, step = nice_range(list(view.scores))
    chart = charts.LineChart(
        data_series=[charts.LineChartData(points=points, color=ft.Colors.PRIMARY, stroke_width=3,
                                          point=len(points) <= 30)],
        left_axis=charts.ChartAxis(label_size=40, label_spacing=step),
        bottom_axis=count_axis(1, max(len(points), 2), show_labels=len(points) > 1),
        horizontal_grid_lines=grid(step),
        min_x=1, max_x=max(len(points), 2), min_y=low, max_y=high, interactive=False, height=CHART_HEIGHT,
    )
    return described(chart, t("stats.scores_chart_label", name=view.name, count=len(view.scores),
                               scores=Listed(view.scores[-20:])))


def PlacesChart(view: PlayerView) -> ft.Control:
    """How often the player finished in each place, a bar per place."""
    import flet_charts as charts  # loaded with the first chart, not at the start

    groups = [charts.BarChartGroup(x=place, rods=[charts.BarChartRod(to_y=count, width=22, color=ft.Colors.PRIMARY,
                                                                     border_radius=4)])
              for place, count in view.places]
    high, step = nice_top(max(count for _, count in view.places))
    chart = charts.BarChart(
        groups=groups,
        left_axis=charts.ChartAxis(label_size=40, label_spacing=step),
        bottom_axis=charts.ChartAxis(label_size=24, labels=[
            charts.ChartAxisLabel(value=place, label=ft.Text(t("stats.place_axis", place=place)))
            for place, _ in view.places]),
        horizontal_grid_lines=grid(step), min_y=0, max_y=high, interactive=False, height=CHART_HEIGHT,
    )
    return described(chart, t("stats.places_chart_label", name=view.name, places="; ".join(
        t("stats.place_count", place=place, count=count) for place, count in view.places)))
